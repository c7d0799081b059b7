/**
 * A server seeded for the send benches (storage.bench.ts, postgres.bench.ts): an admin, a key and the
 * tracemonkey template with two signature fields for signer 1, and one send of it through the REST API.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { templateFileName } from '../demo/server/services/template-deletion.ts';
import { inspectPdf } from '../demo/server/pdf/index.ts';
import { normalizeElement } from '../src/fields/index.ts';

const fixtures = process.env.ESIGN_FIXTURES ?? fileURLToPath(new URL('../../shared/fixtures/pdfs/', import.meta.url));
export const tracemonkey = new Uint8Array(fs.readFileSync(path.join(fixtures, 'pdfjs-tracemonkey.pdf')));
export const benchRateLimits = { sandbox: 1e9, production: 1e9, windowMs: 3600_000 };

/** A data dir with an admin, a key and the tracemonkey template (two signature fields for signer 1). */
export async function seededApp(dataDir: string, databaseUrl?: string): Promise<{ app: FastifyInstance; key: string; groupId: string; templateId: string }> {
  const app = await buildApp({ dataDir, databaseUrl, sweepIntervalMs: 0, rateLimits: benchRateLimits });
  const setup = (await ensureInitialSetup(app.store))!;
  const admin = (await app.store.users.firstAdmin())!;
  const info = await inspectPdf(tracemonkey);
  if (!info.ok) throw new Error('tracemonkey did not inspect');
  const templateId = crypto.randomUUID();
  await app.store.files.write(templateFileName(templateId), tracemonkey);
  const pages = (info as unknown as { pages: { mediaBox: [number, number, number, number]; cropBox: [number, number, number, number]; rotate: 0 }[] }).pages;
  await app.store.templates.insert({
    id: templateId,
    groupId: setup.groupId,
    userId: admin.id,
    title: 'Tracemonkey',
    pageCount: pages.length,
    pages,
    fileSize: tracemonkey.length,
    processTags: false,
    archiveUponSend: false,
    hideSenderFields: false,
    fields: [1, 2].map((page) => ({
      ...normalizeElement({ element_type: 'signature', ax: 0.1, ay: 0.1, bx: 0.4, by: 0.2, page, signer: 1 }),
      uuid: crypto.randomUUID(),
    })),
    report: {},
  });
  return { app, key: setup.apiKey, groupId: setup.groupId, templateId };
}

export async function send(app: FastifyInstance, key: string, groupId: string, templateId: string, i: number): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/document/',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: {
      group: `/api/v1/group/${groupId}/`,
      name: `Tracemonkey ${i}`,
      templatepdf: `/api/v1/templatepdf/${templateId}/`,
      signers: [{ firstname: 'Ann', lastname: 'Bench', email: `ann${i}@example.com` }],
    },
  });
  if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.body}`);
  return /\/status\/([^/]+)\//.exec(String(sent.headers.location))![1];
}
