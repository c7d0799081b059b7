/**
 * The server's sealing key and certificate. `ESIGN_SEAL_P12` (+ `ESIGN_SEAL_P12_PASSWORD`) names
 * a PKCS#12 file holding the key and its certificate (and any chain); without it, a self-signed
 * certificate is generated on first start and kept in the data directory (`seal-key.pem`, mode
 * 0600), so the same certificate seals every document of that server. node-forge reads and writes
 * PKCS#12/PEM and builds the certificate; the key pair comes from node:crypto (fast, native).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

export interface SealKey {
  /** The signing certificate, DER. */
  certificate: Uint8Array;
  /** Issuer certificates (DER) from the P12, sent along in the CMS. */
  chain: Uint8Array[];
  privateKey: crypto.KeyObject;
  /** SHA-256 of the certificate's DER, upper-case hex with colons (as `openssl x509 -fingerprint -sha256` prints it). */
  fingerprint: string;
  /** The certificate's subject common name. */
  commonName: string;
  /** Where it came from: the P12 file, or the generated PEM in the data directory. */
  source: string;
  /** True when this call generated it (first start). */
  generated: boolean;
}

export class SealKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealKeyError';
  }
}

export const SEAL_KEY_FILE = 'seal-key.pem';

export function fingerprintOf(der: Uint8Array): string {
  return crypto.createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)!.join(':');
}

function derOf(cert: forge.pki.Certificate): Uint8Array {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
}

function sealKeyFrom(cert: forge.pki.Certificate, keyPem: string, chain: forge.pki.Certificate[], source: string, generated: boolean): SealKey {
  const certificate = derOf(cert);
  return {
    certificate,
    chain: chain.map(derOf),
    privateKey: crypto.createPrivateKey(keyPem),
    fingerprint: fingerprintOf(certificate),
    commonName: String(cert.subject.getField('CN')?.value ?? ''),
    source,
    generated,
  };
}

/** Reads a PKCS#12 file: the certificate whose public key matches the private key, the rest as chain. */
export function readP12(bytes: Uint8Array, password: string, source = 'PKCS#12'): SealKey {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(bytes).toString('binary')), password);
  } catch (e) {
    throw new SealKeyError(`${source}: cannot read the PKCS#12 file (wrong password or not a .p12/.pfx): ${(e as Error).message}`);
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c) => !!c) as forge.pki.Certificate[];
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SealKeyError(`${source}: the PKCS#12 file holds no private key (only RSA keys are supported).`);
  const keyPem = forge.pki.privateKeyToPem(key);
  const publicPem = crypto.createPublicKey(keyPem).export({ type: 'spki', format: 'pem' }).toString();
  const own = certs.find((c) => crypto.createPublicKey(forge.pki.publicKeyToPem(c.publicKey)).export({ type: 'spki', format: 'pem' }).toString() === publicPem);
  if (!own) throw new SealKeyError(`${source}: no certificate in the PKCS#12 file matches its private key.`);
  return sealKeyFrom(
    own,
    keyPem,
    certs.filter((c) => c !== own),
    source,
    false,
  );
}

/** A new self-signed sealing certificate (RSA 3072, SHA-256, ten years), as PEM (key then certificate). */
export function generateSelfSignedPem(commonName = `esign-elements seal (${os.hostname()})`): string {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 3072 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`; // positive, 16 bytes
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365.25 * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'esign-elements server' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  return `${keyPem}${forge.pki.certificateToPem(cert)}`;
}

function readPem(pem: string, source: string): SealKey {
  const certPem = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)?.[0];
  const keyPem = pem.match(/-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA )?PRIVATE KEY-----/)?.[0];
  if (!certPem || !keyPem) throw new SealKeyError(`${source}: expected a private key and a certificate in PEM.`);
  return sealKeyFrom(forge.pki.certificateFromPem(certPem), keyPem, [], source, false);
}

export interface SealKeyOptions {
  dataDir: string;
  /** Path of a PKCS#12 file (ESIGN_SEAL_P12). */
  p12Path?: string;
  /** Its password (ESIGN_SEAL_P12_PASSWORD); empty when unset. */
  p12Password?: string;
}

/** The environment's sealing options (ESIGN_SEAL_P12, ESIGN_SEAL_P12_PASSWORD). */
export function sealKeyOptionsFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): SealKeyOptions {
  return { dataDir, p12Path: env.ESIGN_SEAL_P12 || undefined, p12Password: env.ESIGN_SEAL_P12_PASSWORD ?? '' };
}

/**
 * The P12 when configured, else the data directory's generated certificate, created (0600) when
 * missing. Throws SealKeyError with what to fix when the P12 cannot be used: the server should not
 * start sealing with some other key than the one the operator named.
 */
export function loadSealKey(options: SealKeyOptions): SealKey {
  if (options.p12Path) {
    let bytes: Uint8Array;
    try {
      bytes = fs.readFileSync(options.p12Path);
    } catch (e) {
      throw new SealKeyError(`ESIGN_SEAL_P12=${options.p12Path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
    }
    return readP12(bytes, options.p12Password ?? '', `ESIGN_SEAL_P12=${options.p12Path}`);
  }
  const file = path.join(options.dataDir, SEAL_KEY_FILE);
  try {
    return readPem(fs.readFileSync(file, 'utf8'), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const pem = generateSelfSignedPem();
  try {
    // 'wx': another process (an admin command beside the server) may have created it meanwhile.
    fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return readPem(fs.readFileSync(file, 'utf8'), file);
    throw e;
  }
  return { ...readPem(pem, file), generated: true };
}
