/**
 * Issue 11, item 7: slow clients are closed and idle ones do not crowd out others. A real listening
 * server with small limits; the checks wait for the closing (bounded), they do not time anything.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createTestApp } from '../support/server/app.ts';
import type { ConnectionLimits } from '../../demo/server/http/connection-guard.ts';

const LIMITS: ConnectionLimits = {
  idleTimeoutMs: 1500,
  headersTimeoutMs: 1500,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 1000,
  checkIntervalMs: 250,
  minBodyBytesPerSecond: 1024,
  bodyRateWindowMs: 1000,
  maxConnectionsPerIp: 20,
};

async function listening(limits: Partial<ConnectionLimits> = {}) {
  const t = await createTestApp({ connectionLimits: { ...LIMITS, ...limits } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as net.AddressInfo).port;
  return { t, port };
}

const CLOSED = new WeakMap<net.Socket, Promise<void>>();

/** A connected socket whose closing is watched from the start (the server may close it at once). */
function connect(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    socket.once('error', reject);
    socket.on('error', () => {});
    socket.resume(); // read what the server says (a 408) so its closing is seen
    CLOSED.set(socket, new Promise((done) => socket.once('close', () => done())));
  });
}

/** Resolves when the server has closed the socket; rejects if it is still open after `withinMs`. */
function closedBy(socket: net.Socket, withinMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
  });
  return Promise.race([CLOSED.get(socket)!, late]).finally(() => clearTimeout(timer));
}

test('a client that trickles its headers (slowloris) is closed', async () => {
  const { t, port } = await listening();
  const socket = await connect(port);
  try {
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    await closedBy(socket, 20_000).finally(() => clearInterval(drip));
  } finally {
    socket.destroy();
    await t.close();
  }
});

test('a body that trickles in below the minimum rate is closed, though every byte resets an idle timer', async () => {
  const { t, port } = await listening();
  const socket = await connect(port);
  try {
    socket.write(`POST /api/v1/group/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`);
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    await closedBy(socket, 20_000).finally(() => clearInterval(drip));
  } finally {
    socket.destroy();
    await t.close();
  }
});

test('one address cannot hold more than its share of connections; 200 idle ones do not stop a normal request', async () => {
  const { t, port } = await listening();
  const idle: net.Socket[] = [];
  try {
    // 127.0.0.2 is this machine too: the crowd and the normal client are different addresses.
    for (let i = 0; i < 200; i++) idle.push(await connect(port, '127.0.0.2'));
    const closed = await Promise.all(
      idle.map((s) =>
        closedBy(s, 500).then(
          () => true,
          () => false,
        ),
      ),
    );
    assert.equal(closed.filter((c) => !c).length, LIMITS.maxConnectionsPerIp, 'connections over the cap are closed at once');
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.deepEqual(await res.json(), { ok: true });
    // The idle ones within the cap go when they stay silent too long.
    await Promise.all(idle.map((s) => closedBy(s, 20_000)));
  } finally {
    for (const s of idle) s.destroy();
    await t.close();
  }
});
