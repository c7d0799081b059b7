/**
 * `npm run soak -- --minutes N` (issue 28, "hours of load"; not part of `npm test`): a throwaway
 * PostgreSQL, two `esign-server serve` processes on it and one shared data directory, a local webhook
 * receiver, and a steady, open-loop load across both processes: REST sends, signings, final-PDF
 * downloads, GraphQL batches and .docx conversions (LibreOffice). Each period (a minute) it prints
 * p50/p99 per operation kind and each process's RSS and open handles; at the end the lost and
 * duplicated effects, checked in the database. Exits 1 when anything was lost or duplicated, when memory
 * or handles grew after warm-up, or when p99 more than doubled; 0 otherwise. scripts/soak/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import { startCluster, type ServiceCluster } from '../../test/support/server/cluster.ts';
import { api, fastWebhookEnv, uploadTemplate } from '../../test/support/server/server-process.ts';
import { startReceiver, type Receiver } from '../../test/support/server/webhooks.ts';
import { openStore } from '../../demo/server/store/index.ts';
import { batchDocuments, convert, download, send, sign, startBatch, type Target, type Timed } from './load.ts';
import { checkSoak, DEFAULT_LIMITS, minuteLines, processLines, sampleProcess, type ProcessSample, type Sample } from './report.ts';

const OPS = ['send', 'sign', 'download', 'webhook', 'graphql', 'convert'] as const;
type Op = (typeof OPS)[number];

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    seconds: { type: 'string' },
    /** Seconds between two starts of the frequent operations (send, sign, download). */
    interval: { type: 'string', default: '3' },
  },
});
const totalMs = args.seconds ? Number(args.seconds) * 1000 : Number(args.minutes ?? 10) * 60_000;
if (!(totalMs > 0)) {
  console.error('usage: npm run soak -- --minutes N   (or --seconds N; --interval S between sends, default 3)');
  process.exit(2);
}
// A short run reports in periods of a sixth of it, so it still has a warm-up and two halves to compare.
const periodMs = totalMs >= 5 * 60_000 ? 60_000 : Math.max(2000, Math.ceil(totalMs / 6000) * 1000);
const periods = Math.ceil(totalMs / periodMs);
const intervalMs = Number(args.interval) * 1000;
const slowEveryMs = Math.max(intervalMs * 10, Math.min(30_000, totalMs / 4));
// Warm-up: the first two periods (the pools, LibreOffice and the JIT settle) are not compared.
const limits = DEFAULT_LIMITS;
const periodName = periodMs === 60_000 ? 'minute' : `period (${periodMs / 1000} s)`;

let cluster: ServiceCluster | undefined;
let receiver: Receiver | undefined;
let stopping = false;

/** Ctrl-C or a kill: stop the servers, the receiver and PostgreSQL (its own handler), then exit. */
function stopOnSignal(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.error(`\nsoak: ${signal}, stopping`);
  for (const p of cluster?.processes ?? []) p.child.kill('SIGKILL');
  killLeftovers();
  cluster?.postgres.stop();
  void receiver?.close();
  process.exit(130);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stopOnSignal);

const samples: Sample[] = [];
const processSamples: ProcessSample[] = [];
const failures: string[] = [];
/** When the load started (after PostgreSQL, the servers and the template are ready). */
let started = Date.now();
const periodNow = () => Math.min(periods - 1, Math.floor((Date.now() - started) / periodMs));

function record<T>(op: Op, period: number, result: Timed<T>): T | undefined {
  samples.push({ op, minute: period, ms: result.ms, ok: result.ok });
  if (!result.ok && failures.length < 50) failures.push(`${op}: ${result.detail}`);
  return result.value;
}

async function main(): Promise<number> {
  receiver = await startReceiver();
  cluster = await startCluster(2, {
    ...fastWebhookEnv('0,200,500,1000,2000,5000,10000'),
    ESIGN_PRODUCTION_RATE_LIMIT: '10000000',
    ESIGN_SIGNER_RATE_LIMIT: '100000',
    ESIGN_PDF_QUEUE_PER_GROUP: '1000',
    ESIGN_CONVERT_PREWARM: '1',
  });
  const { key, groupId, processes } = cluster;
  const templateId = await uploadTemplate(processes[0]!.baseUrl, key, groupId, await generatePdf({ pages: 2 }));
  const targets: Target[] = processes.map((p) => ({ baseUrl: p.baseUrl, key, groupId, templateId }));
  const subscribed = await api(targets[1]!.baseUrl, key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: '' });
  if (subscribed.status !== 201) throw new Error(`subscribe: ${subscribed.status} ${JSON.stringify(subscribed.json)}`);
  console.log(
    `soak: ${Math.round(totalMs / 1000)} s on 2 processes (${processes.map((p) => `${p.baseUrl} pid ${p.child.pid}`).join(', ')}), PostgreSQL on port ${cluster.postgres.port}`,
  );
  console.log(`      send/sign/download every ${intervalMs / 1000} s, a GraphQL batch and a conversion every ${Math.round(slowEveryMs / 1000)} s`);

  // What the load acknowledged, to check against the database at the end.
  const acknowledged = new Set<string>();
  const toSign: { documentId: string; recipientId: string }[] = [];
  const completedAt = new Map<string, { at: number; period: number }>();
  const finalSeen = new Set<string>();
  const toDownload: string[] = [];
  const batchTasks: { taskId: string; target: Target }[] = [];
  receiver.respond = (request) => {
    const uuid = (request.json.data as { uuid?: string }).uuid;
    if (request.json.event === 'finalPdfCreated' && uuid && !finalSeen.has(uuid)) {
      finalSeen.add(uuid);
      const done = completedAt.get(uuid);
      if (done) {
        samples.push({ op: 'webhook', minute: done.period, ms: Date.now() - done.at, ok: true });
        toDownload.push(uuid);
      }
    }
    return 200;
  };

  let turn = 0;
  const inFlight = new Set<Promise<unknown>>();
  const skipped: Record<string, number> = {};
  const launch = (op: Op, limit: number, work: (target: Target, other: Target, period: number) => Promise<unknown>) => {
    const running = [...inFlight].filter((p) => (p as { op?: Op }).op === op).length;
    if (running >= limit) {
      skipped[op] = (skipped[op] ?? 0) + 1;
      return;
    }
    turn++;
    const promise = work(targets[turn % 2]!, targets[(turn + 1) % 2]!, periodNow()).catch((error: Error) => failures.push(`${op}: ${error.message}`));
    Object.assign(promise, { op });
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };

  started = Date.now();
  let n = 0;
  const fast = setInterval(() => {
    launch('send', 4, async (target, _other, period) => {
      const doc = record('send', period, await send(target, `soak ${++n}`));
      if (doc) {
        acknowledged.add(doc.documentId);
        toSign.push(doc);
      }
    });
    const next = toSign.shift();
    if (next) {
      // Signed through the other process than the one whose turn it is to send.
      launch('sign', 4, async (_target, other, period) => {
        if (!record('sign', period, await sign(other, next.recipientId))) return;
        completedAt.set(next.documentId, { at: Date.now(), period: periodNow() });
        // The final PDF's webhook can beat the completion's answer here: it is downloadable already.
        if (finalSeen.has(next.documentId)) toDownload.push(next.documentId);
      });
    }
    const final = toDownload.shift();
    if (final) {
      launch('download', 4, async (target, _other, period) => void record('download', period, await download(target, final)));
      toDownload.push(final); // downloaded again later: the same documents read repeatedly
      if (toDownload.length > 20) toDownload.shift();
    }
  }, intervalMs);
  const slow = setInterval(() => {
    launch('graphql', 1, async (target, _other, period) => {
      const taskId = record('graphql', period, await startBatch(target, 2));
      if (taskId) batchTasks.push({ taskId, target });
    });
    launch('convert', 1, async (target, _other, period) => void record('convert', period, await convert(target)));
  }, slowEveryMs);

  for (let period = 0; period < periods; period++) {
    await sleep(Math.max(0, started + (period + 1) * periodMs - Date.now()));
    for (const [i, p] of processes.entries()) {
      const stat = sampleProcess(p.child.pid!);
      if (stat) processSamples.push({ name: `server${i + 1}`, minute: period, ...stat });
      else failures.push(`server${i + 1} is gone`);
    }
    console.log(`${periodName} ${period + 1} (${new Date().toISOString().slice(11, 19)} UTC):`);
    for (const line of [...minuteLines(samples, period, OPS), ...processLines(processSamples, period)]) console.log(line);
  }
  clearInterval(fast);
  clearInterval(slow);
  await Promise.allSettled([...inFlight]);

  // Drain: every signed document's final PDF and webhook arrive, every batch finishes.
  console.log('draining: waiting for final PDFs, webhooks and batches (up to 3 minutes)');
  const drainUntil = Date.now() + 180_000;
  const batchDocs = new Set<string>();
  for (const { taskId, target } of batchTasks) {
    for (;;) {
      const docs = await batchDocuments(target, taskId).catch((error: Error) => (failures.push(error.message), []));
      if (docs) {
        for (const id of docs) batchDocs.add(id);
        break;
      }
      if (Date.now() > drainUntil) break;
      await sleep(500);
    }
  }
  const store = await openStore(cluster.dataDir, { databaseUrl: cluster.databaseUrl });
  let lostSends = 0;
  let lostFinals = 0;
  let lostWebhooks = 0;
  let duplicateFinals = 0;
  let duplicateDeliveries = 0;
  try {
    const all = [...acknowledged, ...batchDocs];
    const eventIds = async () => (await Promise.all(all.map((id) => store.webhooks.eventsOf(id)))).flat().map((e) => e.id);
    const delivered = () => {
      const counts = new Map<string, number>();
      for (const r of receiver!.received) if (r.status < 300) counts.set(r.json.id, (counts.get(r.json.id) ?? 0) + 1);
      return counts;
    };
    while (Date.now() < drainUntil) {
      const ids = await eventIds();
      const finalsDone = [...completedAt.keys()].every((id) => finalSeen.has(id));
      if (finalsDone && ids.every((id) => delivered().has(id))) break;
      await sleep(1000);
    }
    for (const id of all) if (!(await store.documents.get(id))) lostSends++;
    for (const id of completedAt.keys()) {
      const built = (await store.history.events(id)).filter((e) => e.event === 'final_pdf_created').length;
      if (built === 0) lostFinals++;
      if (built > 1) duplicateFinals++;
    }
    const counts = delivered();
    for (const id of await eventIds()) {
      const times = counts.get(id) ?? 0;
      if (times === 0) lostWebhooks++;
      if (times > 1) duplicateDeliveries++;
    }
  } finally {
    await store.close();
  }

  const problems = checkSoak(samples, processSamples, periods, limits);
  console.log('\nsummary:');
  for (const [i] of processes.entries()) {
    const own = processSamples.filter((p) => p.name === `server${i + 1}`);
    const at = (k: number) => own.find((p) => p.minute === k);
    const second = at(Math.min(1, periods - 1));
    const last = own[own.length - 1];
    console.log(
      `  server${i + 1}: RSS ${second?.rssMb} MB at ${periodName} ${(second?.minute ?? 0) + 1}, ${last?.rssMb} MB at ${periodName} ${(last?.minute ?? 0) + 1}; handles ${second?.handles} -> ${last?.handles}`,
    );
  }
  console.log(
    `  acknowledged sends: ${acknowledged.size} REST + ${batchDocs.size} in batches; signed: ${completedAt.size}; webhook requests received: ${receiver.received.length}`,
  );
  console.log(`  lost: sends ${lostSends}, final PDFs ${lostFinals}, webhooks ${lostWebhooks}`);
  console.log(`  duplicated: final PDFs built twice ${duplicateFinals}, events delivered (2xx) more than once ${duplicateDeliveries}`);
  if (Object.keys(skipped).length > 0) console.log(`  skipped (previous calls still running): ${JSON.stringify(skipped)}`);
  const errors = samples.filter((s) => !s.ok).length;
  if (errors > 0) problems.push(`${errors} operations failed; first: ${failures.slice(0, 5).join(' | ')}`);
  else if (failures.length > 0) problems.push(`failures: ${failures.slice(0, 5).join(' | ')}`);
  if (lostSends + lostFinals + lostWebhooks > 0) problems.push('effects were lost');
  if (duplicateFinals + duplicateDeliveries > 0) problems.push('effects were duplicated');
  for (const problem of problems) console.log(`  FAIL ${problem}`);
  console.log(problems.length === 0 ? 'soak: OK' : `soak: FAILED (${problems.length})`);
  return problems.length === 0 ? 0 : 1;
}

/**
 * Processes the servers started (LibreOffice) that outlived them: found by the soak's own database URL
 * in their environment (its port is this run's alone) and ended by pid.
 */
function killLeftovers(): void {
  const url = cluster?.databaseUrl;
  if (!url) return;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`ESIGN_DATABASE_URL=${url}`)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone already, or not ours to read
    }
  }
}

/** SIGTERM first, so each server shuts its LibreOffice pool down; SIGKILL after 15 s. */
async function stopServers(): Promise<void> {
  await Promise.all((cluster?.processes ?? []).map((p) => Promise.race([p.kill('SIGTERM'), sleep(15_000).then(() => p.kill('SIGKILL'))])));
  killLeftovers();
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('soak: could not run:', error);
} finally {
  stopping = true;
  await stopServers();
  await cluster?.stop();
  await receiver?.close();
}
process.exit(code);
