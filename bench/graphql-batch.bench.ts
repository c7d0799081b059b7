/**
 * graphql_batch_1000_send_ratio: the time a 1,000-document GraphQL batch takes from startBatch until
 * its task is COMPLETED, divided by the time of 1,000 sequential REST `POST /api/v1/document/` sends of
 * the same documents, on one app in the same run (target ≤ 0.8). Every batch document goes through the
 * same send service as REST (same checks, history, webhooks). Queuing the documents (sendBatchDocument,
 * which validates each) is printed on its own line, as graphql_batch_1000_queue_ms. Between the two, the
 * invitations each side queued are delivered (untimed), so neither side pays for the other's emails.
 * Three rounds, the side that goes first alternating; the figure is the median of their ratios (one run
 * of each moved between 0.67 and 0.92 with the machine's other load).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { signingServiceOf } from '../demo/server/services/signing/service.ts';
import { addTemplate, sendBody } from '../test/support/server/documents.ts';
import { documentInput, gql, queueBatch, settledTask, START_BATCH } from '../test/support/server/graphql-batches.ts';

const COUNT = Number(process.env.GRAPHQL_BATCH_BENCH_COUNT ?? 1000);
/**
 * How often the bench asks for the task, as a client would poll it: each answer lists every document sent so far, so
 * at 20 ms the polling itself took a tenth of the batch's time. The completion is seen up to this late (counted against the batch).
 */
const POLL_MS = Number(process.env.GRAPHQL_BATCH_BENCH_POLL_MS ?? 100);
const ROUNDS = Number(process.env.GRAPHQL_BATCH_BENCH_ROUNDS ?? 3);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-graphql-batch-bench-'));
const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits: { sandbox: 100, production: 1_000_000_000, windowMs: 3_600_000 } });
try {
  const setup = (await ensureInitialSetup(app.store))!;
  const admin = (await app.store.users.firstAdmin())!;
  const { key } = await app.store.apiKeys.create(admin.id, 'production', false);
  const templateId = (await addTemplate(app, { groupId: setup.groupId, userId: admin.id })).id;

  // The REST equivalent of each batch document: the same title and recipients, emails on.
  const restBody = (n: number) => {
    const input = documentInput(setup.groupId, templateId, n);
    const signers = input.recipients.map((r) => ({ firstname: r.firstName, lastname: r.lastName, email: r.email, order: r.order }));
    return JSON.stringify(sendBody(setup.groupId, templateId, { name: input.title, signers, do_email: true }));
  };
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const deliverQueuedEmail = () => signingServiceOf(app.store)!.email.flush();

  /** 1,000 sequential REST sends; answers their time. */
  const restSends = async (): Promise<number> => {
    const started = performance.now();
    for (let n = 1; n <= COUNT; n++) {
      const sent = await app.inject({ method: 'POST', url: '/api/v1/document/', headers, payload: restBody(n) });
      if (sent.statusCode !== 201) throw new Error(`REST send answered ${sent.statusCode}: ${sent.body}`);
    }
    return performance.now() - started;
  };

  /** A 1,000-document batch queued (timed apart), then started and polled until its task completes; answers both times. */
  const batchSend = async (): Promise<{ queueMs: number; batchMs: number }> => {
    let started = performance.now();
    const batchId = await queueBatch(app, key, setup.groupId, templateId, COUNT);
    const queueMs = performance.now() - started;
    started = performance.now();
    const taskId = (await gql(app, key, START_BATCH, { input: { batchId } })).data!.startBatch as string;
    const task = await settledTask(app, key, taskId, 600_000, POLL_MS);
    const batchMs = performance.now() - started;
    if (task.report.documents.length !== COUNT || task.report.errors.length) throw new Error(`batch sent ${task.report.documents.length} of ${COUNT}`);
    return { queueMs, batchMs };
  };

  const rounds: { restMs: number; batchMs: number; queueMs: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let restMs = 0;
    let batch = { queueMs: 0, batchMs: 0 };
    // Every send queues an invitation; deliveries still running would land on the other side's time. Drained, untimed.
    if (round % 2 === 0) {
      restMs = await restSends();
      await deliverQueuedEmail();
      batch = await batchSend();
    } else {
      batch = await batchSend();
      await deliverQueuedEmail();
      restMs = await restSends();
    }
    await deliverQueuedEmail();
    rounds.push({ restMs, ...batch });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratios = rounds.map((r) => r.batchMs / r.restMs);

  console.log(`graphql_batch_1000_send_ratio: ${median(ratios).toFixed(2)}`);
  console.log(`graphql_batch_1000_send_ratio_rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
  console.log(`graphql_batch_1000_ms: ${median(rounds.map((r) => r.batchMs)).toFixed(0)}`);
  console.log(`rest_send_1000_ms: ${median(rounds.map((r) => r.restMs)).toFixed(0)}`);
  console.log(`graphql_batch_1000_queue_ms: ${median(rounds.map((r) => r.queueMs)).toFixed(0)}`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
