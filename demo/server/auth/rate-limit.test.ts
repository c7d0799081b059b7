/**
 * Who pays for a call: a sender's key that has used up its window locks out its own API calls, never its
 * recipients' signing pages (each signing session has its own bound); the refusal names the setting that
 * raises the limit and when the window resets; `serve` gives development an afternoon's worth of calls.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, errorOf, type TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, type Sent } from '../../../test/support/server/signing.ts';
import { rateLimitsFromEnv } from './rate-limit-settings.ts';

const SANDBOX = 12;
const SIGNER = 4;

let t: TestApp;
let sent: Sent;
let tokens: string[];

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: SANDBOX, production: 1000, windowMs: 3_600_000, signer: SIGNER } });
  sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, ay: 0.5, by: 0.55 })]);
  tokens = [];
  for (const r of sent.recipients) tokens.push(await signerToken(t, r.id));
});
after(() => t.close());

/** Spends the sender's key until it is refused; answers the refusal. */
async function exhaustSenderKey() {
  for (let i = 0; i <= SANDBOX; i++) {
    const res = await call(t.app, t.key, 'GET', `/api/v1/group/${t.groupId}/`);
    if (res.statusCode === 429) return res;
    assert.equal(res.statusCode, 200, res.body);
  }
  throw new Error('the sandbox key was never refused');
}

test('past the limit: 429 naming ESIGN_SANDBOX_RATE_LIMIT and when the window resets, matching Retry-After', async () => {
  const before = Date.now();
  const limited = await exhaustSenderKey();
  const error = errorOf(limited);
  assert.equal(error.code, 'rate_limited');
  assert.match(error.message, /ESIGN_SANDBOX_RATE_LIMIT/);
  assert.match(error.message, new RegExp(`its ${SANDBOX} calls for this 60-minute window`));
  const retryAfter = Number(limited.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= 3600, String(retryAfter));
  assert.match(error.message, new RegExp(`in ${retryAfter} seconds`));
  const resetsAt = Date.parse(/resets at (\S+),/.exec(error.message)![1]!);
  // The clock time said is the window's end: now plus Retry-After, to the second.
  assert.ok(Math.abs(resetsAt - (before + retryAfter * 1000)) < 5_000, error.message);
});

test("a sender's exhausted key never throttles the recipients' signing pages; each signing session has its own bound", async () => {
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/group/${t.groupId}/`)).statusCode, 429, 'the sender is out of calls');
  const [ann, bob] = sent.recipients;
  for (let i = 0; i < SIGNER; i++) {
    const page = await signerCall(t.app, tokens[0]!, ann!.id, 'signing');
    assert.equal(page.statusCode, 200, page.body);
    assert.equal(page.headers['ratelimit-limit'], String(SIGNER));
  }
  const limited = await signerCall(t.app, tokens[0]!, ann!.id, 'signing');
  assert.equal(limited.statusCode, 429);
  assert.match(errorOf(limited).message, /signing session .*ESIGN_SIGNER_RATE_LIMIT/);
  assert.ok(Number(limited.headers['retry-after']) > 0);
  // Another recipient's session is counted apart.
  assert.equal((await signerCall(t.app, tokens[1]!, bob!.id, 'signing')).statusCode, 200);
});

test('serve: 1,000 sandbox calls an hour in development (npm start, npm run demo), the spec 100 in production, the variable first', () => {
  assert.deepEqual(rateLimitsFromEnv({}), { sandbox: 1_000, production: 10_000, signer: 1_000, windowMs: 3_600_000 });
  assert.equal(rateLimitsFromEnv({ NODE_ENV: 'development' }).sandbox, 1_000);
  assert.equal(rateLimitsFromEnv({ NODE_ENV: 'production' }).sandbox, 100);
  assert.equal(rateLimitsFromEnv({ NODE_ENV: 'production', ESIGN_SANDBOX_RATE_LIMIT: '250', ESIGN_SIGNER_RATE_LIMIT: '40' }).sandbox, 250);
  assert.equal(rateLimitsFromEnv({ ESIGN_SIGNER_RATE_LIMIT: '40' }).signer, 40);
  assert.throws(() => rateLimitsFromEnv({ ESIGN_SANDBOX_RATE_LIMIT: 'lots' }), /ESIGN_SANDBOX_RATE_LIMIT must be a positive number/);
});
