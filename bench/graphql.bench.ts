/**
 * graphql_document_rps_ratio: requests per second of the GraphQL `document(id) { … recipients { … } }`
 * query divided by REST `GET /api/v1/document/{id}/` for the same document, on one app in the same run
 * (target ≥ 0.8). Both go through the same load generator (Fastify's inject, 10 requests in flight, the
 * same production key), so the figure compares the server's own work per request.
 *
 * Method (a single short round of each moved the ratio by ±0.15 from run to run): a warm-up of each kind
 * first (V8 optimisation, graphql-jit compiling the query, statement caches; discarded), then PAIRS pairs
 * of rounds, REST and GraphQL interleaved with the order flipped every pair (ABBA…), so drift in the
 * machine's load falls on both alike; a garbage collection before every round, so neither kind pays for
 * the other's garbage. The figure is the median of the pairs' ratios; the quartiles say how steady it was.
 * (graphql_batch_1000_send_ratio: graphql-batch.bench.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { addTemplate, sendBody } from '../test/support/server/documents.ts';

const ROUND_MS = Number(process.env.GRAPHQL_BENCH_MS ?? 1000);
const PAIRS = Number(process.env.GRAPHQL_BENCH_PAIRS ?? 15);
const WARMUP_MS = Number(process.env.GRAPHQL_BENCH_WARMUP_MS ?? 3000);
const IN_FLIGHT = 10;

// A full collection before each round (the flag only exposes gc(); it changes nothing else).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-graphql-bench-'));
const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits: { sandbox: 100, production: 1_000_000_000, windowMs: 3_600_000 } });
try {
  const setup = ensureInitialSetup(app.store)!;
  const admin = app.store.users.firstAdmin()!;
  const { key } = app.store.apiKeys.create(admin.id, 'production', false);
  const templateId = (await addTemplate(app, { groupId: setup.groupId, userId: admin.id })).id;
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/document/',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(sendBody(setup.groupId, templateId)),
  });
  const documentId = (sent.json() as { uuid: string }).uuid;

  const rest = () => app.inject({ method: 'GET', url: `/api/v1/document/${documentId}/`, headers: { authorization: `Bearer ${key}` } });
  const payload = JSON.stringify({
    query: 'query ($id: ID) { document(id: $id) { id name status created recipients { id email status } } }',
    variables: { id: documentId },
  });
  const graphql = () =>
    app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload });
  const checks = [await rest(), await graphql()];
  if (checks.some((r) => r.statusCode !== 200) || checks[1]!.body.includes('"errors"')) throw new Error('bench requests do not answer 200 without errors');

  /** Requests answered per second: IN_FLIGHT callers for `ms`, timed until the last answer is in. */
  async function rps(run: () => Promise<{ statusCode: number }>, ms: number): Promise<number> {
    collectGarbage();
    const started = performance.now();
    const end = started + ms;
    let count = 0;
    const caller = async () => {
      while (performance.now() < end) {
        if ((await run()).statusCode !== 200) throw new Error('a bench request failed');
        count += 1;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, caller));
    return count / ((performance.now() - started) / 1000);
  }

  await rps(rest, WARMUP_MS);
  await rps(graphql, WARMUP_MS);
  const ratios: number[] = [];
  const restFigures: number[] = [];
  const graphqlFigures: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    let r: number;
    let g: number;
    if (i % 2 === 0) {
      r = await rps(rest, ROUND_MS);
      g = await rps(graphql, ROUND_MS);
    } else {
      g = await rps(graphql, ROUND_MS);
      r = await rps(rest, ROUND_MS);
    }
    restFigures.push(r);
    graphqlFigures.push(g);
    ratios.push(g / r);
    if (process.env.GRAPHQL_BENCH_VERBOSE) console.error(`pair ${i}: rest ${r.toFixed(0)} graphql ${g.toFixed(0)} ratio ${(g / r).toFixed(2)}`);
  }
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.round(q * (sorted.length - 1))]!;
  };
  console.log(`graphql_document_rps_ratio: ${quantile(ratios, 0.5).toFixed(2)}`);
  console.log(
    `graphql_document_rps_ratio_quartiles: ${quantile(ratios, 0.25).toFixed(2)}..${quantile(ratios, 0.75).toFixed(2)} (${PAIRS} pairs of ${ROUND_MS} ms)`,
  );
  console.log(`graphql_document_rps: ${quantile(graphqlFigures, 0.5).toFixed(0)}`);
  console.log(`rest_document_rps: ${quantile(restFigures, 0.5).toFixed(0)}`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
