import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readTemplateFields, TemplateFieldsError, templateFieldsUrl, writeTemplateFields } from './template-fields-api.ts';

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  type: string | undefined;
  body: string;
}

/** A tiny HTTP server that records requests and answers what each test tells it to. */
async function withServer(answer: (req: Seen) => { status: number; body: string }, run: (endpoint: string, seen: Seen[]) => Promise<void>) {
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const s = { method: req.method!, url: req.url!, auth: req.headers.authorization, type: req.headers['content-type'], body };
    seen.push(s);
    const a = answer(s);
    res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

test('the URL ends with a slash and escapes the id', () => {
  assert.equal(templateFieldsUrl({ endpoint: 'https://x.test//', token: 't', template: 'a/b' }), 'https://x.test/api/v1/templatepdf/a%2Fb/fields/');
});

test('read sends the bearer token and accepts a bare or wrapped list', async () => {
  await withServer(
    (req) => ({ status: 200, body: req.url.includes('wrapped') ? '{"objects":[{"ax":1}]}' : '[{"ax":0}]' }),
    async (endpoint, seen) => {
      assert.deepEqual(await readTemplateFields({ endpoint, token: 'tok', template: 'T1' }), [{ ax: 0 }]);
      assert.deepEqual(await readTemplateFields({ endpoint, token: 'tok', template: 'wrapped' }), [{ ax: 1 }]);
      assert.equal(seen[0].method, 'GET');
      assert.equal(seen[0].url, '/api/v1/templatepdf/T1/fields/');
      assert.equal(seen[0].auth, 'Bearer tok');
    },
  );
});

test('write posts JSON and returns the stored list', async () => {
  await withServer(
    (req) => ({ status: 201, body: req.body }),
    async (endpoint, seen) => {
      const out = await writeTemplateFields({ endpoint, token: 'tok', template: 'T1' }, [{ ax: 0.5 }]);
      assert.deepEqual(out, [{ ax: 0.5 }]);
      assert.equal(seen[0].method, 'POST');
      assert.equal(seen[0].type, 'application/json');
      assert.deepEqual(JSON.parse(seen[0].body), [{ ax: 0.5 }]);
    },
  );
});

test('errors carry the status, the server message and rejected field names', async () => {
  await withServer(
    (req) =>
      req.url.includes('bad')
        ? { status: 400, body: '{"error":{"status":400,"code":"invalid_fields","message":"[0].ax is out of range","fields":[{"field":"[0].ax","message":"out of range"}]}}' }
        : req.url.includes('flat')
          ? { status: 409, body: '{"message":"busy","fields":["[1].page"]}' }
          : { status: 401, body: '' },
    async (endpoint) => {
      const bad = await writeTemplateFields({ endpoint, token: 't', template: 'bad' }, []).catch((e) => e);
      assert.ok(bad instanceof TemplateFieldsError);
      assert.equal(bad.status, 400);
      assert.equal(bad.message, '[0].ax is out of range');
      assert.deepEqual(bad.fields, ['[0].ax']);
      const flat = await writeTemplateFields({ endpoint, token: 't', template: 'flat' }, []).catch((e) => e);
      assert.deepEqual([flat.status, flat.message, flat.fields], [409, 'busy', ['[1].page']]);
      const denied = await readTemplateFields({ endpoint, token: 't', template: 'x' }).catch((e) => e);
      assert.equal(denied.status, 401);
      assert.match(denied.message, /token/);
    },
  );
});

test('an unreachable server is a status 0 error', async () => {
  const e = await readTemplateFields({ endpoint: 'http://127.0.0.1:9', token: 't', template: 'x' }).catch((e) => e);
  assert.ok(e instanceof TemplateFieldsError);
  assert.equal(e.status, 0);
});
