/**
 * End to end with the real server process: a receiver on 127.0.0.1 that checks both signatures
 * answers 503 at first, then goes down while the server is killed with SIGKILL mid-stream and
 * restarted on the same data directory, then comes back, and still receives every event.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';
import type { ReceivedRequest } from '../../../test/support/server/webhooks.ts';
import { api, createProductionKey, fastWebhookEnv, sendDocument, startServer, uploadTemplate } from '../../../test/support/server/server-process.ts';
import type { ServerProcess } from '../../../test/support/server/server-process.ts';

const SECRET = 'restart-test-hmac-secret';

test('every event arrives, signed, across 5xx answers, a SIGKILL, a restart and a receiver outage', { timeout: 90_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'esign-webhook-restart-'));
  let certificate = '';
  const received: ReceivedRequest[] = [];
  let receiver = await startReceiver({ certificatePem: () => certificate, hmacSecret: SECRET });
  const port = Number(new URL(receiver.url).port);
  receiver.respond = (_request, index) => (index < 4 ? 503 : 200);
  receiver.delayMs = 150; // answers take a while: the SIGKILL lands while deliveries are in flight
  let server: ServerProcess | undefined;
  try {
    server = await startServer(dir, fastWebhookEnv());
    const key = createProductionKey(dir);
    const groupId = server.groupId!;
    assert.ok(key && groupId, server.output());
    certificate = (await api(server.baseUrl, key, 'GET', '/api/v1/webhook-certificate/')).json;
    const sub = await api(server.baseUrl, key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, hmac_secret: SECRET });
    assert.equal(sub.status, 201, JSON.stringify(sub.json));

    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const docs: Array<{ documentId: string; recipientId: string }> = [];
    for (let i = 0; i < 3; i++) docs.push(await sendDocument(server.baseUrl, key, groupId, templateId, `doc-${i}`));
    const expected = new Set<string>();
    const trigger = async (s: ServerProcess, i: number) => {
      const doc = docs[i % docs.length];
      const res = await api(s.baseUrl, key, 'POST', '/api/v1/webhook-events/trigger/', { object: 'recipient', event: 'visiting', recipient: doc.recipientId });
      assert.equal(res.status, 201, JSON.stringify(res.json));
      expected.add(res.json.event_id);
    };
    for (let i = 0; i < 40; i++) await trigger(server, i);

    // Mid-stream: some events delivered, others not yet.
    await receiver.waitFor((r) => r.filter((x) => x.headers['x-esign-attempt'] !== undefined).length >= 8, 20_000);
    // SIGKILL while the receiver holds requests: the server never sees those answers.
    const deadline = Date.now() + 10_000;
    while (receiver.inFlight === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
    assert.ok(receiver.inFlight > 0, 'requests are in flight at the kill');
    await server.kill('SIGKILL');
    received.push(...receiver.received);
    const beforeKill = new Set(received.filter((r) => r.status < 300).map((r) => r.json.id));
    assert.ok(beforeKill.size < expected.size, `the kill came mid-stream (${beforeKill.size} of ${expected.size} delivered)`);
    await receiver.close(); // the receiver is down while the server restarts

    server = await startServer(dir, fastWebhookEnv());
    assert.equal(server.apiKey, undefined, 'same data directory: no first-start setup');
    for (let i = 40; i < 60; i++) await trigger(server, i);
    await new Promise((resolve) => setTimeout(resolve, 400)); // attempts now hit a closed port

    receiver = await startReceiver({ certificatePem: () => certificate, hmacSecret: SECRET, port });
    // Arrived = accepted with a 2xx by the receiver.
    const ids = () => new Set([...received, ...receiver.received].filter((r) => r.status < 300).map((r) => r.json.id));
    // Also wait for each document's created event: one held in flight at the kill comes back only
    // when its lease runs out, possibly after every triggered event has arrived.
    const createdFor = (documentId: string) =>
      new Set(
        [...received, ...receiver.received]
          .filter((r) => r.status < 300 && r.json.event === 'created' && (r.json.data as { uuid: string }).uuid === documentId)
          .map((r) => r.json.id),
      );
    await receiver.waitFor(() => {
      const got = ids();
      return [...expected].every((id) => got.has(id)) && docs.every((doc) => createdFor(doc.documentId).size > 0);
    }, 45_000);
    received.push(...receiver.received);

    const got = ids();
    const missing = [...expected].filter((id) => !got.has(id));
    assert.deepEqual(missing, []);
    for (const r of received) {
      assert.equal(r.signatureValid, true, 'X-Signed-SHA256 verifies with the published certificate');
      assert.equal(r.hmacValid, true, 'X-HMAC-SHA256 verifies with the secret');
      assert.equal(r.headers['x-esign-event-id'], r.json.id);
    }
    assert.ok(
      received.some((r) => Number(r.headers['x-esign-attempt']) > 1),
      'retries were needed',
    );
    for (const doc of docs) {
      assert.equal(createdFor(doc.documentId).size, 1, 'each sent document produced one document.created event');
    }
    const log = await api(server.baseUrl, key, 'GET', '/api/v1/webhook-deliveries/?state=delivered&limit=1000');
    assert.ok(log.json.meta.total_count >= expected.size);
  } finally {
    await server?.kill('SIGTERM');
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
