/**
 * PostgreSQL restarts under load (issue 28): two real server processes on one PostgreSQL 15 (started
 * by the test), sends and signings running through both while the database is stopped and started
 * (`pg_ctl stop`, then `start`), restarted with `-m fast` and with `-m immediate`, and webhook
 * deliveries in flight throughout. During an outage every answer is 2xx, or 503 with Retry-After and
 * an error code, within REQUEST_BOUND_MS (no hang, no 500); /readyz says the database is unavailable
 * while /healthz stays 200. Afterwards, without restarting any process: every acknowledged send is
 * stored, every acknowledged signing completes with one final PDF, and every event is delivered.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';
import { api, fastWebhookEnv, uploadTemplate } from '../../../test/support/server/server-process.ts';
import { commitDurably, startCluster } from '../../../test/support/server/cluster.ts';
import { isCleanAnswer, signWithRetries, timedCall, trySend, type Answer, type SentDocument } from '../../../test/support/server/fault-load.ts';
import { openStore } from '../store/index.ts';

test('PostgreSQL stopped, restarted fast and immediate under load: 503s with Retry-After, then nothing acknowledged lost', { timeout: 300_000 }, async (t) => {
  const receiver = await startReceiver();
  const cluster = await startCluster(2, { ...fastWebhookEnv(), ESIGN_JOB_LEASE_MS: '3000', ESIGN_PG_CONNECT_TIMEOUT_MS: '2000' });
  try {
    const [p0, p1] = cluster.processes as [(typeof cluster.processes)[0], (typeof cluster.processes)[0]];
    const { key, groupId } = cluster;
    assert.equal((await api(p0.baseUrl, key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: '' })).status, 201);
    const templateId = await uploadTemplate(p0.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    // Durability is under test here: the harness's cluster runs with synchronous_commit off for speed, and an
    // immediate shutdown then loses commits already acknowledged (a send answered 201, then 404). Sessions
    // opened from now on (every pool reconnects after the stop below) commit durably, as a deployment does.
    await commitDurably(cluster);

    // A deterministic outage first: the database stopped. Every request answers 503 with Retry-After.
    await cluster.postgres.stopServer('fast');
    const during: Answer[] = [];
    await trySend(p0.baseUrl, key, groupId, templateId, 'while down', during);
    during.push(await timedCall(p1.baseUrl, key, 'list', 'GET', '/api/v1/document/'));
    const ready = await timedCall(p0.baseUrl, '', 'readyz', 'GET', '/readyz');
    const live = await timedCall(p0.baseUrl, '', 'healthz', 'GET', '/healthz');
    await cluster.postgres.start();
    for (const answer of during) {
      assert.equal(answer.status, 503, `${answer.op} while the database is down: ${JSON.stringify(answer.json)}`);
      assert.equal(answer.code, 'database_unavailable');
      assert.ok(Number(answer.retryAfter) > 0, 'Retry-After is given');
    }
    assert.equal(ready.status, 503);
    assert.equal(ready.json.database, 'unavailable');
    assert.equal(ready.json.blobs, 'ok');
    assert.equal(live.status, 200, '/healthz is liveness: the process is fine');

    // Load through both processes while the database restarts twice, fast then immediate.
    const answers: Answer[] = [];
    const sent: SentDocument[] = [];
    const completed: SentDocument[] = [];
    const gaveUp: SentDocument[] = [];
    let stop = false;
    const processes = [p0, p1];
    const sender = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        const doc = await trySend(processes[(lane + i) % 2]!.baseUrl, key, groupId, templateId, `load ${lane}-${i}`, answers);
        if (doc) sent.push(doc);
        else await sleep(50);
      }
    };
    let signedUpTo = 0;
    const signer = async (lane: number) => {
      for (let i = 0; !stop || signedUpTo < sent.length; i++) {
        const doc = sent[signedUpTo];
        if (!doc) {
          await sleep(20);
          continue;
        }
        signedUpTo++;
        const outcome = await signWithRetries(processes[(lane + i) % 2]!.baseUrl, key, doc.recipientId, answers, Date.now() + 60_000);
        (outcome === 'completed' ? completed : gaveUp).push(doc);
      }
    };
    const load = Promise.all([sender(0), sender(1), signer(0), signer(1)]);
    const waitForSends = async (count: number) => {
      while (sent.length < count) await sleep(20);
    };
    await waitForSends(3);
    await cluster.postgres.restart('fast');
    await waitForSends(sent.length + 3);
    await cluster.postgres.restart('immediate');
    await waitForSends(sent.length + 3);
    stop = true;
    await load;

    t.diagnostic(
      `${answers.length} answers under restarts: ${answers.filter((a) => a.status === 503).length} × 503, ${sent.length} sends, ${completed.length} signings`,
    );
    const defects = answers.filter((a) => !isCleanAnswer(a) && !(a.op === 'complete' || a.op === 'check'));
    assert.deepEqual(
      defects.map((a) => `${a.op} ${a.status} ${a.code ?? ''} ${Math.round(a.ms)} ms`),
      [],
      'every answer during the restarts is 2xx or 503 with Retry-After, within the bound',
    );
    assert.deepEqual(gaveUp, [], 'every signing got through once the database was back');
    assert.ok(sent.length >= 9 && completed.length === sent.length);

    // The processes were never restarted: their pools reconnected. Everything acknowledged is stored.
    assert.equal((await timedCall(p1.baseUrl, '', 'readyz', 'GET', '/readyz')).status, 200);
    const store = await openStore(cluster.dataDir, { databaseUrl: cluster.databaseUrl });
    try {
      for (const { documentId } of sent) assert.ok(await store.documents.get(documentId), `acknowledged send ${documentId} is stored`);
      const deadline = Date.now() + 120_000;
      for (const { documentId } of completed) {
        for (;;) {
          const doc = await store.documents.get(documentId);
          if (doc?.status === 30 && (await store.jobs.find(documentId))?.state === 'done') break;
          assert.ok(Date.now() < deadline, `document ${documentId} completes with its final PDF (status ${doc?.status})`);
          await sleep(100);
        }
        const built = (await store.history.events(documentId)).filter((e) => e.event === 'final_pdf_created');
        assert.equal(built.length, 1, `one final PDF was built for ${documentId}`);
      }
      const events = (await Promise.all(sent.map(({ documentId }) => store.webhooks.eventsOf(documentId)))).flat();
      const ids = events.map((e) => e.id);
      await receiver.waitFor((received) => {
        const delivered = new Set(received.filter((r) => r.status < 300).map((r) => r.json.id));
        return ids.every((id) => delivered.has(id));
      }, 120_000);
    } finally {
      await store.close();
    }
  } finally {
    await cluster.stop();
    await receiver.close();
  }
});
