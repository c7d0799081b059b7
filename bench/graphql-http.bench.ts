/**
 * graphql_document_rps_ratio (issue 15, target ≥ 0.8): graphql.bench.ts's comparison (the GraphQL `document(id) { … recipients
 * { … } }` query against REST `GET /api/v1/document/{id}/`, same document, same key) over real HTTP: the server
 * listens in a child process (http-bench-server.ts) and this process sends the requests over 10 keep-alive
 * connections, 10 in flight. Printed beside it, graphql_document_http_cpu_ratio: requests per CPU-second of
 * the server process alone, which the client's own work (in this process) does not move.
 *
 * Why over HTTP (graphql.bench.ts prints the same comparison under inject as graphql_document_inject_rps_ratio,
 * kept for the record): with Fastify's inject a request with a body reaches the route one
 * turn of the event loop later (light-my-request hands the body over in a setImmediate), while a bodiless
 * GET never leaves the microtask queue, so a round of REST GETs runs as one long task and pushes the
 * completion of its answers past its own end. The POST pays for an event-loop turn per request that a real
 * server pays for every request, GET or POST, as sockets deliver them. Measured while looking into it
 * (docs/decisions/graphql.md): the same GraphQL query sent as a GET costs less CPU per request under
 * inject than the REST GET, and a REST GET made to wait one setImmediate costs what the GraphQL POST does.
 *
 * Same method as graphql.bench.ts: warm-up of each kind discarded, then PAIRS pairs of rounds in ABBA
 * order, each round after a 50 ms settle and LEAD_MS of its kind uncounted; medians of the pairs' ratios.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { drive, pairedRounds, quantile, type RoundFigures, type Run } from './paired-rounds.ts';

const ROUND_MS = Number(process.env.GRAPHQL_BENCH_MS ?? 1000);
const PAIRS = Number(process.env.GRAPHQL_BENCH_PAIRS ?? 12);
const WARMUP_MS = Number(process.env.GRAPHQL_BENCH_WARMUP_MS ?? 3000);
const LEAD_MS = Number(process.env.GRAPHQL_BENCH_LEAD_MS ?? 500);
const IN_FLIGHT = 10;

const server = fork(new URL('./http-bench-server.ts', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const [ready] = (await once(server, 'message')) as [{ port: number; key: string; documentId: string }];
const { port, key, documentId } = ready;
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

try {
  function send(method: 'GET' | 'POST', path: string, body?: string): Promise<{ statusCode: number; body: string }> {
    return new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${key}` };
      if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      const request = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }
  const payload = JSON.stringify({
    query: 'query ($id: ID) { document(id: $id) { id name status created recipients { id email status } } }',
    variables: { id: documentId },
  });
  const rest = () => send('GET', `/api/v1/document/${documentId}/`);
  const graphql = () => send('POST', '/graphql', payload);
  const checks = [await rest(), await graphql()];
  if (checks.some((r) => r.statusCode !== 200) || checks[1]!.body.includes('"errors"')) throw new Error('bench requests do not answer 200 without errors');

  /** The server process's CPU time so far, in microseconds. */
  async function serverCpu(): Promise<number> {
    server.send('cpu');
    const [message] = (await once(server, 'message')) as [{ cpu: number }];
    return message.cpu;
  }

  async function round(run: Run, ms: number): Promise<RoundFigures> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await drive(run, LEAD_MS, IN_FLIGHT);
    const cpuBefore = await serverCpu();
    const started = performance.now();
    const count = await drive(run, ms, IN_FLIGHT);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = ((await serverCpu()) - cpuBefore) / 1e6;
    return { wall: count / seconds, cpu: count / cpuSeconds };
  }

  await drive(rest, WARMUP_MS, IN_FLIGHT);
  await drive(graphql, WARMUP_MS, IN_FLIGHT);
  const { ratios, cpuRatios, rest: restFigures, graphql: graphqlFigures } = await pairedRounds(rest, graphql, (run) => round(run, ROUND_MS), PAIRS);
  console.log(`graphql_document_rps_ratio: ${quantile(ratios, 0.5).toFixed(2)}`);
  console.log(
    `graphql_document_rps_ratio_quartiles: ${quantile(ratios, 0.25).toFixed(2)}..${quantile(ratios, 0.75).toFixed(2)} (${PAIRS} pairs of ${ROUND_MS} ms)`,
  );
  console.log(
    `graphql_document_http_cpu_ratio: ${quantile(cpuRatios, 0.5).toFixed(2)} (requests per server CPU-second, quartiles ${quantile(cpuRatios, 0.25).toFixed(2)}..${quantile(cpuRatios, 0.75).toFixed(2)})`,
  );
  console.log(`graphql_document_http_rps: ${quantile(graphqlFigures, 0.5).toFixed(0)}`);
  console.log(`rest_document_http_rps: ${quantile(restFigures, 0.5).toFixed(0)}`);
} finally {
  agent.destroy();
  server.send('close');
  await once(server, 'exit');
}
