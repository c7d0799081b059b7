/**
 * Several server processes as one service (issue 14): three real `serve` processes on one PostgreSQL 15
 * (a throwaway cluster) and one data directory.
 *
 * multiprocess_lost_webhooks: 1,000 events are emitted (dashboard trigger) round-robin through the three
 * processes while the receiver answers 503 to every other request; one process is killed with SIGKILL
 * half-way, with deliveries in flight. The figure is how many event ids never reach the receiver with a
 * 2xx (target 0).
 * multiprocess_duplicate_final_pdfs: 30 documents sent and signed through different processes, ten of
 * them completing on the process that is killed; the figure is how many final PDFs were made beyond one
 * per document (target 0); multiprocess_missing_final_pdfs counts documents left without one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { generatePdf } from '../test/support/generate-pdf.ts';
import { startReceiver } from '../test/support/server/webhooks.ts';
import { api, fastWebhookEnv, sendDocument, uploadTemplate, type ServerProcess } from '../test/support/server/server-process.ts';
import { signThrough, startCluster, type ServiceCluster } from '../test/support/server/cluster.ts';
import { openStore } from '../demo/server/store/index.ts';

const EVENTS = 1000;
const DOCUMENTS = 30;
const schedule = ['0', '50', '100', '200', '400', ...new Array(25).fill('500')].join(',');

async function main(): Promise<void> {
  const receiver = await startReceiver();
  let cluster: ServiceCluster | undefined;
  try {
    cluster = await startCluster(3, { ...fastWebhookEnv(schedule), ESIGN_JOB_LEASE_MS: '3000' });
    const { key, groupId } = cluster;
    const [p0, p1, p2] = cluster.processes as [ServerProcess, ServerProcess, ServerProcess];
    const sub = await api(p0.baseUrl, key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: '' });
    if (sub.status !== 201) throw new Error(`subscribe failed: ${sub.status} ${JSON.stringify(sub.json)}`);
    const templateId = await uploadTemplate(p1.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const sent: Array<{ documentId: string; recipientId: string }> = [];
    for (let i = 0; i < DOCUMENTS; i++) sent.push(await sendDocument(cluster.processes[i % 3]!.baseUrl, key, groupId, templateId, `bench ${i}`));
    const { recipientId } = sent[0]!;

    let answered = 0;
    receiver.respond = () => (answered++ % 2 === 0 ? 503 : 200);
    receiver.delayMs = 20;
    const arrived = () => new Set(receiver.received.filter((r) => r.status < 300).map((r) => r.json.id));
    const started = Date.now();

    // Signings: the first ten through p0/p1, the next ten on p2 (killed while they complete), the last ten after.
    const signings: Array<Promise<unknown>> = [];
    const signRange = (from: number, to: number, through: (i: number) => ServerProcess) => {
      for (let i = from; i < to; i++) signings.push(signThrough(through(i).baseUrl, key, sent[i]!.recipientId).catch(() => 'killed'));
    };
    signRange(0, 10, (i) => (i % 2 ? p0 : p1));

    const emitted: string[] = [];
    let live = [p0, p1, p2];
    let inFlightAtKill = 0;
    for (let i = 0; i < EVENTS; i++) {
      if (i === EVENTS / 2) {
        signRange(10, 20, () => p2);
        await sleep(300);
        // Kill while the receiver holds requests (their answers never reach the killed process).
        const deadline = Date.now() + 5000;
        while (receiver.inFlight === 0 && Date.now() < deadline) await sleep(1);
        inFlightAtKill = receiver.inFlight;
        await p2.kill('SIGKILL');
        live = [p0, p1];
        signRange(20, 30, (n) => (n % 2 ? p0 : p1));
      }
      const through = live[i % live.length]!;
      const res = await api(through.baseUrl, key, 'POST', '/api/v1/webhook-events/trigger/', {
        object: 'recipient',
        event: 'visiting',
        recipient: recipientId,
      });
      if (res.status !== 201) throw new Error(`trigger failed: ${res.status} ${JSON.stringify(res.json)}`);
      emitted.push(res.json.event_id as string);
    }
    await Promise.all(signings);
    // Documents whose completion died with p2 before it committed are signed again on a live process.
    for (const { documentId, recipientId: signer } of sent) {
      const doc = await api(p0.baseUrl, key, 'GET', `/api/v1/document/${documentId}/`);
      if (doc.json?.status < 20) await signThrough(p1.baseUrl, key, signer);
    }
    try {
      await receiver.waitFor(() => {
        const got = arrived();
        return emitted.every((id) => got.has(id));
      }, 180_000);
    } catch {
      // Counted below: whatever has not arrived by now is lost.
    }
    const got = arrived();
    const lost = emitted.filter((id) => !got.has(id)).length;

    // Final PDFs: wait for every document, then count how many each got.
    const store = await openStore(cluster.dataDir, { databaseUrl: cluster.databaseUrl });
    let duplicates = 0;
    let missing = 0;
    try {
      const deadline = Date.now() + 120_000;
      for (const { documentId } of sent) {
        while ((await store.documents.get(documentId))?.finalFile == null && Date.now() < deadline) await sleep(100);
        const made = (await store.history.events(documentId)).filter((e) => e.event === 'final_pdf_created').length;
        if (made === 0) missing++;
        duplicates += Math.max(0, made - 1);
      }
    } finally {
      await store.close();
    }

    console.log(`multiprocess_lost_webhooks: ${lost}`);
    console.log(`multiprocess_duplicate_final_pdfs: ${duplicates}`);
    console.log(`multiprocess_missing_final_pdfs: ${missing}`);
    console.log(`multiprocess_events: ${emitted.length}`);
    console.log(`multiprocess_requests: ${receiver.received.length}`);
    console.log(`multiprocess_duplicate_deliveries: ${receiver.received.filter((r) => r.status < 300).length - got.size}`);
    console.log(`multiprocess_in_flight_at_kill: ${inFlightAtKill}`);
    console.log(`multiprocess_seconds: ${((Date.now() - started) / 1000).toFixed(1)}`);
  } finally {
    await cluster?.stop();
    await receiver.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
