/**
 * Nothing gets stuck: a template whose page tree has an indirect /Count goes all the way to a final
 * PDF with its history page; a final-PDF job that keeps failing is retried with backoff, then
 * recorded as failed (audit log, dashboard API, `esign-server jobs list`), and `jobs retry`
 * completes the document once its cause is gone, with `finalPdfCreated` exactly once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../test/support/chromium.ts';
import { call, createTenant, createTestApp, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field, person } from '../../../test/support/server/documents.ts';
import { indirectCountPdf } from '../../../test/support/server/indirect-count-pdf.ts';
import { documentStatus, historyEvents, sendDocument, signerCall, signerToken, valuesFor, webhookEvents } from '../../../test/support/server/signing.ts';

const CLI = path.join(import.meta.dirname, '..', 'cli.ts');

function cli(args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

async function jobRow(t: TestApp, documentId: string): Promise<{ id: string; state: string; attempts: number; last_error: string } | undefined> {
  const job = await t.app.store.jobs.find(documentId);
  return job && { id: job.id, state: job.state, attempts: job.attempts, last_error: job.lastError };
}

test('a template with an indirect /Count: upload, send with append_history, sign, final PDF with the history page', async () => {
  const t = await createTestApp();
  try {
    const upload = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson=true', {
      group: `/api/v1/group/${t.groupId}/`,
      title: 'Indirect count',
      pdf_file: Buffer.from(indirectCountPdf('stream')).toString('base64'),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const templateId = (upload.json() as { resource: { uid: string } }).resource.uid;
    const fields = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${templateId}/fields/`, [
      { page: 1, ax: 0.1, ay: 0.6, bx: 0.4, by: 0.7, element_type: 'signature', signer: 1 },
    ]);
    assert.equal(fields.statusCode, 201, fields.body);
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: `/api/v1/group/${t.groupId}/`,
      name: 'Indirect count',
      templatepdf: `/api/v1/templatepdf/${templateId}/`,
      append_history: true,
      signers: [person('Ann')],
    });
    assert.equal(sent.statusCode, 201, sent.body);
    const documentId = /([0-9a-f-]{36})\/$/.exec(String(sent.headers.location))![1]!;
    const [recipient] = await t.app.store.documents.recipients(documentId);
    const token = await signerToken(t, recipient.id);
    const view = (await signerCall(t.app, token, recipient.id, 'signing')).json() as { fields: { uuid: string; editable?: boolean }[] };
    const values = Object.fromEntries(
      view.fields
        .filter((f) => f.editable !== false)
        .map((f) => [f.uuid, 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=']),
    );
    const done = await signerCall(t.app, token, recipient.id, 'complete', { values });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().document_status, 30, 'the final PDF was made before the answer');
    const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${documentId}/`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['x-esign-pdf'], 'final');
    assert.equal((await PDFDocument.load(pdf.rawPayload)).getPageCount(), 2, 'the page and its history page');
    assert.equal((await webhookEvents(t.app, documentId)).filter((e) => e === 'document.finalPdfCreated').length, 1);

    // A file the stamper still cannot process is refused at upload with a clear 422, before anyone signs it.
    const refused = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/', {
      group: `/api/v1/group/${t.groupId}/`,
      title: 'Unstampable',
      pdf_file: Buffer.from(indirectCountPdf('stream', 'stream')).toString('base64'),
    });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.equal(errorOf(refused).code, 'pdf_malformed');
    assert.match(errorOf(refused).message, /cannot be stamped/);
  } finally {
    await t.close();
  }
});

test('a final PDF that keeps failing is retried, then shown as failed everywhere, and `jobs retry` completes it once', { timeout: 120_000 }, async () => {
  const t = await createTestApp({ jobs: { retrySchedule: [0, 5, 5], pollIntervalMs: 10 } });
  try {
    const other = await createTenant(t.app, 'Other');
    const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], append_history: true });
    // The source PDF is damaged on disk after sending: every attempt at the final PDF throws.
    const { sourceFile } = (await t.app.store.documents.get(sent.documentId))!;
    const original = await t.app.store.files.readBytes(sourceFile);
    await t.app.store.files.write(sourceFile, new TextEncoder().encode('%PDF-1.7\nthis is not a PDF any more\n'));

    const token = await signerToken(t, sent.recipients[0]!.id);
    const completed = await signerCall(t.app, token, sent.recipients[0]!.id, 'complete', { values: valuesFor(sent, 1) });
    assert.equal(completed.statusCode, 200, completed.body);
    assert.equal(completed.json().status, 40, 'the signature itself is recorded');
    assert.equal(completed.json().document_status, 20);

    const deadline = Date.now() + 60_000;
    while ((await jobRow(t, sent.documentId))?.state !== 'failed') {
      assert.ok(Date.now() < deadline, `the job failed for good (now ${JSON.stringify(await jobRow(t, sent.documentId))})`);
      await sleep(20);
    }
    const job = (await jobRow(t, sent.documentId))!;
    assert.equal(job.attempts, 3, 'one attempt per entry of the retry schedule');
    assert.match(job.last_error, /PDF/);
    assert.equal(await documentStatus(t.app, sent.documentId), 20);

    // The audit log says so, once.
    const audit = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/auditlog/`, undefined, { accept: 'application/json' });
    assert.equal(audit.statusCode, 200);
    const failures = (audit.json().objects as { event: string; details: Record<string, unknown> }[]).filter((e) => e.event === 'final_pdf_failed');
    assert.equal(failures.length, 1);
    assert.deepEqual([failures[0]!.details.job, failures[0]!.details.attempts, failures[0]!.details.error], [job.id, 3, job.last_error]);

    // The dashboard API shows it to the document's group, and to nobody else.
    const listed = await call(t.app, t.key, 'GET', '/api/v1/jobs/?state=failed');
    assert.equal(listed.statusCode, 200, listed.body);
    const objects = listed.json().objects as { id: string; document: string; state: string; attempts: number; last_error: string; kind: string }[];
    assert.deepEqual(
      objects.map((o) => [o.id, o.document, o.kind, o.state, o.attempts]),
      [[job.id, sent.documentId, 'final_pdf', 'failed', 3]],
    );
    assert.equal(objects[0]!.last_error, job.last_error);
    assert.deepEqual((await call(t.app, other.key, 'GET', '/api/v1/jobs/')).json().objects, []);
    assert.equal((await call(t.app, other.key, 'GET', `/api/v1/jobs/${job.id}/`)).statusCode, 404);
    assert.equal((await call(t.app, other.key, 'POST', `/api/v1/jobs/${sent.documentId}/retry/`)).statusCode, 404);

    // So does the CLI.
    const list = cli(['jobs', 'list', '--failed', '--data', t.dataDir]);
    assert.match(list, new RegExp(`${job.id}\\s+final_pdf\\s+failed\\s+attempts 3\\s+document ${sent.documentId}`));
    assert.match(list, /last error: /);

    // The cause goes away; a retry from the CLI completes the document, once.
    await t.app.store.files.write(sourceFile, original);
    const retried = cli(['jobs', 'retry', sent.documentId, '--data', t.dataDir]);
    assert.match(retried, /done: document .* is complete/);
    assert.equal(await documentStatus(t.app, sent.documentId), 30);
    assert.equal((await jobRow(t, sent.documentId))!.state, 'done');
    const events = (await historyEvents(t.app, sent.documentId)).map((e) => e.event);
    assert.equal(events.filter((e) => e === 'final_pdf_retry_requested').length, 1);
    assert.equal(events.filter((e) => e === 'final_pdf_created').length, 1);
    assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'document.finalPdfCreated').length, 1);
    assert.match(cli(['jobs', 'list', '--failed', '--data', t.dataDir]), /No failed jobs\./);
    // Retrying a finished job changes nothing.
    const again = await call(t.app, t.key, 'POST', `/api/v1/jobs/${job.id}/retry/`);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().state, 'done');
    assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'document.finalPdfCreated').length, 1);
  } finally {
    await t.close();
  }
});

test('the last signer waits for the final PDF even when the retry poller looks while its job is being created', { timeout: 60_000 }, async () => {
  const t = await createTestApp({ jobs: { pollIntervalMs: 5 } });
  try {
    const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')] });
    // Widen the moment between creating the job and claiming it: pollers ticked in it and took the job,
    // and the signer was answered before the final PDF existed (seen on PostgreSQL in CI).
    // A poller that claims in that moment is slow to start what it claimed.
    const jobs = t.app.store.jobs;
    const ensure = jobs.ensure.bind(jobs);
    const claimDue = jobs.claimDue.bind(jobs);
    jobs.ensure = async (...args) => {
      const job = await ensure(...args);
      await sleep(60);
      return job;
    };
    jobs.claimDue = async (...args) => {
      const claimed = await claimDue(...args);
      if (claimed.length) await sleep(100);
      return claimed;
    };
    const token = await signerToken(t, sent.recipients[0]!.id);
    const completed = await signerCall(t.app, token, sent.recipients[0]!.id, 'complete', { values: valuesFor(sent, 1) });
    assert.equal(completed.statusCode, 200, completed.body);
    assert.equal(completed.json().document_status, 30, 'the answer came after the final PDF');
    assert.equal((await jobRow(t, sent.documentId))!.attempts, 1);
  } finally {
    await t.close();
  }
});

test('the dashboard retry runs a failed job now and answers the outcome', { timeout: 120_000 }, async () => {
  const t = await createTestApp({ jobs: { retrySchedule: [0], pollIntervalMs: 10 } });
  try {
    const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')] });
    const { sourceFile } = (await t.app.store.documents.get(sent.documentId))!;
    const original = await t.app.store.files.readBytes(sourceFile);
    await t.app.store.files.write(sourceFile, new Uint8Array(0));
    const token = await signerToken(t, sent.recipients[0]!.id);
    const completed = await signerCall(t.app, token, sent.recipients[0]!.id, 'complete', { values: valuesFor(sent, 1) });
    assert.equal(completed.json().document_status, 20);
    assert.equal((await jobRow(t, sent.documentId))!.state, 'failed', 'a one-attempt schedule fails at once');

    const stillBroken = await call(t.app, t.key, 'POST', `/api/v1/jobs/${sent.documentId}/retry/`);
    assert.equal(stillBroken.statusCode, 200, stillBroken.body);
    assert.equal(stillBroken.json().state, 'failed');
    assert.match(stillBroken.json().last_error, /empty/);

    await t.app.store.files.write(sourceFile, original);
    const fixed = await call(t.app, t.key, 'POST', `/api/v1/jobs/${sent.documentId}/retry/`);
    assert.equal(fixed.statusCode, 200, fixed.body);
    assert.equal(fixed.json().state, 'done');
    assert.equal(fixed.json().document_status, 30);
    const events = (await historyEvents(t.app, sent.documentId)).map((e) => e.event);
    assert.deepEqual(
      events.filter((e) => e.startsWith('final_pdf')),
      ['final_pdf_failed', 'final_pdf_retry_requested', 'final_pdf_failed', 'final_pdf_retry_requested', 'final_pdf_created'],
    );
    assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'document.finalPdfCreated').length, 1);
  } finally {
    await t.close();
  }
});

test('the dashboard page lists a failed final PDF with its error, and its Retry button completes the document', { timeout: 120_000 }, async () => {
  const t = await createTestApp({ jobs: { retrySchedule: [0], pollIntervalMs: 10 } });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], name: 'Dashboard contract' });
    const { sourceFile } = (await t.app.store.documents.get(sent.documentId))!;
    const original = await t.app.store.files.readBytes(sourceFile);
    await t.app.store.files.write(sourceFile, new TextEncoder().encode('%PDF-1.7\nbroken\n'));
    const token = await signerToken(t, sent.recipients[0]!.id);
    await signerCall(t.app, token, sent.recipients[0]!.id, 'complete', { values: valuesFor(sent, 1) });
    assert.equal((await jobRow(t, sent.documentId))!.state, 'failed');

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/demo/webhook-tools.html`);
    await page.fill('#key', t.key);
    await page.click('#load');
    await page.waitForSelector('#message:text("Loaded.")');
    const row = page.locator('#jobs tr', { hasText: sent.documentId });
    assert.match((await row.textContent()) ?? '', /Dashboard contract.*final_pdf.*failed.*1.*PDF/s);

    await t.app.store.files.write(sourceFile, original);
    await row.locator('button:text("Retry")').click();
    await page.waitForSelector('#message:text("Done: Dashboard contract is complete.")');
    assert.equal(await documentStatus(t.app, sent.documentId), 30);
    assert.equal(await page.locator('#jobs tr').count(), 0, 'the failed list is empty now');
    assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'document.finalPdfCreated').length, 1);
  } finally {
    await browser.close();
    await t.close();
  }
});
