// The server half of Cognito SRP against the real client library's half (amazon-cognito-identity-js):
// the client derives its key with its own AuthenticationHelper and signs with its own HMAC, as
// CognitoUser.authenticateUser does; our server accepts that proof and refuses every wrong one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import cognito from 'amazon-cognito-identity-js';
import sha256js from '@aws-crypto/sha256-js';
import { N, cognitoTimestamp, createVerifier, modPow, padHex, parseClientPublic, parseCognitoTimestamp, serverEphemeral, verifyPasswordClaim } from './srp.ts';

const { AuthenticationHelper, DateHelper } = cognito as unknown as {
  AuthenticationHelper: new (poolName: string) => ClientHelper;
  DateHelper: new () => { getNowString(): string };
};
// The client's big integers (jsbn); built from hex so our BigInt values cross over.
type ClientBig = { toString(radix: number): string };
interface ClientHelper {
  getLargeAValue(callback: (error: Error | null, A: ClientBig) => void): void;
  getPasswordAuthenticationKey(user: string, password: string, B: ClientBig, salt: ClientBig, callback: (error: Error | null, key: Uint8Array) => void): void;
}
// A CommonJS module compiled from ESM: its class is the `default` of its exports object.
// @ts-expect-error the client ships no declarations for its big-integer module
const BigInteger = (await import('amazon-cognito-identity-js/lib/BigInteger.js')).default.default as unknown as new (hex: string, radix: number) => ClientBig;

const POOL = 'EsignLocal1';
const USER = 'b1a0c7de-0000-4000-8000-00000000a11c';

/** One sign-in as the client performs it; `password` is what the client types. */
async function clientSignIn(password: string, stored = createVerifier(POOL, USER, 'correct horse')) {
  const helper = new AuthenticationHelper(POOL);
  const A = await new Promise<ClientBig>((resolve, reject) => helper.getLargeAValue((e, a) => (e ? reject(e) : resolve(a))));
  const clientA = parseClientPublic(A.toString(16));
  assert.ok(clientA, 'the client A parses');
  const { b, B } = serverEphemeral(stored.verifier);
  const secretBlock = randomBytes(64).toString('base64');
  const key = await new Promise<Uint8Array>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(USER, password, new BigInteger(B.toString(16), 16), new BigInteger(stored.salt, 16), (e, k) =>
      e ? reject(e) : resolve(k),
    ),
  );
  const timestamp = new DateHelper().getNowString();
  // CognitoUser's own signing: HMAC-SHA256 keyed by the derived key over pool name, user, block and time.
  const mac = new sha256js.Sha256(key);
  mac.update(Buffer.concat([Buffer.from(POOL, 'utf8'), Buffer.from(USER, 'utf8'), Buffer.from(secretBlock, 'base64'), Buffer.from(timestamp, 'utf8')]));
  const signature = Buffer.from(mac.digestSync()).toString('base64');
  return { poolName: POOL, userIdForSrp: USER, verifier: stored.verifier, A: clientA, b, B, secretBlock, timestamp, signature };
}

test('the real client proves the right password; the server accepts it', async () => {
  for (let i = 0; i < 3; i++) assert.equal(verifyPasswordClaim(await clientSignIn('correct horse')), true);
});

test('a wrong password, another user, a tampered block or timestamp, a forged signature: refused', async () => {
  assert.equal(verifyPasswordClaim(await clientSignIn('Correct horse')), false);
  const claim = await clientSignIn('correct horse');
  assert.equal(verifyPasswordClaim({ ...claim, userIdForSrp: 'someone-else' }), false);
  assert.equal(
    verifyPasswordClaim({
      ...claim,
      timestamp:
        claim.timestamp.replace(/\d\d UTC/, '00 UTC') === claim.timestamp
          ? claim.timestamp.replace(/\d\d UTC/, '01 UTC')
          : claim.timestamp.replace(/\d\d UTC/, '00 UTC'),
    }),
    false,
  );
  const block = Buffer.from(claim.secretBlock, 'base64');
  block[0] ^= 1;
  assert.equal(verifyPasswordClaim({ ...claim, secretBlock: block.toString('base64') }), false);
  assert.equal(verifyPasswordClaim({ ...claim, signature: Buffer.alloc(32).toString('base64') }), false);
  assert.equal(verifyPasswordClaim({ ...claim, signature: 'not base64 at all!' }), false);
  assert.equal(verifyPasswordClaim({ ...claim, signature: claim.signature.slice(0, 20) }), false);
});

test('a forged A (0, N, a multiple of N) is refused before any work; so is anything not hex', () => {
  for (const A of ['0', N.toString(16), (2n * N).toString(16), '', 'xyz', 'f'.repeat(2000), 42])
    assert.equal(parseClientPublic(A), null, String(A).slice(0, 20));
  assert.ok(parseClientPublic('2'));
});

test('with A = N slipped past parsing, the claim still fails (S would be 0 for anyone)', async () => {
  const claim = await clientSignIn('correct horse');
  assert.equal(verifyPasswordClaim({ ...claim, A: N }), false);
});

test('padHex and modPow agree with the client and with arithmetic', () => {
  assert.equal(padHex(0x14n), '14');
  assert.equal(padHex(0xecn), '00ec');
  assert.equal(padHex(0xabcn), '0abc');
  assert.equal(padHex(0x8abcn), '008abc');
  assert.equal(modPow(3n, 200n, 1000007n), 3n ** 200n % 1000007n);
});

test('the stored verifier does not contain the password and differs per user and salt', () => {
  const a = createVerifier(POOL, USER, 'correct horse');
  const b = createVerifier(POOL, USER, 'correct horse');
  assert.notEqual(a.salt, b.salt);
  assert.notEqual(a.verifier, b.verifier);
  assert.ok(!JSON.stringify(a).includes('correct'));
});

test('TIMESTAMP: the client format, day not padded, read back; anything else is null', () => {
  const at = new Date(Date.UTC(2026, 5, 9, 7, 5, 3));
  assert.equal(cognitoTimestamp(at), 'Tue Jun 9 07:05:03 UTC 2026');
  assert.equal(parseCognitoTimestamp('Tue Jun 9 07:05:03 UTC 2026')?.getTime(), at.getTime());
  assert.equal(
    cognitoTimestamp(at),
    new Date(at).toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) ([\d:]+) GMT$/, (_, d, day, mon, y, t) => `${d} ${mon} ${Number(day)} ${t} UTC ${y}`),
  );
  for (const bad of ['Tue Jun 09 07:05:03 UTC 2026', 'Wed Jun 9 07:05:03 UTC 2026', 'Tue Jun 31 07:05:03 UTC 2026', '2026-06-09T07:05:03Z', ''])
    assert.equal(parseCognitoTimestamp(bad), null, bad);
  const now = new DateHelperLike().getNowString();
  assert.ok(parseCognitoTimestamp(now), `the client's own timestamp parses: ${now}`);
});

class DateHelperLike {
  getNowString() {
    return new DateHelper().getNowString();
  }
}
