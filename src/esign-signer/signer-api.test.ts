// The signer's REST calls go through the shared client: the server's words, its code and per-field problems reach SigningError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeOf, signingApi, SigningError } from './signer-api.ts';
import { withServer } from '../../test/support/rest-test-server.ts';

test('a refused completion keeps the server message, code and field problems', async () => {
  const refusal = { error: { status: 422, code: 'validation_failed', message: 'Not complete', fields: [{ field: 'values.u1', message: 'Required' }] } };
  await withServer(
    () => ({ status: 422, body: JSON.stringify(refusal) }),
    async (endpoint, seen) => {
      const error = await signingApi.complete(endpoint, 'tok', 's/1', { u1: '' }).catch((e: unknown) => e);
      assert.ok(error instanceof SigningError);
      assert.equal(error.status, 422);
      assert.equal(error.code, 'validation_failed');
      assert.equal(error.message, 'Not complete');
      assert.deepEqual(error.fields, [{ field: 'values.u1', message: 'Required' }]);
      assert.equal(codeOf(error), 'http');
      assert.equal(seen[0].url, '/api/v1/signer/s%2F1/complete/');
      assert.equal(seen[0].auth, 'Bearer tok');
      assert.deepEqual(JSON.parse(seen[0].body), { values: { u1: '' } });
    },
  );
});

test('an expired token says what to do; an unreachable server is a network error', async () => {
  await withServer(
    () => ({ status: 401, body: JSON.stringify({ error: { code: 'invalid_token', message: 'invalid token' } }) }),
    async (endpoint) => {
      const error = await signingApi.read(endpoint, 'old', 's1').catch((e: unknown) => e);
      assert.ok(error instanceof SigningError);
      assert.equal(codeOf(error), 'unauthorized');
      assert.match(error.message, /token has expired/);
    },
  );
  const offline = await signingApi.read('http://127.0.0.1:9', 't', 's1').catch((e: unknown) => e);
  assert.ok(offline instanceof SigningError);
  assert.equal(offline.code, 'network');
  assert.equal(codeOf(offline), 'network');
  assert.match(offline.message, /could not be reached/);
});

test('a success answers the parsed body; an abort is not turned into a SigningError', async () => {
  await withServer(
    () => ({ status: 200, body: JSON.stringify({ status: 1 }) }),
    async (endpoint, seen) => {
      assert.deepEqual(await signingApi.visit(endpoint, 't', 's1'), { status: 1 });
      assert.equal(seen[0].method, 'POST');
      const abort = new AbortController();
      abort.abort();
      const error = await signingApi.read(endpoint, 't', 's1', abort.signal).catch((e: unknown) => e);
      assert.equal((error as Error).name, 'AbortError');
    },
  );
});
