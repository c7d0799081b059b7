/**
 * The server half of Cognito's USER_SRP_AUTH, so an unmodified `amazon-cognito-identity-js` signs in
 * against this server (../shared/spec/GRAPHQL.md §8.4): SRP-6a over the RFC 3526 3072-bit group with
 * g = 2 and SHA-256, Cognito's own `padHex` (sign-bit padding, not fixed width), the "Caldera Derived
 * Key" HKDF and the claim signature over pool name, user id, secret block and timestamp.
 *
 * The server keeps a salt and a verifier v = g^x per user, never the password: v alone does not sign in
 * (the client must know x). No npm package implements this half for Cognito's variant, hence this file.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 3526 §4, the 3072-bit MODP group's prime. */
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';
export const N = BigInt(`0x${N_HEX}`);
const g = 2n;

/** Cognito's padHex for n ≥ 0: even-length hex, with `00` in front when the top bit is set. */
export function padHex(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
/** SHA-256 of the bytes a hex string encodes, as hex (Cognito's `hexHash`). */
const hexHash = (hex: string): string => sha256Hex(Buffer.from(hex, 'hex'));
const fromHex = (hex: string): bigint => BigInt(`0x${hex || '0'}`);

const k = fromHex(hexHash(padHex(N) + padHex(g)));

/** base^exponent mod m, square and multiply over BigInt. */
export function modPow(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n;
  let b = ((base % m) + m) % m;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return result;
}

/** x = H(salt ‖ H(poolName ‖ userId ‖ ":" ‖ password)), as the client computes it. */
function privateKey(poolName: string, userIdForSrp: string, password: string, saltHex: string): bigint {
  return fromHex(hexHash(padHex(fromHex(saltHex)) + sha256Hex(`${poolName}${userIdForSrp}:${password}`)));
}

export interface SrpVerifier {
  /** Hex, as sent to the client in SALT. */
  salt: string;
  /** v = g^x mod N, hex. */
  verifier: string;
}

/**
 * The salt and verifier to store for a user. `poolName` and `userIdForSrp` must be exactly what
 * InitiateAuth will answer (USER_ID_FOR_SRP, the pool id's part after `_`): they are part of x.
 */
export function createVerifier(poolName: string, userIdForSrp: string, password: string): SrpVerifier {
  const salt = randomBytes(16).toString('hex');
  return { salt, verifier: modPow(g, privateKey(poolName, userIdForSrp, password, salt), N).toString(16) };
}

/** The server's ephemeral pair for one sign-in: secret b (32 random bytes) and public B = k·v + g^b. */
export function serverEphemeral(verifierHex: string): { b: bigint; B: bigint } {
  const v = fromHex(verifierHex);
  for (;;) {
    const b = fromHex(randomBytes(32).toString('hex'));
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b, B };
  }
}

/** A from the client (unpadded hex); null when it is not hex or A mod N = 0 (a forged A that fixes S). */
export function parseClientPublic(srpA: unknown): bigint | null {
  if (typeof srpA !== 'string' || !/^[0-9a-f]{1,1600}$/i.test(srpA)) return null;
  const A = fromHex(srpA);
  return A % N === 0n ? null : A;
}

export interface PasswordClaim {
  poolName: string;
  userIdForSrp: string;
  verifier: string;
  A: bigint;
  b: bigint;
  B: bigint;
  /** SECRET_BLOCK as sent to (and back from) the client, base64. */
  secretBlock: string;
  /** TIMESTAMP as the client sent it (the signature covers the string, not the instant). */
  timestamp: string;
  /** PASSWORD_CLAIM_SIGNATURE, base64. */
  signature: string;
}

/** The shared key K the client derives: HKDF-SHA256(ikm = S, salt = u, info = "Caldera Derived Key"), 16 bytes. */
function sessionKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** The signature a client that knows the password sends (tests compute it with the real client as well). */
export function claimSignature(key: Buffer, c: Pick<PasswordClaim, 'poolName' | 'userIdForSrp' | 'secretBlock' | 'timestamp'>): Buffer {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(c.poolName, 'utf8'),
        Buffer.from(c.userIdForSrp, 'utf8'),
        Buffer.from(c.secretBlock, 'base64'),
        Buffer.from(c.timestamp, 'utf8'),
      ]),
    )
    .digest();
}

/** Whether the client proved knowledge of the password: S = (A·v^u)^b, then K, then the signature (constant-time compare). */
export function verifyPasswordClaim(c: PasswordClaim): boolean {
  if (c.A % N === 0n) return false;
  const u = fromHex(hexHash(padHex(c.A) + padHex(c.B)));
  if (u === 0n) return false;
  const S = modPow(c.A * modPow(fromHex(c.verifier), u, N), c.b, N);
  const expected = claimSignature(sessionKey(S, u), c);
  let given: Buffer;
  try {
    given = Buffer.from(c.signature, 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The client's TIMESTAMP format: `Tue Jun 9 07:05:03 UTC 2026` (day not padded). */
export function cognitoTimestamp(date: Date): string {
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

/** The instant a TIMESTAMP names, or null when it is not in the client's format. */
export function parseCognitoTimestamp(text: string): Date | null {
  const m = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[7]), MONTHS.indexOf(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
  return cognitoTimestamp(date) === text ? date : null;
}
