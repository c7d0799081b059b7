import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { generateSigningIdentity, loadSigningIdentity, signatureHeaders, hmacBody } from './signing.ts';
import { createSelfSignedCertificate } from './x509.ts';
import { verifyWebhook } from 'esign-elements/webhooks';

const stored = generateSigningIdentity();
const identity = loadSigningIdentity(stored);

test('the self-signed certificate parses in Node and verifies its own signature', () => {
  const cert = new X509Certificate(stored.certificatePem);
  assert.match(cert.subject, /CN=esign-elements webhook signing/);
  assert.equal(cert.issuer, cert.subject);
  assert.ok(cert.verify(cert.publicKey), 'signature over the TBSCertificate checks out');
  assert.equal(cert.publicKey.asymmetricKeyType, 'rsa');
  assert.ok(new Date(cert.validTo).getTime() > Date.now() + 9 * 365 * 24 * 3600_000);
  assert.ok(new Date(cert.validFrom).getTime() < Date.now());
  assert.equal(identity.fingerprint256, cert.fingerprint256);
});

test('a validity period past 2049 is encoded as GeneralizedTime and still parses', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = createSelfSignedCertificate({
    privateKey,
    commonName: 'long',
    notBefore: new Date('2049-12-31T23:00:00Z'),
    notAfter: new Date('2061-01-02T03:04:05Z'),
  });
  const cert = new X509Certificate(pem);
  assert.equal(new Date(cert.validFrom).toISOString(), '2049-12-31T23:00:00.000Z');
  assert.equal(new Date(cert.validTo).toISOString(), '2061-01-02T03:04:05.000Z');
});

test('loading refuses a certificate that belongs to another key', () => {
  const other = generateSigningIdentity();
  assert.throws(() => loadSigningIdentity({ privateKeyPem: stored.privateKeyPem, certificatePem: other.certificatePem }), /does not belong/);
});

test('signed headers verify with the package helper; a changed byte fails both checks', () => {
  const body = JSON.stringify({ version: '1.0.0', object: 'document', event: 'created', data: { name: 'Zoë' } });
  const headers = signatureHeaders(body, identity, 's3cret');
  assert.equal(headers['X-HMAC-SHA256'], hmacBody(body, 's3cret'));
  assert.match(headers['X-HMAC-SHA256'], /^[0-9a-f]{64}$/);
  const good = verifyWebhook({ body, headers, certificate: stored.certificatePem, hmacSecret: 's3cret' });
  assert.deepEqual(good, { ok: true, signature: 'valid', hmac: 'valid' });
  const tampered = verifyWebhook({ body: body.replace('Zoë', 'Zoe'), headers, certificate: stored.certificatePem, hmacSecret: 's3cret' });
  assert.equal(tampered.ok, false);
  assert.equal(tampered.signature, 'invalid');
  assert.equal(tampered.hmac, 'invalid');
});

test('without a secret no HMAC header is sent', () => {
  const headers = signatureHeaders('{}', identity, null);
  assert.deepEqual(Object.keys(headers), ['X-Signed-SHA256']);
});

test('openssl (an independent implementation) accepts the certificate and the body signature', () => {
  try {
    execFileSync('openssl', ['version']);
  } catch {
    assert.fail('openssl is needed for this test: apt-get install openssl');
  }
  const dir = mkdtempSync(join(tmpdir(), 'webhook-openssl-'));
  try {
    const body = '{"id":"x","event":"created"}';
    writeFileSync(join(dir, 'cert.pem'), stored.certificatePem);
    writeFileSync(join(dir, 'body.json'), body);
    writeFileSync(join(dir, 'sig.bin'), Buffer.from(signatureHeaders(body, identity)['X-Signed-SHA256'], 'base64'));
    const text = execFileSync('openssl', ['x509', '-in', join(dir, 'cert.pem'), '-noout', '-text'], { encoding: 'utf8' });
    assert.match(text, /Signature Algorithm: sha256WithRSAEncryption/);
    assert.match(text, /Version: 3/);
    execFileSync('openssl', ['x509', '-in', join(dir, 'cert.pem'), '-pubkey', '-noout', '-out', join(dir, 'pub.pem')]);
    const out = execFileSync('openssl', ['dgst', '-sha256', '-verify', join(dir, 'pub.pem'), '-signature', join(dir, 'sig.bin'), join(dir, 'body.json')], {
      encoding: 'utf8',
    });
    assert.match(out, /Verified OK/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
