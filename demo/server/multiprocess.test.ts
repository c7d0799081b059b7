/**
 * Several server processes as one service (issue 14), end to end: three real `esign-server serve`
 * processes on one PostgreSQL 15 and one shared data directory (local blobs, key files), each on its
 * own port. Documents are sent through one process and signed through another; one process is killed
 * with SIGKILL half-way. Every document still gets exactly one final PDF (one job run to the end, one
 * `finalPdfCreated`), and every webhook event reaches a receiver that answers 503 to every other
 * request at least once. The test starts its own PostgreSQL (test/support/postgres.ts) and fails,
 * never skips, when it cannot.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import { startReceiver } from '../../test/support/server/webhooks.ts';
import { api, fastWebhookEnv, sendDocument, uploadTemplate } from '../../test/support/server/server-process.ts';
import { signThrough, startCluster } from '../../test/support/server/cluster.ts';
import { openStore } from './store/index.ts';

const DOCUMENTS = 9;

test('three processes on one PostgreSQL: sent on one, signed on another, one killed: one final PDF each, no webhook lost', { timeout: 300_000 }, async () => {
  const receiver = await startReceiver();
  let answered = 0;
  receiver.respond = () => (answered++ % 2 === 0 ? 503 : 200);
  const cluster = await startCluster(3, { ...fastWebhookEnv(), ESIGN_JOB_LEASE_MS: '3000' });
  try {
    const [p0, p1, p2] = cluster.processes;
    const { key, groupId } = cluster;
    const sub = await api(p1!.baseUrl, key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: '' });
    assert.equal(sub.status, 201, JSON.stringify(sub.json));
    const templateId = await uploadTemplate(p0!.baseUrl, key, groupId, await generatePdf({ pages: 2 }));

    // Sent through each process in turn: the template's blob and rows are visible to all of them.
    const sent: Array<{ documentId: string; recipientId: string }> = [];
    for (let i = 0; i < DOCUMENTS; i++) sent.push(await sendDocument(cluster.processes[i % 3]!.baseUrl, key, groupId, templateId, `multi ${i}`));

    // Signed through the next process (not the sender): the signer's token works on any process.
    const live = [p0!, p1!, p2!];
    for (let i = 0; i < DOCUMENTS; i++) {
      if (i === Math.floor(DOCUMENTS / 2)) {
        // Signed on p2, which is killed once the completion committed, while it builds the final PDF and
        // delivers the events: its leases lapse and p0 or p1 take the job and the deliveries over.
        const completion = signThrough(p2!.baseUrl, key, sent[i]!.recipientId).catch(() => 'killed');
        for (;;) {
          const doc = await api(p0!.baseUrl, key, 'GET', `/api/v1/document/${sent[i]!.documentId}/`);
          if (doc.json?.status >= 20) break;
          await sleep(5);
        }
        await p2!.kill('SIGKILL');
        live.pop();
        await completion;
        continue;
      }
      const through = live[(i + 1) % live.length]!;
      assert.equal(await signThrough(through.baseUrl, key, sent[i]!.recipientId), 200, `document ${i} completed through ${through.baseUrl}`);
    }

    // Every document completes (status 30) with its final PDF, whichever process built it.
    const deadline = Date.now() + 120_000;
    for (const { documentId } of sent) {
      for (;;) {
        const status = await api(p0!.baseUrl, key, 'GET', `/api/v1/document/${documentId}/`);
        if (status.json?.status === 30) break;
        assert.ok(Date.now() < deadline, `document ${documentId} completed (status ${status.json?.status})`);
        await sleep(200);
      }
      const pdf = await fetch(`${p1!.baseUrl}/api/v1/pdf/${documentId}/`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(pdf.status, 200, 'the final PDF is served by another process, from the shared blob store');
      assert.equal(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
        '%PDF-',
      );
    }

    // Every event the service stored reaches the receiver (2xx) at least once, despite 503s and the kill.
    const store = await openStore(cluster.dataDir, { databaseUrl: cluster.databaseUrl });
    try {
      const events = (await Promise.all(sent.map(({ documentId }) => store.webhooks.eventsOf(documentId)))).flat();
      const finals = events.filter((e) => e.event === 'finalPdfCreated');
      assert.equal(finals.length, DOCUMENTS, 'one finalPdfCreated per document, whichever processes raced for it');
      const ids = events.map((e) => e.id);
      await receiver.waitFor((received) => {
        const delivered = new Set(received.filter((r) => r.status < 300).map((r) => r.json.id));
        return ids.every((id) => delivered.has(id));
      }, 120_000);
      for (const { documentId } of sent) {
        const built = (await store.history.events(documentId)).filter((e) => e.event === 'final_pdf_created');
        assert.equal(built.length, 1, `one final PDF was made for ${documentId}`);
        const job = await store.jobs.find(documentId);
        assert.equal(job?.state, 'done', `the final-PDF job of ${documentId} is done`);
      }
    } finally {
      await store.close();
    }
  } finally {
    await cluster.stop();
    await receiver.close();
  }
});
