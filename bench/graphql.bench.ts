/**
 * graphql_document_inject_rps_ratio: requests per second of the GraphQL `document(id) { … recipients { … } }`
 * query divided by REST `GET /api/v1/document/{id}/` for the same document, on one app in the same run,
 * under Fastify's inject (10 requests in flight, the same production key). Kept for the record: inject
 * gives a request with a body an event-loop turn a bodiless GET never takes, so the issue's figure,
 * graphql_document_rps_ratio, is measured over HTTP (graphql-http.bench.ts; docs/decisions/graphql.md).
 *
 * Method (a single short round of each moved the ratio by ±0.15 from run to run): a warm-up of each kind
 * first (V8 optimisation, graphql-jit compiling the query, statement caches; discarded), then PAIRS pairs
 * of rounds, REST and GraphQL interleaved with the order flipped every pair (ABBA…), so drift in the
 * machine's load falls on both alike; before every round a pause of 50 ms lets the previous round's
 * answers finish and 500 ms of the round's kind run uncounted, so the collection of the previous round's
 * garbage does not land on the next (with ABBA a GraphQL round right after a GraphQL round ran at half the
 * speed of one after REST, on the asynchronous store). No forced garbage collection: a gc() before each round made the following round of
 * either kind slower (GraphQL's by ~25%), which a running server never sees. The figure is the median of
 * the pairs' ratios; the quartiles say how steady it was, and the ratio of requests per CPU-second of the
 * process (which other processes on the machine move less) is printed beside it.
 * (graphql_batch_1000_send_ratio: graphql-batch.bench.ts.)
 */
import { performance } from 'node:perf_hooks';
import { appWithSentDocument } from './document-app.ts';
import { drive, pairedRounds, quantile, type RoundFigures, type Run } from './paired-rounds.ts';

const ROUND_MS = Number(process.env.GRAPHQL_BENCH_MS ?? 1000);
const PAIRS = Number(process.env.GRAPHQL_BENCH_PAIRS ?? 12);
const WARMUP_MS = Number(process.env.GRAPHQL_BENCH_WARMUP_MS ?? 3000);
const LEAD_MS = Number(process.env.GRAPHQL_BENCH_LEAD_MS ?? 500);
const IN_FLIGHT = 10;

const { app, key, documentId, close } = await appWithSentDocument();
try {
  const rest = () => app.inject({ method: 'GET', url: `/api/v1/document/${documentId}/`, headers: { authorization: `Bearer ${key}` } });
  const payload = JSON.stringify({
    query: 'query ($id: ID) { document(id: $id) { id name status created recipients { id email status } } }',
    variables: { id: documentId },
  });
  const graphql = () =>
    app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload });
  const checks = [await rest(), await graphql()];
  if (checks.some((r) => r.statusCode !== 200) || checks[1]!.body.includes('"errors"')) throw new Error('bench requests do not answer 200 without errors');

  /**
   * One round: IN_FLIGHT callers for `ms`. Answers requests per second of wall time (until the last answer
   * is in) and per second of this process's CPU time (all its threads: GC included), which other
   * processes on the machine do not move.
   */
  async function round(run: Run, ms: number): Promise<RoundFigures> {
    // inject's sockets finish their writes on later turns of the event loop: let the previous round's drain.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Then LEAD_MS of this kind, not counted: the collection of the previous round's garbage (which kind
    // ran before decides whose it is) and cold caches fall there, not on this round.
    await drive(run, LEAD_MS, IN_FLIGHT);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const count = await drive(run, ms, IN_FLIGHT);
    const cpu = process.cpuUsage(cpuBefore);
    return { wall: count / ((performance.now() - started) / 1000), cpu: count / ((cpu.user + cpu.system) / 1e6) };
  }

  await drive(rest, WARMUP_MS, IN_FLIGHT);
  await drive(graphql, WARMUP_MS, IN_FLIGHT);
  const { ratios, cpuRatios, rest: restFigures, graphql: graphqlFigures } = await pairedRounds(rest, graphql, (run) => round(run, ROUND_MS), PAIRS);
  console.log(`graphql_document_inject_rps_ratio: ${quantile(ratios, 0.5).toFixed(2)}`);
  console.log(
    `graphql_document_inject_rps_ratio_quartiles: ${quantile(ratios, 0.25).toFixed(2)}..${quantile(ratios, 0.75).toFixed(2)} (${PAIRS} pairs of ${ROUND_MS} ms)`,
  );
  console.log(
    `graphql_document_inject_cpu_ratio: ${quantile(cpuRatios, 0.5).toFixed(2)} (requests per CPU-second, quartiles ${quantile(cpuRatios, 0.25).toFixed(2)}..${quantile(cpuRatios, 0.75).toFixed(2)})`,
  );
  console.log(`graphql_document_rps: ${quantile(graphqlFigures, 0.5).toFixed(0)}`);
  console.log(`rest_document_rps: ${quantile(restFigures, 0.5).toFixed(0)}`);
} finally {
  await close();
}
