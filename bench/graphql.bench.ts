/**
 * graphql_document_rps_ratio: requests per second of the GraphQL `document(id) { … recipients { … } }`
 * query divided by REST `GET /api/v1/document/{id}/` for the same document, on one app in the same run
 * (target ≥ 0.8). Both go through Fastify's inject with the same production key, in alternating rounds;
 * the figure is the median of the rounds' ratios. (graphql_batch_1000_send_ratio: graphql-batch.bench.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { addTemplate, sendBody } from '../test/support/server/documents.ts';

const ROUND_MS = Number(process.env.GRAPHQL_BENCH_MS ?? 1500);
const ROUNDS = Number(process.env.GRAPHQL_BENCH_ROUNDS ?? 3);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-graphql-bench-'));
const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits: { sandbox: 100, production: 1_000_000_000, windowMs: 3_600_000 } });
try {
  const setup = (await ensureInitialSetup(app.store))!;
  const admin = (await app.store.users.firstAdmin())!;
  const { key } = await app.store.apiKeys.create(admin.id, 'production', false);
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
  if ((await rest()).statusCode !== 200 || (await graphql()).statusCode !== 200) throw new Error('bench requests do not answer 200');

  async function rps(run: () => Promise<unknown>): Promise<number> {
    const end = Date.now() + ROUND_MS;
    let count = 0;
    const worker = async () => {
      while (Date.now() < end) {
        await run();
        count += 1;
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    return count / (ROUND_MS / 1000);
  }

  await rps(rest);
  await rps(graphql);
  const ratios: number[] = [];
  const restFigures: number[] = [];
  const graphqlFigures: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = await rps(rest);
    const g = await rps(graphql);
    restFigures.push(r);
    graphqlFigures.push(g);
    ratios.push(g / r);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`graphql_document_rps_ratio: ${median(ratios).toFixed(2)}`);
  console.log(`graphql_document_rps: ${median(graphqlFigures).toFixed(0)}`);
  console.log(`rest_document_rps: ${median(restFigures).toFixed(0)}`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
