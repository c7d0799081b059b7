import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { attemptDelivery, isSuccess } from './delivery.ts';

async function serve(handler: http.RequestListener): Promise<{ url: string; close(): void }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

const base = { body: '{"a":1}', headers: { 'X-Test': '1' }, timeoutMs: 300, allowPrivate: true, maxResponseChars: 100 };

test('the status decides: a 200 whose body never ends still counts, with the body truncated', async () => {
  const server = await serve((_req, res) => {
    res.writeHead(200);
    res.write('x'.repeat(50)); // and never end
  });
  try {
    const result = await attemptDelivery({ ...base, url: server.url });
    assert.equal(result.status, 200);
    assert.ok(isSuccess(result));
    assert.match(result.responseBody, /^x{50}… \[truncated\]$/);
  } finally {
    server.close();
  }
});

test('a huge answer is cut at the log limit without waiting for it', async () => {
  const server = await serve((_req, res) => {
    res.writeHead(503);
    res.end('y'.repeat(1_000_000));
  });
  try {
    const result = await attemptDelivery({ ...base, url: server.url, timeoutMs: 5000 });
    assert.equal(result.status, 503);
    assert.equal(isSuccess(result), false);
    assert.equal(result.responseBody, `${'y'.repeat(100)}… [truncated]`);
  } finally {
    server.close();
  }
});

test('the request carries the JSON body and the given headers; redirects are not followed', async () => {
  let seen: { method?: string; type?: string; test?: string; body: string } = { body: '' };
  const server = await serve((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen = { method: req.method, type: req.headers['content-type'], test: req.headers['x-test'] as string, body };
      res.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
    });
  });
  try {
    const result = await attemptDelivery({ ...base, url: server.url });
    assert.deepEqual(seen, { method: 'POST', type: 'application/json', test: '1', body: '{"a":1}' });
    assert.equal(result.status, 302);
    assert.equal(isSuccess(result), false);
    assert.match(result.error ?? '', /redirect to http:\/\/169\.254\.169\.254\/ not followed/);
  } finally {
    server.close();
  }
});

test('a callback URL that went bad is refused before connecting', async () => {
  const result = await attemptDelivery({ ...base, allowPrivate: false, url: 'http://[::ffff:127.0.0.1]:9/' });
  assert.equal(result.status, null);
  assert.match(result.error ?? '', /IPv4-mapped/);
  const bad = await attemptDelivery({ ...base, url: 'gopher://example.com/' });
  assert.match(bad.error ?? '', /http or https/);
});
