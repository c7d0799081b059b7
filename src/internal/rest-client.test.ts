// The shared REST client against a real HTTP server: what it sends, and what a person reads when a call fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchFields, RestError, restFieldsUrl, saveTemplateFields } from './rest-client.ts';
import { registerTranslation } from './i18n.ts';
import { withServer } from '../../test/support/rest-test-server.ts';

test('the URL ends with a slash and escapes the id', () => {
  assert.equal(restFieldsUrl('https://x.test//', 'template', 'a/b'), 'https://x.test/api/v1/templatepdf/a%2Fb/fields/');
});

test('read sends the bearer token and accepts a bare or wrapped list', async () => {
  await withServer(
    (req) => ({ status: 200, body: req.url.includes('wrapped') ? '{"objects":[{"ax":1}]}' : '[{"ax":0}]' }),
    async (endpoint, seen) => {
      assert.deepEqual(await fetchFields(endpoint, 'tok', 'template', 'T1'), [{ ax: 0 }]);
      assert.deepEqual(await fetchFields(endpoint, 'tok', 'document', 'wrapped'), [{ ax: 1 }]);
      assert.equal(seen[0].method, 'GET');
      assert.equal(seen[0].url, '/api/v1/templatepdf/T1/fields/');
      assert.equal(seen[0].auth, 'Bearer tok');
      assert.equal(seen[1].url, '/api/v1/document/wrapped/fields/');
    },
  );
});

test('save posts JSON and returns the stored list', async () => {
  await withServer(
    (req) => ({ status: 201, body: req.body }),
    async (endpoint, seen) => {
      const out = await saveTemplateFields(endpoint, 'tok', 'T1', [{ ax: 0.5 }]);
      assert.deepEqual(out, [{ ax: 0.5 }]);
      assert.equal(seen[0].method, 'POST');
      assert.equal(seen[0].type, 'application/json');
      assert.deepEqual(JSON.parse(seen[0].body), [{ ax: 0.5 }]);
    },
  );
});

test("the server's error.message is the message (never [object Object]), with its field problems", async () => {
  await withServer(
    (req) =>
      req.url.includes('bad')
        ? {
            status: 400,
            body: '{"error":{"status":400,"code":"invalid_fields","message":"[0].ax is out of range","fields":[{"field":"[0].ax","message":"out of range"}]}}',
          }
        : req.url.includes('flat')
          ? { status: 409, body: '{"message":"busy"}' }
          : { status: 500, body: '<html>oops</html>' },
    async (endpoint) => {
      const bad = await saveTemplateFields(endpoint, 't', 'bad', []).catch((e: unknown) => e);
      assert.ok(bad instanceof RestError);
      assert.deepEqual([bad.status, bad.kind, bad.message], [400, 'http', '[0].ax is out of range']);
      assert.deepEqual(bad.problems, [{ field: '[0].ax', message: 'out of range' }]);
      const read = await fetchFields(endpoint, 't', 'template', 'bad').catch((e: unknown) => e);
      assert.equal((read as Error).message, '[0].ax is out of range');
      const flat = (await fetchFields(endpoint, 't', 'template', 'flat').catch((e: unknown) => e)) as RestError;
      assert.deepEqual([flat.status, flat.message], [409, 'busy']);
      const html = (await fetchFields(endpoint, 't', 'template', 'html').catch((e: unknown) => e)) as RestError;
      assert.equal(html.status, 500);
      assert.match(html.message, /HTTP 500/);
    },
  );
});

test('401 and 403 say the token expired or is not allowed, in the asked language', async () => {
  registerTranslation('fr', { 'rest.unauthorized': 'Accès refusé ({status})' });
  await withServer(
    (req) => ({ status: req.url.includes('forbidden') ? 403 : 401, body: '{"error":{"message":"invalid token"}}' }),
    async (endpoint) => {
      const expired = (await fetchFields(endpoint, 't', 'template', 'x').catch((e: unknown) => e)) as RestError;
      assert.deepEqual([expired.status, expired.kind], [401, 'unauthorized']);
      assert.match(expired.message, /token has expired or is not allowed/);
      const forbidden = (await fetchFields(endpoint, 't', 'template', 'forbidden', undefined, 'fr-CA').catch((e: unknown) => e)) as RestError;
      assert.deepEqual([forbidden.kind, forbidden.message], ['unauthorized', 'Accès refusé (403)']);
    },
  );
});

test('404 without a body, a 200 that is not a list, and a 200 that is not JSON are clear errors', async () => {
  await withServer(
    (req) =>
      req.url.includes('gone') ? { status: 404, body: '' } : req.url.includes('object') ? { status: 200, body: '{"a":1}' } : { status: 200, body: 'not json' },
    async (endpoint) => {
      const gone = (await fetchFields(endpoint, 't', 'template', 'gone').catch((e: unknown) => e)) as RestError;
      assert.deepEqual([gone.status, gone.kind], [404, 'not-found']);
      assert.match(gone.message, /Not found/);
      const object = (await fetchFields(endpoint, 't', 'template', 'object').catch((e: unknown) => e)) as RestError;
      assert.match(object.message, /not a list of fields/);
      const text = (await fetchFields(endpoint, 't', 'template', 'text').catch((e: unknown) => e)) as RestError;
      assert.match(text.message, /not JSON/);
    },
  );
});

test('an unreachable server is a network error (status 0), not a TypeError', async () => {
  const e = await fetchFields('http://127.0.0.1:9', 't', 'template', 'x').catch((e: unknown) => e);
  assert.ok(e instanceof RestError);
  assert.deepEqual([e.status, e.kind], [0, 'network']);
  assert.match(e.message, /could not be reached/);
});

test('an aborted call rejects with the AbortError, not a network error', async () => {
  await withServer(
    () => ({ status: 200, body: '[]' }),
    async (endpoint) => {
      const abort = new AbortController();
      abort.abort();
      const e = await fetchFields(endpoint, 't', 'template', 'x', abort.signal).catch((e: unknown) => e);
      assert.equal((e as Error).name, 'AbortError');
    },
  );
});
