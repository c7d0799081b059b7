import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, errorOf } from '../../test/support/server/app.ts';
import type { TestApp } from '../../test/support/server/app.ts';

describe('server foundation', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('GET /healthz answers ok without auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { ok: true });
  });

  test('unknown route is a JSON 404', async () => {
    const res = await call(t.app, t.key, 'GET', '/api/v1/nothing-here/');
    assert.equal(res.statusCode, 404);
    assert.equal(errorOf(res).code, 'not_found');
    assert.match(res.headers['content-type'] as string, /application\/json/);
  });

  test('a known URL with the wrong method is a 405 naming the allowed methods', async () => {
    const res = await call(t.app, t.key, 'PUT', '/api/v1/group/', { name: 'x' });
    assert.equal(res.statusCode, 405);
    assert.equal(errorOf(res).code, 'method_not_allowed');
    assert.equal(res.headers.allow, 'GET, POST');
    const detail = await call(t.app, t.key, 'DELETE', `/api/v1/group/${t.groupId}/`);
    assert.equal(detail.statusCode, 405);
    assert.match(detail.headers.allow as string, /GET/);
  });

  test('a URL without the trailing slash is refused with a message saying so, not redirected', async () => {
    const res = await call(t.app, t.key, 'GET', '/api/v1/group?limit=5');
    assert.equal(res.statusCode, 404);
    const error = errorOf(res);
    assert.equal(error.code, 'trailing_slash_required');
    assert.match(error.message, /\/api\/v1\/group\/\?limit=5/);
    assert.equal(res.headers.location, undefined);
  });

  test('Authorization without "Bearer " is refused with a message saying so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: { authorization: t.key } });
    assert.equal(res.statusCode, 401);
    assert.equal(errorOf(res).code, 'bearer_required');
    assert.match(errorOf(res).message, /Bearer /);
    const basic = await t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: { authorization: `Token ${t.key}` } });
    assert.equal(errorOf(basic).code, 'bearer_required');
    const lower = await t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: { authorization: `bearer ${t.key}` } });
    assert.equal(lower.statusCode, 200);
  });

  test('missing and wrong keys are 401 with distinct messages', async () => {
    const missing = await call(t.app, undefined, 'GET', '/api/v1/group/');
    assert.equal(missing.statusCode, 401);
    assert.equal(errorOf(missing).code, 'missing_authorization');
    const wrong = await call(t.app, t.key.slice(0, -2) + 'xx', 'GET', '/api/v1/group/');
    assert.equal(wrong.statusCode, 401);
    assert.equal(errorOf(wrong).code, 'invalid_api_key');
    const garbage = await call(t.app, 'hello', 'GET', '/api/v1/group/');
    assert.equal(errorOf(garbage).code, 'invalid_api_key');
  });

  test('a body without Content-Type: application/json gets 415 saying so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/group/',
      headers: { authorization: `Bearer ${t.key}`, 'content-type': 'text/plain' },
      payload: '{"name":"x"}',
    });
    assert.equal(res.statusCode, 415);
    assert.match(errorOf(res).message, /Content-Type: application\/json/);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/group/',
      headers: { authorization: `Bearer ${t.key}` },
      payload: Buffer.from('{"name":"x"}'),
    });
    assert.equal(none.statusCode, 415);
  });

  test('malformed JSON is a 400 that says so', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/group/', '{"name": "x",');
    assert.equal(res.statusCode, 400);
    assert.equal(errorOf(res).code, 'malformed_json');
    assert.match(errorOf(res).message, /not valid JSON/);
  });

  test('a __proto__ key is refused', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/group/', '{"name":"x","__proto__":{"admin":true}}');
    assert.equal(res.statusCode, 400);
    // Spelled with escapes, in a nested object, and in a GraphQL body: the same.
    for (const [url, body] of [
      ['/api/v1/group/', '{"name":"x","\\u005f_proto__":{"admin":true}}'],
      ['/api/v1/group/', '{"name":"x","extra":{"\\u005F\\u005Fproto\\u005F\\u005F":1}}'],
      ['/graphql', '{"query":"{ user { id } }","variables":{"__proto__":{"admin":true}}}'],
    ]) {
      const escaped = await call(t.app, t.key, 'POST', url!, body);
      assert.equal(escaped.statusCode, 400, body);
      assert.match(escaped.body, /__proto__\\" is not allowed/, escaped.body);
      assert.doesNotMatch(escaped.body, /InternalError/);
    }
  });

  test('wrong types and missing fields list the field names', async () => {
    const wrong = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 42, xframe_allow: 'maybe' });
    assert.equal(wrong.statusCode, 400);
    const fields = errorOf(wrong).fields!.map((f) => f.field);
    assert.ok(fields.includes('name'), JSON.stringify(errorOf(wrong)));
    assert.ok(fields.includes('xframe_allow'));
    // One entry per field, naming every accepted form of a union.
    assert.deepEqual(errorOf(wrong).fields, [
      { field: 'name', message: 'must be a string' },
      { field: 'xframe_allow', message: 'must be a boolean, "true", "false", 1 or 0' },
    ]);
    const missing = await call(t.app, t.key, 'POST', '/api/v1/group/', {});
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(
      errorOf(missing).fields!.map((f) => f.field),
      ['name'],
    );
    const array = await call(t.app, t.key, 'POST', '/api/v1/group/', [1, 2]);
    assert.equal(array.statusCode, 400);
  });

  test('OpenAPI document is generated from the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    assert.match(doc.openapi, /^3\./);
    assert.ok(doc.paths['/api/v1/group/']);
    assert.ok(doc.paths['/api/v1/user/']);
    // /docs/ works offline: the page and every script and stylesheet it names come from this server.
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.headers['content-type'] as string, /^text\/html/);
    assert.doesNotMatch(docs.body, /(src|href)="(https?:)?\/\//);
    const assets = [...docs.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]);
    assert.ok(assets.includes('static/swagger-ui-bundle.js'), docs.body);
    for (const asset of assets) assert.equal((await t.app.inject({ method: 'GET', url: `/docs/${asset}` })).statusCode, 200, asset);
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    assert.match(init.body, /validatorUrl: null/, 'no call to the online validator');
    assert.equal((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode, 200);
  });

  test('rate-limit headers are on every authenticated response', async () => {
    const res = await call(t.app, t.key, 'GET', '/api/v1/group/');
    assert.equal(res.headers['ratelimit-limit'], '100');
    assert.ok(Number(res.headers['ratelimit-remaining']) < 100);
    assert.ok(Number(res.headers['ratelimit-reset']) > 0);
  });

  test('legacy keys authenticate too', async () => {
    const tenant = await createTenant(t.app, 'Legacy', 'sandbox', true);
    assert.match(tenant.key, /^[0-9a-f]{40}$/);
    const res = await call(t.app, tenant.key, 'GET', '/api/v1/group/');
    assert.equal(res.statusCode, 200);
    assert.equal((res.json() as { objects: { uuid: string }[] }).objects[0]!.uuid, tenant.groupId);
  });
});

describe('rate limits', () => {
  test('sandbox keys get 429 with Retry-After after the limit; production keys have their own limit', async () => {
    const t = await createTestApp({ rateLimits: { sandbox: 3, production: 5, windowMs: 60_000 } });
    try {
      for (let i = 0; i < 3; i++) assert.equal((await call(t.app, t.key, 'GET', '/api/v1/group/')).statusCode, 200);
      const limited = await call(t.app, t.key, 'GET', '/api/v1/group/');
      assert.equal(limited.statusCode, 429);
      assert.equal(errorOf(limited).code, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      assert.equal(limited.headers['ratelimit-remaining'], '0');
      const prod = await createTenant(t.app, 'Prod', 'production');
      const first = await call(t.app, prod.key, 'GET', '/api/v1/group/');
      assert.equal(first.headers['ratelimit-limit'], '5');
    } finally {
      await t.close();
    }
  });
});

describe('body size limit', () => {
  test('a body over the limit gets 413 naming the limit', async () => {
    const t = await createTestApp({ maxUploadBytes: 1024 });
    try {
      const huge = { name: 'x'.repeat(2 * 1024 * 1024) };
      const res = await call(t.app, t.key, 'POST', '/api/v1/group/', huge);
      assert.equal(res.statusCode, 413);
      assert.match(errorOf(res).message, /KB|MB/);
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
