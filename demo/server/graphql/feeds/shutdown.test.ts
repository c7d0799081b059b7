/**
 * A connected feed client must not keep the server from stopping: closing the app closes open
 * sockets with 1001 (before the HTTP server waits on its connections) and returns promptly.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { createTestApp } from '../../../../test/support/server/app.ts';

test('closing the server closes an open feed socket with 1001 and does not hang', async () => {
  const t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/graphql`, ['graphql-transport-ws']);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${t.key}` } }));
  await new Promise((resolve) => socket.once('message', resolve));
  const started = Date.now();
  await Promise.race([t.close(), new Promise((_, reject) => setTimeout(() => reject(new Error('app.close() hung with a feed client connected')), 5_000))]);
  assert.ok(Date.now() - started < 3_000, `close took ${Date.now() - started} ms`);
  assert.equal(await closed, 1001);
});
