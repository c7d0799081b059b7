/**
 * The final PDF survives a crash: the real server (a child process) is killed with SIGKILL while it
 * builds a document's final PDF; after a restart on the same data directory the job resumes, the
 * final PDF appears exactly once, whole, and nothing half-written was ever served.
 * (The job itself is demo/server/services/signing/final-pdf-job.ts; it calls the pipeline's
 * buildFinalPdf. This test drives it through the HTTP API only.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument } from 'pdf-lib';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { api, createProductionKey, startServer, type ServerProcess } from '../../../test/support/server/server-process.ts';
import { buildFinalPdf } from '../pdf/final-pdf.ts';
import { newElement } from '../pdf/element-defaults.ts';
import { pngDataUrl, placedText } from '../../../test/support/server/pdf.ts';
import { inspectPdf } from '../pdf/inspect.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';

const PAGES = 200;

/** startServer gives a process 20 s to listen; on a loaded machine the first start can take longer. */
async function startPatiently(dataDir: string): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(dataDir);
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

test('a server killed mid-way through a final PDF finishes it once after restart', { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-final-crash-'));
  let server: ServerProcess | undefined;
  // The test's own view of the server's database (a second connection, as the CLI opens one).
  let stored: Store | undefined;
  const store = async () => (stored ??= await openStore(dataDir));
  try {
    server = await startPatiently(dataDir);
    const key = createProductionKey(dataDir);
    const groupId: string = (await api(server.baseUrl, key, 'GET', '/api/v1/group/')).json.objects[0].uuid;
    const source = await generatePdf({ pages: PAGES, text: (i) => `Crash-test agreement, page ${i + 1}` });

    // Template: a signature and a text field on every page, all for signer 1.
    const upload = await api(server.baseUrl, key, 'POST', '/api/v1/templatepdf/?returnAsJson=1', {
      group: `/api/v1/group/${groupId}/`,
      title: 'Crash test',
      pdf_file: Buffer.from(source).toString('base64'),
    });
    assert.equal(upload.status, 201, JSON.stringify(upload.json));
    const templateId = (upload.headers.get('location') ?? '').match(/templatepdf\/([^/]+)\//)?.[1] ?? upload.json.resource.uid;
    const layout = Array.from({ length: PAGES }, (_, i) => [
      { page: i + 1, ax: 0.1, ay: 0.6, bx: 0.5, by: 0.7, element_type: 'signature', signer: 1 },
      { page: i + 1, ax: 0.1, ay: 0.3, bx: 0.6, by: 0.34, element_type: 'text', signer: 1, optional: true, label: `Note ${i + 1}` },
    ]).flat();
    const fields = await api(server.baseUrl, key, 'POST', `/api/v1/templatepdf/${templateId}/fields/`, layout);
    assert.ok(fields.status < 300, JSON.stringify(fields.json));

    const sent = await api(server.baseUrl, key, 'POST', '/api/v1/document/', {
      group: `/api/v1/group/${groupId}/`,
      name: 'Crash test',
      templatepdf: `/api/v1/templatepdf/${templateId}/`,
      append_history: true,
      signers: [{ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', order: 0 }],
    });
    assert.equal(sent.status, 201, JSON.stringify(sent.json));
    const documentId: string = sent.json.uuid ?? String(sent.headers.get('location')).match(/([0-9a-f-]{36})\/$/)?.[1];
    const recipientId: string = sent.json.signer_objects?.[0]?.uuid;
    const link = await api(server.baseUrl, key, 'GET', `/api/v1/signer/${recipientId}/sign-link/`);
    const session = await fetch(`${server.baseUrl}/api/v1/signer/${recipientId}/link-session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link: link.json.link }),
    });
    const token: string = (await session.json()).token;
    const view = await api(server.baseUrl, token, 'GET', `/api/v1/signer/${recipientId}/signing/`);
    const own = (view.json.fields as { uuid: string; element_type: string; page: number; editable?: boolean }[]).filter((f) => f.editable !== false);

    // A distinct small signature image per page, so the job has real work on every page.
    const images = Array.from({ length: PAGES }, (_, i) => pngDataUrl(120, 40, (x, y) => (Math.abs(y - 20 - Math.sin((x + i) / 9) * 12) < 2 ? 0x202080ff : 0)));
    const values: Record<string, string> = {};
    for (const f of own) values[f.uuid] = f.element_type === 'signature' ? images[f.page - 1] : `Typed note on page ${f.page}`;

    // How long the job takes here, measured in this process on the same input.
    const elements = own.map((f) => {
      const l = layout[(f.page - 1) * 2 + (f.element_type === 'signature' ? 0 : 1)];
      return newElement({
        ...(l as object),
        ax: l.ax,
        ay: l.ay,
        bx: l.bx,
        by: l.by,
        page: l.page,
        element_type: l.element_type as 'text',
        value: values[f.uuid],
      });
    });
    const started = performance.now();
    await buildFinalPdf({ source, elements, history: { documentName: 'Crash test', documentId, recipients: [], events: [] } });
    const jobMs = performance.now() - started;

    // Complete, wait until the document is "fields complete" (the job starts right after that
    // commit), let the job run for a fraction of its time, then kill the server.
    const completion = api(server.baseUrl, token, 'POST', `/api/v1/signer/${recipientId}/complete/`, { values }).catch((err: unknown) => err);
    const deadline = Date.now() + 60_000;
    while (((await (await store()).documents.get(documentId))?.status ?? 0) < 20) {
      assert.ok(Date.now() < deadline, 'the completion reached the database');
      await sleep(2);
    }
    await sleep(Math.max(5, jobMs * 0.25));
    await server.kill('SIGKILL');
    server = undefined;
    assert.ok((await completion) instanceof Error, 'the completing request never got its answer');

    const killed = (await (await store()).documents.get(documentId))!;
    assert.deepEqual([killed.status, killed.finalFile], [20, null], `the kill landed mid-job (job takes ~${jobMs.toFixed(0)} ms here)`);
    // Whatever is in the file store is either whole or a temp file the server never serves.
    for (const name of readdirSync(join(dataDir, 'blobs'), { recursive: true, encoding: 'utf8' })) {
      if (!/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(name)) continue; // folders and blobs/tmp/
      const { readFileSync } = await import('node:fs');
      const bytes = new Uint8Array(readFileSync(join(dataDir, 'blobs', name)));
      // Opening the signing link rendered page 1 for the signing page (a WebP and its size as JSON): not PDFs.
      const head = Buffer.from(bytes.subarray(0, 12)).toString('latin1');
      if ((head.startsWith('RIFF') && head.endsWith('WEBP')) || head.startsWith('{')) continue;
      assert.ok((await inspectPdf(bytes)).ok, `${name} is a whole PDF`);
    }

    // Restart: the job resumes at start-up and completes the document.
    server = await startPatiently(dataDir);
    let status = 0;
    const resumeDeadline = Date.now() + 120_000;
    while (status !== 30) {
      assert.ok(Date.now() < resumeDeadline, `the document completed after restart (status ${status})`);
      await sleep(100);
      status = (await api(server.baseUrl, key, 'GET', `/api/v1/document/${documentId}/`)).json.status;
    }
    const res = await fetch(`${server.baseUrl}/api/v1/pdf/${documentId}/`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-esign-pdf'), 'final');
    const finalPdf = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(finalPdf);
    assert.ok(doc.getPageCount() > PAGES, 'all pages plus the history page');
    const text = await placedText(finalPdf);
    assert.ok(
      text.some((t) => t.page === PAGES && t.str === `Typed note on page ${PAGES}`),
      'the last page is stamped',
    );
    assert.ok(
      text.some((t) => t.page > PAGES && t.str.startsWith('Signing history')),
      'the history page is there',
    );

    await server.kill('SIGTERM');
    server = undefined;
    const webhookEvents = await (await store()).webhooks.eventsOf(documentId);
    assert.equal(webhookEvents.filter((e) => e.event === 'finalPdfCreated').length, 1, 'finalPdfCreated emitted once');
    assert.equal((await (await store()).history.events(documentId)).filter((e) => e.event === 'final_pdf_created').length, 1, 'recorded once');
  } finally {
    await server?.kill('SIGKILL');
    await stored?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
