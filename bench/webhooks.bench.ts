/**
 * Webhook delivery benchmark against the real server process.
 *
 * webhook_lost_events: 1,000 events are emitted (dashboard trigger on a real recipient) while the
 * receiver answers 503 to every other attempt, and the server is killed with SIGKILL and
 * restarted twice along the way; the figure is how many event ids never reach the receiver
 * (target 0). webhook_delivery_p50_ms: time from the emitting request to the receiver seeing the
 * event, on a healthy receiver.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePdf } from '../test/support/generate-pdf.ts';
import { startReceiver } from '../test/support/server/webhooks.ts';
import { api, createProductionKey, fastWebhookEnv, sendDocument, startServer, uploadTemplate } from '../test/support/server/server-process.ts';
import type { ServerProcess } from '../test/support/server/server-process.ts';

const EVENTS = 1000;
const SECRET = 'bench-webhook-hmac-secret';
const schedule = ['0', '50', '100', '200', '400', ...new Array(25).fill('500')].join(',');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'esign-webhook-bench-'));
  let server: ServerProcess | undefined;
  let certificate = '';
  const receiver = await startReceiver({ certificatePem: () => certificate, hmacSecret: SECRET });
  try {
    server = await startServer(dir, fastWebhookEnv(schedule));
    const key = createProductionKey(dir);
    const groupId = server.groupId!;
    certificate = (await api(server.baseUrl, key, 'GET', '/api/v1/webhook-certificate/')).json;
    const sub = await api(server.baseUrl, key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: 'recipient', hmac_secret: SECRET });
    if (sub.status !== 201) throw new Error(`subscribe failed: ${sub.status} ${JSON.stringify(sub.json)}`);
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const { recipientId } = await sendDocument(server.baseUrl, key, groupId, templateId, 'bench');

    const trigger = async (s: ServerProcess): Promise<string> => {
      const res = await api(s.baseUrl, key, 'POST', '/api/v1/webhook-events/trigger/', { object: 'recipient', event: 'visiting', recipient: recipientId });
      if (res.status !== 201) throw new Error(`trigger failed: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json.event_id as string;
    };

    // ---- delivery latency on a healthy receiver -----------------------------------------------
    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const before = receiver.received.length;
      const id = await trigger(server);
      await receiver.waitFor((r) => r.slice(before).some((x) => x.json.id === id), 10_000);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);

    // ---- lost events: 503 to half the attempts, two SIGKILLs ----------------------------------
    receiver.received.length = 0;
    let answered = 0;
    receiver.respond = () => (answered++ % 2 === 0 ? 503 : 200);
    // Answers take 20 ms: deliveries lag behind the emitting requests, so each SIGKILL lands with
    // events pending and requests in flight.
    receiver.delayMs = 20;
    // An event has arrived when the receiver accepted it (2xx) with both signatures valid.
    const arrived = () => new Set(receiver.received.filter((r) => r.status < 300 && r.signatureValid && r.hmacValid).map((r) => r.json.id));
    const emitted: string[] = [];
    const pendingAtKill: number[] = [];
    const inFlightAtKill: number[] = [];
    const started = Date.now();
    for (let round = 0; round < 3; round++) {
      const count = round < 2 ? Math.floor(EVENTS / 3) : EVENTS - 2 * Math.floor(EVENTS / 3);
      for (let i = 0; i < count; i++) emitted.push(await trigger(server));
      if (round < 2) {
        // Kill while the receiver holds requests: their answers never reach the server.
        const deadline = Date.now() + 5000;
        while (receiver.inFlight === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
        inFlightAtKill.push(receiver.inFlight);
        await server.kill('SIGKILL');
        const got = arrived();
        pendingAtKill.push(emitted.filter((id) => !got.has(id)).length);
        server = await startServer(dir, fastWebhookEnv(schedule));
      }
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
    const requests = receiver.received.length;
    const badSignatures = receiver.received.filter((r) => !r.signatureValid || !r.hmacValid).length;

    console.log(`webhook_lost_events: ${lost}`);
    console.log(`webhook_delivery_p50_ms: ${percentile(latencies, 50).toFixed(1)}`);
    console.log(`webhook_delivery_p95_ms: ${percentile(latencies, 95).toFixed(1)}`);
    console.log(`webhook_crash_run_events: ${emitted.length}`);
    console.log(`webhook_crash_run_requests: ${requests}`);
    console.log(`webhook_crash_run_duplicates: ${receiver.received.filter((r) => r.status < 300).length - got.size}`);
    console.log(`webhook_crash_run_pending_at_kills: ${pendingAtKill.join('+')}`);
    console.log(`webhook_crash_run_in_flight_at_kills: ${inFlightAtKill.join('+')}`);
    console.log(`webhook_crash_run_bad_signatures: ${badSignatures}`);
    console.log(`webhook_crash_run_seconds: ${((Date.now() - started) / 1000).toFixed(1)}`);
  } finally {
    await server?.kill('SIGTERM');
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
