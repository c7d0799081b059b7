/**
 * Security tests for issue 11, items 2 and 5: work over one tenant's documents and patterns runs in
 * the bounded worker pool (limits before expensive work, killed and replaced when over time or
 * memory, a 4xx for the caller, the server up for everyone), and no path stores more fields than
 * the per-template limit. Every refusal is a 4xx; nothing stored before is lost.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MAX_ELEMENTS } from 'esign-elements/fields';
import type { FieldElement } from 'esign-elements/fields';
import { createTestApp, createTenant, call, type TestApp } from '../../../test/support/server/app.ts';
import { inflateBombPdf, taggedPdf } from '../../../test/support/hostile-pdfs.ts';
import { field, sendBody } from '../../../test/support/server/documents.ts';
import { recipientStatuses, sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';
import { templateFileName } from '../services/template-deletion.ts';
import { WorkPool } from './pool.ts';
import { workSettingsFromEnv } from './settings.ts';

const HOSTILE = '(?:.?){999}(?:.?){999}.*';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function plainPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Contract <<t=signature;s=1>>', { x: 72, y: 700, size: 12, font });
  return doc.save();
}

function upload(t: TestApp, key: string, groupId: string, pdf: Uint8Array, extra: Record<string, unknown> = {}) {
  return call(t.app, key, 'POST', '/api/v1/templatepdf/?returnAsJson=true', {
    group: `/api/v1/group/${groupId}/`,
    title: 'Hostile',
    pdf_file: b64(pdf),
    ...extra,
  });
}

const uid = (res: { json(): unknown }) => (res.json() as { resource: { uid: string } }).resource.uid;

describe('isolation of document work (issue 11, item 2)', () => {
  let t: TestApp;
  let other: { groupId: string; key: string };
  let keptTemplate: string;

  before(async () => {
    t = await createTestApp({
      rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3_600_000 },
      work: { maxPages: 2000, maxInflatedBytes: 8 * 1024 * 1024 },
    });
    other = await createTenant(t.app, 'Other');
    const res = await upload(t, other.key, other.groupId, await plainPdf(), { process_tags: true });
    assert.equal(res.statusCode, 201, res.body);
    keptTemplate = uid(res);
  });
  after(async () => {
    await t.close();
  });

  test('a 20,000-page PDF with process_tags is refused with 422 pdf_limit_exceeded before its text is read', async () => {
    const res = await upload(t, t.key, t.groupId, taggedPdf(20_000), { process_tags: true });
    assert.equal(res.statusCode, 422, res.body);
    const error = res.json().error;
    assert.equal(error.code, 'pdf_limit_exceeded');
    assert.match(error.message, /20000 pages.*up to 2000 pages/);
  });

  test('an inflate bomb is refused with 422 pdf_limit_exceeded, without inflating it all', async () => {
    const res = await upload(t, t.key, t.groupId, await inflateBombPdf(64), { process_tags: true });
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().error.code, 'pdf_limit_exceeded');
    assert.match(res.json().error.message, /expands to more than 8 MB/);
  });

  test('the other group is served throughout, and its template is intact', async () => {
    const [bomb, status] = await Promise.all([
      upload(t, t.key, t.groupId, taggedPdf(20_000), { process_tags: true }),
      call(t.app, other.key, 'GET', `/api/v1/templatepdf/${keptTemplate}/fields/`),
    ]);
    assert.equal(bomb.statusCode, 422);
    assert.equal(status.statusCode, 200);
    assert.equal((status.json() as FieldElement[]).length, 1);
  });
});

describe('jobs over their time or memory limit', () => {
  test('a job over its time limit gets 422 pdf_too_complex, its worker is replaced, and the pool goes on', async () => {
    const t = await createTestApp({ work: { jobTimeoutMs: 150 } });
    try {
      const res = await upload(t, t.key, t.groupId, taggedPdf(1500, 5), { process_tags: true });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().error.code, 'pdf_too_complex');
      assert.match(res.json().error.message, /longer than/);
      assert.ok(t.app.work.replaced >= 1, 'the worker was replaced');
      const next = await t.app.work.run(t.groupId, 'validateFields', { elements: [], pageCount: 1 });
      assert.deepEqual(next.problems, []);
    } finally {
      await t.close();
    }
  });

  test('a worker over its heap limit is killed: 422 pdf_too_complex, and the pool goes on', async () => {
    const t = await createTestApp({ work: { workerHeapMb: 24 } });
    try {
      const res = await upload(t, t.key, t.groupId, taggedPdf(1900, 60), { process_tags: true });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().error.code, 'pdf_too_complex');
      assert.match(res.json().error.message, /memory/);
      const health = await call(t.app, t.key, 'GET', `/api/v1/group/${t.groupId}/`);
      assert.equal(health.statusCode, 200);
    } finally {
      await t.close();
    }
  });

  test('sender patterns (validation 93) over prefilled values are evaluated in the pool: a hostile set gets 422, not a stalled server', async () => {
    const t = await createTestApp({ work: { jobTimeoutMs: 1000 } });
    try {
      // Template and fields stored directly: uploading and saving them go through the pool too, under this short limit.
      const templateId = crypto.randomUUID();
      const pdf = await plainPdf();
      const box: [number, number, number, number] = [0, 0, 612, 792];
      await t.app.store.files.write(templateFileName(templateId), pdf);
      await t.app.store.templates.insert({
        id: templateId,
        groupId: t.groupId,
        userId: t.adminId,
        title: 'Patterns',
        pageCount: 1,
        pages: [{ mediaBox: box, cropBox: box, rotate: 0 }],
        fileSize: pdf.length,
        processTags: false,
        archiveUponSend: false,
        hideSenderFields: false,
        fields: [],
        report: {},
      });
      const fields = Array.from({ length: 40 }, (_, i) => ({
        uuid: crypto.randomUUID(),
        ax: 0.1,
        ay: 0.01 + i * 0.02,
        bx: 0.5,
        by: 0.02 + i * 0.02,
        page: 1,
        element_type: 'admin',
        signer: 0,
        validation: 93,
        options: HOSTILE,
        label: `f${i}`,
        value: '',
        optional: true,
        font_size: 10,
      })) as unknown as FieldElement[];
      await t.app.store.templates.update(templateId, { fields });
      const pdftext = Object.fromEntries(fields.map((f) => [f.label!, 'a'.repeat(2000)]));
      const sent = await call(
        t.app,
        t.key,
        'POST',
        '/api/v1/document/',
        sendBody(t.groupId, templateId, { signers: [{ firstname: 'Ann', lastname: 'T', email: 'ann@example.com' }], pdftext }),
      );
      assert.equal(sent.statusCode, 422, sent.body);
      assert.equal(sent.json().error.code, 'pdf_too_complex');
    } finally {
      await t.close();
    }
  });
});

describe("a signer's values against sender patterns (validation 93)", () => {
  test('are evaluated in the pool on save and complete: a hostile set gets 422, other groups are served, a good value still completes', async () => {
    const t = await createTestApp({ work: { jobTimeoutMs: 1000 }, rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3_600_000 } });
    try {
      const hostile = Array.from({ length: 40 }, (_, i) =>
        field({ signer: 1, element_type: 'text', label: `h${i}`, validation: 93, options: HOSTILE, ay: 0.01 + i * 0.02, by: 0.02 + i * 0.02, optional: true }),
      );
      const sent = await sendDocument(t, [field({ signer: 1, page: 2 }), ...hostile]);
      const ann = sent.recipients[0]!.id;
      const token = await signerToken(t, ann);
      const values = {
        ...valuesFor(sent, 1),
        ...Object.fromEntries(hostile.map((f) => [sent.fields.find((s) => s.label === f.label)!.uuid!, 'a'.repeat(2000)])),
      };
      for (const op of ['save', 'complete'] as const) {
        const [res, others] = await Promise.all([signerCall(t.app, token, ann, op, { values }), call(t.app, t.key, 'GET', '/api/v1/group/')]);
        assert.equal(res.statusCode, 422, `${op}: ${res.body}`);
        assert.equal(res.json().error.code, 'pdf_too_complex', op);
        assert.equal(others.statusCode, 200);
      }
      assert.equal((await recipientStatuses(t.app, sent.documentId))[0], 10, 'nothing was completed');

      const simple = await sendDocument(t, [
        field({ signer: 1 }),
        field({ signer: 1, element_type: 'text', label: 'Ref', validation: 93, options: '^[A-Z]{3}-\\d{4}$', ay: 0.4, by: 0.45 }),
      ]);
      const bob = simple.recipients[0]!.id;
      const bobToken = await signerToken(t, bob);
      const ref = simple.fields.find((f) => f.label === 'Ref')!.uuid!;
      const wrong = await signerCall(t.app, bobToken, bob, 'complete', { values: { ...valuesFor(simple, 1), [ref]: 'abc' } });
      assert.equal(wrong.statusCode, 422, wrong.body);
      assert.deepEqual(
        wrong.json().error.fields.map((f: { field: string }) => f.field),
        [`values.${ref}`],
      );
      const right = await signerCall(t.app, bobToken, bob, 'complete', { values: { ...valuesFor(simple, 1), [ref]: 'ABC-1234' } });
      assert.equal(right.statusCode, 200, right.body);
    } finally {
      await t.close();
    }
  });
});

describe('fair queueing', () => {
  test("one group never takes every worker: another group's job runs while the first group's queue waits", async () => {
    const pool = new WorkPool({ ...workSettingsFromEnv(), workers: 2 });
    try {
      // Two groups at once: each takes one worker, so both workers are up before the race below.
      await Promise.all(['warm-1', 'warm-2'].map((g) => pool.run(g, 'validateFields', { elements: [], pageCount: 1 })));
      const slow = taggedPdf(100, 30);
      const finished: string[] = [];
      const a = [1, 2, 3].map((n) => pool.run('group-a', 'extractTags', { bytes: slow }).then(() => finished.push(`a${n}`)));
      const b = pool.run('group-b', 'validateFields', { elements: [], pageCount: 1 }).then(() => finished.push('b'));
      await Promise.all([...a, b]);
      assert.equal(finished[0], 'b', `order: ${finished.join(', ')}`);
    } finally {
      await pool.close();
    }
  });
});

describe('the fields-per-template limit on every path that makes fields (issue 11, item 5)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test(`upload with process_tags keeps ${MAX_ELEMENTS} fields and reports the rest`, async () => {
    const res = await upload(t, t.key, t.groupId, taggedPdf(70, 30), { process_tags: true });
    assert.equal(res.statusCode, 201, res.body);
    const id = uid(res);
    const template = (await t.app.store.templates.get(id))!;
    assert.equal(template.fields.length, MAX_ELEMENTS);
    const note = (template.report as { field_limit?: { code: string; dropped: number } }).field_limit;
    assert.equal(note?.code, 'too_many_fields');
    assert.equal(note?.dropped, 100);
  });

  test('POST …/tags/ adds only what fits beside the existing fields, and says what it left out', async () => {
    const res = await upload(t, t.key, t.groupId, taggedPdf(70, 30));
    const id = uid(res);
    const tags = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/tags/`, {});
    assert.equal(tags.statusCode, 201, tags.body);
    const body = tags.json() as { fields_found: number; problems: { code: string; dropped?: number }[]; fields: unknown[] };
    assert.equal(body.fields.length, MAX_ELEMENTS);
    assert.equal(body.fields_found, MAX_ELEMENTS);
    assert.equal(body.problems.find((p) => p.code === 'too_many_fields')?.dropped, 100);
    const again = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/tags/`, {});
    assert.equal(again.statusCode, 201);
    assert.equal((again.json() as { fields: unknown[] }).fields.length, MAX_ELEMENTS, 'a second call adds none: the template is full');
  });

  test('form import (on upload and later) keeps the limit too', async () => {
    const doc = await PDFDocument.create();
    const form = doc.getForm();
    for (let p = 0; p < 3; p++) {
      const page = doc.addPage([612, 792]);
      for (let i = 0; i < 700; i++)
        form.createTextField(`p${p}.f${i}`).addToPage(page, { x: 10 + (i % 20) * 29, y: 10 + Math.floor(i / 20) * 21, width: 28, height: 20 });
    }
    const pdf = await doc.save();
    const res = await upload(t, t.key, t.groupId, pdf, { import_form_fields: true });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((await t.app.store.templates.get(uid(res)))!.fields.length, MAX_ELEMENTS);

    const later = await upload(t, t.key, t.groupId, pdf);
    const imported = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${uid(later)}/import-form-fields/`, {});
    assert.equal(imported.statusCode, 200, imported.body);
    const body = imported.json() as { fields_imported: number; notes: { code: string; dropped?: number }[]; fields: unknown[] };
    assert.equal(body.fields.length, MAX_ELEMENTS);
    assert.equal(body.notes.find((n) => n.code === 'too_many_fields')?.dropped, 100);
  });
});
