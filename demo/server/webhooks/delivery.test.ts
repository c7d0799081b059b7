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

test('DNS rebinding: a host that passed registration but resolves to a private address at delivery is refused before connecting', async () => {
  let requests = 0;
  const server = await serve((_req, res) => {
    requests++;
    res.writeHead(200).end('ok');
  });
  try {
    const port = new URL(server.url).port;
    const url = `http://rebind.test:${port}/hook`;
    // The registration saw a public address; every later answer points at this machine.
    let answers = 0;
    const resolve = async (host: string) => {
      assert.equal(host, 'rebind.test');
      return answers++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    const { checkCallbackUrl } = await import('./ssrf.ts');
    assert.equal((await checkCallbackUrl(url, { allowPrivate: false, resolve })).ok, true);
    const refused = await attemptDelivery({ ...base, allowPrivate: false, url, resolve });
    assert.equal(refused.status, null);
    assert.match(refused.error ?? '', /rebind\.test resolves to 127\.0\.0\.1 \(loopback\)/);

    // Every form that reaches a private IPv4 address through IPv6, and a mixed answer.
    for (const answer of [
      [{ address: '64:ff9b::7f00:1', family: 6 }],
      [{ address: '64:ff9b:1::a00:1', family: 6 }],
      [{ address: '::ffff:0:7f00:1', family: 6 }],
      [{ address: '::ffff:127.0.0.1', family: 6 }],
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    ]) {
      const result = await attemptDelivery({ ...base, allowPrivate: false, url, resolve: async () => answer });
      assert.match(result.error ?? '', /only public addresses are allowed/, JSON.stringify(answer));
    }
    assert.equal(requests, 0, 'nothing reached the receiver');

    // Development mode (--dev) still delivers to loopback.
    const dev = await attemptDelivery({ ...base, allowPrivate: true, url, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    assert.equal(dev.status, 200);
    assert.equal(requests, 1);
  } finally {
    server.close();
  }
});
