/**
 * Property tests (fast-check, fixed seed) for the webhook verifier against the server's own signer
 * (demo/server/webhooks/signing.ts): it accepts exactly what the signer produced, rejects any single
 * byte changed in the body or in either signature header, and answers (never throws) for any header
 * values at all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { generateSigningIdentity, hmacBody, loadSigningIdentity, signBody } from '../../demo/server/webhooks/signing.ts';
import { verifyWebhook } from './verify.ts';

const SEED = 2811;
const identity = loadSigningIdentity(generateSigningIdentity());
const certificate = identity.certificatePem;
const secret = 'whsec-property-test';

/** One byte of `bytes` replaced by a different one. */
const changedByte = (bytes: Uint8Array) =>
  fc.record({ index: fc.nat({ max: bytes.length - 1 }), xor: fc.integer({ min: 1, max: 255 }) }).map(({ index, xor }) => {
    const copy = Uint8Array.from(bytes);
    copy[index] = copy[index]! ^ xor;
    return copy;
  });

const bodies = fc.oneof(fc.json(), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ minLength: 1, maxLength: 50 }));

test('the verifier accepts every body the server signed, with both signatures', () => {
  fc.assert(
    fc.property(bodies, (body) => {
      const headers = { 'x-signed-sha256': signBody(body, identity.privateKey), 'x-hmac-sha256': hmacBody(body, secret) };
      assert.deepEqual(verifyWebhook({ body, headers, certificate, hmacSecret: secret }), { ok: true, signature: 'valid', hmac: 'valid' });
      assert.equal(verifyWebhook({ body: Buffer.from(body, 'utf8'), headers: new Headers(headers), certificate, hmacSecret: secret }).ok, true);
    }),
    { seed: SEED, numRuns: 60 },
  );
});

test('any single byte changed in the body fails both checks', () => {
  const body = Buffer.from(JSON.stringify({ version: '1.0.0', object: 'document', event: 'finalPdfCreated', id: 'e1', data: { uuid: 'd1' } }));
  const headers = { 'x-signed-sha256': signBody(body, identity.privateKey), 'x-hmac-sha256': hmacBody(body, secret) };
  fc.assert(
    fc.property(changedByte(body), (changed) => {
      const result = verifyWebhook({ body: changed, headers, certificate, hmacSecret: secret });
      assert.deepEqual([result.ok, result.signature, result.hmac], [false, 'invalid', 'invalid']);
    }),
    { seed: SEED, numRuns: 150 },
  );
});

test('any single byte changed in the X-Signed-SHA256 header is rejected (base64 is read strictly, never leniently)', () => {
  const body = '{"id":"e2","event":"completed"}';
  const signature = Buffer.from(signBody(body, identity.privateKey), 'latin1');
  fc.assert(
    fc.property(changedByte(signature), (changed) => {
      const value = Buffer.from(changed).toString('latin1');
      // A header value that only gained or lost surrounding whitespace is the same value (HTTP trims it).
      fc.pre(value.trim() !== signature.toString('latin1'));
      const result = verifyWebhook({ body, headers: { 'x-signed-sha256': value }, certificate });
      assert.equal(result.signature, 'invalid', `accepted ${value}`);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test('any single byte changed in the X-HMAC-SHA256 header is rejected (letter case aside: hex is case-insensitive)', () => {
  const body = '{"id":"e3","event":"completed"}';
  const mac = hmacBody(body, secret);
  fc.assert(
    fc.property(changedByte(Buffer.from(mac, 'latin1')), (changed) => {
      const value = Buffer.from(changed).toString('latin1');
      fc.pre(value.trim().toLowerCase() !== mac);
      assert.equal(verifyWebhook({ body, headers: { 'x-hmac-sha256': value }, hmacSecret: secret }).hmac, 'invalid', `accepted ${value}`);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test('any header values answer a result with a reason, never an exception', () => {
  const headerValue = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.base64String(), fc.array(fc.string(), { maxLength: 3 }), fc.constant(undefined));
  fc.assert(
    fc.property(fc.string(), headerValue, headerValue, (body, signature, hmac) => {
      const result = verifyWebhook({ body, headers: { 'x-signed-sha256': signature, 'x-hmac-sha256': hmac }, certificate, hmacSecret: secret });
      assert.equal(result.ok, false);
      assert.match(result.reason ?? '', /X-Signed-SHA256|X-HMAC-SHA256/);
    }),
    { seed: SEED, numRuns: 200 },
  );
});
