/**
 * The server of graphql-http.bench.ts, in its own process: the app listening on a loopback port, with one
 * sent document and a production key, answering its parent's `cpu` message with this process's CPU time
 * (all threads) so the bench can count the server's own work per request apart from the client's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { addTemplate, sendBody } from '../test/support/server/documents.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-http-bench-'));
const app = await buildApp({
  dataDir,
  sweepIntervalMs: 0,
  rateLimits: { sandbox: 100, production: 1_000_000_000, windowMs: 3_600_000 },
});
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
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

process.on('message', (message) => {
  if (message === 'cpu') {
    const cpu = process.cpuUsage();
    process.send!({ cpu: cpu.user + cpu.system });
  } else if (message === 'close') {
    void app.close().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send!({ port, key, documentId });
