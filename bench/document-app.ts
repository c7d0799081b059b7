/**
 * The app the GraphQL document benches read from (graphql.bench.ts in-process, http-bench-server.ts for the
 * HTTP one): a fresh data dir, a production key without a practical rate limit, and one sent document.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { addTemplate, sendBody } from '../test/support/server/documents.ts';

export async function appWithSentDocument(): Promise<{ app: FastifyInstance; key: string; documentId: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-document-bench-'));
  const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits: { sandbox: 100, production: 1_000_000_000, windowMs: 3_600_000 } });
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
  if (sent.statusCode !== 201) throw new Error(`the bench's send answered ${sent.statusCode}: ${sent.body}`);
  return {
    app,
    key,
    documentId: (sent.json() as { uuid: string }).uuid,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
