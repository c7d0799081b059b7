// The pieces of sign-in other than SRP: the sealed challenge state, TOTP with replay refusal and
// recovery codes, and the Cognito-shaped JWTs with their JWKS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify, decodeJwt } from 'jose';
import { SingleUse, open, seal } from './challenge-block.ts';
import { openStore } from '../store/index.ts';
import { checkTotp, newRecoveryCodes, newTotpSecret, totpCode, totpUri, useRecoveryCode } from './totp.ts';
import { ACCESS_TOKEN_SECONDS, issueTokens, jwks, verifyToken } from './sign-in-tokens.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-sign-in-'));
test.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('a sealed block opens only unaltered, for its purpose, before it expires; a block is taken once', async () => {
  const block = seal(dataDir, 'srp', { userId: 'u1', b: 'ff' }, 60_000);
  assert.deepEqual(open(dataDir, 'srp', block)?.body, { userId: 'u1', b: 'ff' });
  assert.equal(open(dataDir, 'session', block), null, 'another purpose');
  assert.equal(open(dataDir, 'srp', block, Date.now() + 61_000), null, 'expired');
  const bytes = Buffer.from(block, 'base64');
  bytes[bytes.length - 1] ^= 1;
  assert.equal(open(dataDir, 'srp', bytes.toString('base64')), null, 'altered');
  for (const junk of ['', 'x', 42, null, 'A'.repeat(9000)]) assert.equal(open(dataDir, 'srp', junk), null);
  const store = await openStore(dataDir);
  try {
    const once = new SingleUse(store.sharedState);
    const sealed = open(dataDir, 'srp', block)!;
    assert.equal(await once.take(sealed.id, sealed.expires), true);
    assert.equal(await once.take(sealed.id, sealed.expires), false);
  } finally {
    await store.close();
  }
});

test('TOTP: the current code passes once; the same code again, a wrong code or junk does not; ±30 s of skew passes', async () => {
  const secret = newTotpSecret();
  const now = Date.now();
  const code = await totpCode(secret, now);
  const first = await checkTotp(secret, code, null, now);
  assert.ok(first.ok);
  assert.deepEqual(await checkTotp(secret, code, first.ok ? first.step : null, now), { ok: false, reason: 'mismatch' }, 'replayed');
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  assert.deepEqual(await checkTotp(secret, wrong, null, now), { ok: false, reason: 'mismatch' });
  for (const junk of ['12345', '1234567', 'abcdef', 123456, null]) assert.deepEqual(await checkTotp(secret, junk, null, now), { ok: false, reason: 'format' });
  assert.ok((await checkTotp(secret, await totpCode(secret, now - 30_000), null, now)).ok, 'one step behind');
  assert.equal((await checkTotp(secret, await totpCode(secret, now - 120_000), null, now)).ok, false, 'four steps behind');
  assert.match(totpUri(secret, 'ann@example.com'), /^otpauth:\/\/totp\/esign-elements:ann%40example\.com\?secret=/);
});

test('recovery codes: each works once, typed in any case with or without the dash', () => {
  const { codes, hashes } = newRecoveryCodes();
  assert.equal(new Set(codes).size, 10);
  assert.ok(!hashes.some((h) => codes.includes(h)));
  const left = useRecoveryCode(hashes, codes[3].toUpperCase().replace('-', ''));
  assert.equal(left?.length, 9);
  assert.equal(useRecoveryCode(left!, codes[3]), null);
  assert.equal(useRecoveryCode(hashes, 'nope-nope'), null);
});

test('tokens: RS256 with a kid from the JWKS, Cognito claims, one hour; refused when altered, expired, of another use or client', async () => {
  const ctx = { dataDir, issuer: 'http://127.0.0.1/eu-west-2_EsignLocal1', clientId: 'client-1' };
  const now = Date.now();
  const t = await issueTokens(ctx, { userId: 'u1', email: 'ann@example.com', generation: 0 }, { now });
  assert.equal(t.ExpiresIn, ACCESS_TOKEN_SECONDS);
  const keys = createLocalJWKSet(await jwks(dataDir));
  const access = (await jwtVerify(t.AccessToken, keys, { issuer: ctx.issuer })).payload;
  assert.equal(access.token_use, 'access');
  assert.equal(access.client_id, 'client-1');
  assert.equal(access.exp! - access.iat!, 3600);
  const id = decodeJwt(t.IdToken);
  assert.equal(id.aud, 'client-1');
  assert.equal(id.email, 'ann@example.com');
  assert.equal((await verifyToken(ctx, t.AccessToken, 'access', now))?.userId, 'u1');
  assert.equal(await verifyToken(ctx, t.AccessToken, 'refresh', now), null, 'another use');
  assert.equal(await verifyToken(ctx, t.AccessToken, 'access', now + 3601_000), null, 'expired');
  assert.equal(await verifyToken({ ...ctx, clientId: 'other' }, t.AccessToken, 'access', now), null, 'another client');
  assert.equal(await verifyToken({ ...ctx, issuer: 'http://elsewhere' }, t.AccessToken, 'access', now), null, 'another issuer');
  const [h, p, s] = t.AccessToken.split('.');
  const forged = Buffer.from(JSON.stringify({ ...decodeJwt(t.AccessToken), sub: 'admin' })).toString('base64url');
  assert.equal(await verifyToken(ctx, `${h}.${forged}.${s}`, 'access', now), null, 'altered');
  assert.ok(p);
  for (const junk of ['', 'a.b.c', null, 42]) assert.equal(await verifyToken(ctx, junk, 'access', now), null);
  assert.equal((await verifyToken(ctx, t.RefreshToken, 'refresh', now))?.generation, 0);
  assert.equal(fs.statSync(path.join(dataDir, 'sign-in-key.pem')).mode & 0o777, 0o600);
});
