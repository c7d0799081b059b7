import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { verifyWebhook } from './verify.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
const body = '{"version":"1.0.0","object":"recipient","event":"completed","id":"6f1c"}';
const rsa = sign('sha256', Buffer.from(body), privateKey).toString('base64');
const hmac = createHmac('sha256', 'secret').update(body).digest('hex');

test('verifyWebhook accepts both signatures, with any header case and a Headers object', () => {
  assert.deepEqual(verifyWebhook({ body, headers: { 'x-signed-sha256': rsa, 'X-HMAC-SHA256': hmac }, certificate: publicPem, hmacSecret: 'secret' }), {
    ok: true,
    signature: 'valid',
    hmac: 'valid',
  });
  const headers = new Headers({ 'X-Signed-SHA256': rsa, 'X-HMAC-SHA256': hmac.toUpperCase() });
  assert.equal(verifyWebhook({ body: Buffer.from(body), headers, certificate: publicKey, hmacSecret: 'secret' }).ok, true);
});

test('verifyWebhook checks only what it is given', () => {
  assert.deepEqual(verifyWebhook({ body, headers: { 'x-hmac-sha256': hmac }, hmacSecret: 'secret' }), { ok: true, signature: 'not-checked', hmac: 'valid' });
  assert.deepEqual(verifyWebhook({ body, headers: { 'x-signed-sha256': rsa }, certificate: publicPem }), { ok: true, signature: 'valid', hmac: 'not-checked' });
  assert.throws(() => verifyWebhook({ body, headers: {} }), /needs a certificate/);
});

test('verifyWebhook rejects wrong, missing, truncated and foreign signatures with a reason', () => {
  const wrongSecret = verifyWebhook({ body, headers: { 'x-hmac-sha256': hmac }, hmacSecret: 'other' });
  assert.equal(wrongSecret.ok, false);
  assert.equal(wrongSecret.hmac, 'invalid');
  assert.match(wrongSecret.reason ?? '', /X-HMAC-SHA256 does not match/);
  const missing = verifyWebhook({ body, headers: {}, certificate: publicPem, hmacSecret: 'secret' });
  assert.deepEqual([missing.ok, missing.signature, missing.hmac], [false, 'missing', 'missing']);
  const truncated = verifyWebhook({
    body,
    headers: { 'x-hmac-sha256': hmac.slice(0, 40), 'x-signed-sha256': rsa.slice(0, 20) },
    certificate: publicPem,
    hmacSecret: 'secret',
  });
  assert.deepEqual([truncated.signature, truncated.hmac], ['invalid', 'invalid']);
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  assert.equal(verifyWebhook({ body, headers: { 'x-signed-sha256': rsa }, certificate: other }).signature, 'invalid');
  assert.equal(verifyWebhook({ body, headers: { 'x-signed-sha256': 'not base64 !!' }, certificate: publicPem }).signature, 'invalid');
});
