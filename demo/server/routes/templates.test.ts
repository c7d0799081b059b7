import { localBlobs } from '../store/files.ts';
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { call, createTenant, createTestApp, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { templateWebAppId } from '../domain/uris.ts';
import { sweepDeletedTemplates } from '../services/template-sweep.ts';

const FIXTURES = process.env.ESIGN_FIXTURES ?? path.resolve(import.meta.dirname, '../../../../shared/fixtures/pdfs');

async function contractPdf(text = 'Please sign: <<t=signature>>'): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 12, font });
  doc.addPage([612, 792]);
  return Buffer.from(await doc.save()).toString('base64');
}

describe('template PDFs', () => {
  let t: TestApp;
  let pdf: string;
  const group = () => `/api/v1/group/${t.groupId}/`;
  const upload = (body: Record<string, unknown>, query = '') =>
    call(t.app, t.key, 'POST', `/api/v1/templatepdf/${query}`, { group: group(), title: 'Contract', pdf_file: pdf, ...body });
  const uploadId = async (body: Record<string, unknown> = {}) => {
    const res = await upload(body, '?returnAsJson=true');
    assert.equal(res.statusCode, 201, res.body);
    return (res.json() as { resource: { uid: string } }).resource.uid;
  };

  before(async () => {
    t = await createTestApp();
    pdf = await contractPdf();
  });
  after(async () => {
    await t.close();
  });

  test('upload answers an empty 201 with Location', async () => {
    const res = await upload({});
    assert.equal(res.statusCode, 201);
    assert.match(res.headers.location as string, /^\/api\/v1\/templatepdf\/[0-9a-f-]{36}\/$/);
    assert.equal(res.body, '');
  });

  test('returnAsJson gives {resource: {uid, status_uri, document_uri}}; the status URI describes it', async () => {
    const res = await upload({ process_tags: 'true', archive_upon_send: 1 }, '?returnAsJson=1');
    assert.equal(res.statusCode, 201);
    const { resource, report } = res.json() as {
      resource: { uid: string; status_uri: string; document_uri: string };
      report: { tags: { fields_found: number } };
    };
    assert.equal(resource.document_uri, `/api/v1/templatepdf/${resource.uid}/`);
    assert.equal(report.tags.fields_found, 1);
    const status = await call(t.app, t.key, 'GET', resource.status_uri);
    assert.equal(status.statusCode, 200);
    const info = status.json() as {
      title: string;
      page_count: number;
      process_tags: boolean;
      archive_upon_send: boolean;
      field_count: number;
      signer_count: number;
      group: string;
    };
    assert.equal(info.title, 'Contract');
    assert.equal(info.page_count, 2);
    assert.equal(info.process_tags, true);
    assert.equal(info.archive_upon_send, true);
    assert.equal(info.field_count, 1);
    assert.equal(info.signer_count, 1);
    assert.equal(info.group, group());
    const inBody = await upload({ returnAsJson: 'true' });
    assert.equal(inBody.statusCode, 201);
    assert.equal((inBody.json() as { resource: { document_uri: string } }).resource.document_uri, inBody.headers.location);
  });

  test('upload problems: missing fields, bad base64, not a PDF, unknown group', async () => {
    const missing = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/', { title: 'x' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(
      errorOf(missing).fields!.map((f) => f.field),
      ['group', 'pdf_file'],
    );
    assert.match(errorOf(missing).message, /group is required; pdf_file is required/);
    const wrongType = await upload({ pdf_file: 12345 });
    assert.equal(wrongType.statusCode, 400);
    assert.equal(errorOf(wrongType).fields![0]!.field, 'pdf_file');
    const notBase64 = await upload({ pdf_file: 'this is not base64!' });
    assert.equal(notBase64.statusCode, 422);
    assert.equal(errorOf(notBase64).code, 'pdf_not_base64');
    const notPdf = await upload({ pdf_file: Buffer.from('hello world, not a pdf').toString('base64') });
    assert.equal(notPdf.statusCode, 422);
    assert.match(errorOf(notPdf).code, /^pdf_/);
    const empty = await upload({ pdf_file: '' });
    assert.equal(empty.statusCode, 422);
    const badGroup = await upload({ group: '/api/v1/group/nope/' });
    assert.equal(badGroup.statusCode, 422);
    assert.equal(errorOf(badGroup).code, 'unknown_group');
  });

  test('a PDF over the upload limit gets 413 naming the limit', async () => {
    const small = await createTestApp({ maxUploadBytes: 2000 });
    try {
      const res = await call(small.app, small.key, 'POST', '/api/v1/templatepdf/', {
        group: `/api/v1/group/${small.groupId}/`,
        pdf_file: Buffer.alloc(3000, 1).toString('base64'),
      });
      assert.equal(res.statusCode, 413);
      assert.match(errorOf(res).message, /MB/);
    } finally {
      await small.close();
    }
  });

  test('download: PDF inline, force_download attachment, returnAsJson base64; web-app IDs work', async () => {
    const id = await uploadId();
    const res = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(res.headers['content-disposition'] as string, /^inline; filename="Contract.pdf"/);
    assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(res.rawPayload, Buffer.from(pdf, 'base64'));
    const attach = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/?force_download=true`);
    assert.match(attach.headers['content-disposition'] as string, /^attachment;/);
    const json = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/?returnAsJson=true`);
    assert.equal((json.json() as { pdf_file: string }).pdf_file, pdf);
    const webApp = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${encodeURIComponent(templateWebAppId(id))}/`);
    assert.equal(webApp.statusCode, 200);
    const urlSafe = templateWebAppId(id).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${urlSafe}/status/`)).statusCode, 200);
    assert.equal((await call(t.app, t.key, 'GET', '/api/v1/templatepdf/not-an-id/')).statusCode, 404);
  });

  test('a web-app id works on every template operation, and in a send', async () => {
    const id = await uploadId();
    const w = encodeURIComponent(templateWebAppId(id));
    for (const [method, url, body] of [
      ['GET', `/api/v1/templatepdf/${w}/status/`],
      ['GET', `/api/v1/templatepdf/${w}/fields/`],
      ['POST', `/api/v1/templatepdf/${w}/fields/`, []],
      ['GET', `/api/v1/templatepdf/${w}/preview/`],
      ['GET', `/api/v1/templatepdf/${w}/component-token/`],
      ['GET', `/api/v1/templatepdf/${w}/edit-link/`],
      ['PATCH', `/api/v1/templatepdf/${w}/`, { title: 'Renamed' }],
      ['POST', `/api/v1/templatepdf/${w}/tags/`, {}],
      [
        'POST',
        '/api/v1/document/',
        {
          group: group(),
          name: 'By web-app id',
          templatepdf: templateWebAppId(id),
          signers: [{ firstname: 'Ann', lastname: 'Lee', email: 'ann@example.com' }],
        },
      ],
      ['POST', `/api/v1/templatepdf/${w}/archive/`],
      ['DELETE', `/api/v1/templatepdf/${w}/delete/`],
    ] as const) {
      const res = await call(t.app, t.key, method, url, body);
      assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`)).statusCode, 404);
  });

  test('list: pagination with filters carried in next/previous; archive hides from the default list', async () => {
    const fresh = await createTestApp();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(fresh.app, fresh.key, 'POST', '/api/v1/templatepdf/?returnAsJson', {
          group: `/api/v1/group/${fresh.groupId}/`,
          title: i % 2 ? `Lease ${i}` : `NDA ${i}`,
          pdf_file: pdf,
        });
        ids.push((res.json() as { resource: { uid: string } }).resource.uid);
      }
      const page1 = await call(fresh.app, fresh.key, 'GET', '/api/v1/templatepdf/?title=NDA&limit=2');
      const body1 = page1.json() as { meta: { total_count: number; next: string; previous: null }; objects: { title: string }[] };
      assert.equal(body1.meta.total_count, 3);
      assert.equal(body1.objects.length, 2);
      assert.ok(body1.objects.every((o) => o.title.startsWith('NDA')));
      assert.equal(body1.meta.previous, null);
      assert.match(body1.meta.next, /title=NDA/);
      const page2 = await call(fresh.app, fresh.key, 'GET', body1.meta.next);
      const body2 = page2.json() as { meta: { next: null; previous: string }; objects: unknown[] };
      assert.equal(body2.objects.length, 1);
      assert.equal(body2.meta.next, null);
      assert.match(body2.meta.previous, /title=NDA/);

      const archived = await call(fresh.app, fresh.key, 'POST', `/api/v1/templatepdf/${ids[0]}/archive/`);
      assert.equal(archived.statusCode, 201);
      assert.equal((archived.json() as { archived: boolean }).archived, true);
      const live = (await call(fresh.app, fresh.key, 'GET', '/api/v1/templatepdf/')).json() as { meta: { total_count: number } };
      assert.equal(live.meta.total_count, 4);
      const onlyArchived = (await call(fresh.app, fresh.key, 'GET', '/api/v1/templatepdf/?archived=true')).json() as { objects: { uuid: string }[] };
      assert.deepEqual(
        onlyArchived.objects.map((o) => o.uuid),
        [ids[0]],
      );
      const all = (await call(fresh.app, fresh.key, 'GET', '/api/v1/templatepdf/?archived=all')).json() as { meta: { total_count: number } };
      assert.equal(all.meta.total_count, 5);
      const future = (await call(fresh.app, fresh.key, 'GET', '/api/v1/templatepdf/?created_gt=2999-01-01T00:00:00Z')).json() as {
        meta: { total_count: number };
      };
      assert.equal(future.meta.total_count, 0);
      // Every filter rides along in next/previous; a bare date counts as midnight UTC, as in the document list.
      const filters = { title: 'NDA', archived: 'all', group: fresh.groupId, created_gt: '2000-01-01', modified_gt: '2000-01-01T00:00:00Z' };
      const filtered = (
        await call(fresh.app, fresh.key, 'GET', `/api/v1/templatepdf/?${new URLSearchParams({ ...filters, limit: '1', offset: '1' })}`)
      ).json() as { meta: { total_count: number; next: string; previous: string } };
      assert.equal(filtered.meta.total_count, 3);
      for (const [link, offset] of [
        [filtered.meta.next, '2'],
        [filtered.meta.previous, '0'],
      ] as const) {
        assert.deepEqual(Object.fromEntries(new URL(link, 'http://x').searchParams), { ...filters, limit: '1', offset });
      }
      const badDate = await call(fresh.app, fresh.key, 'GET', '/api/v1/templatepdf/?created_gt=yesterday');
      assert.equal(badDate.statusCode, 400);
      assert.equal(errorOf(badDate).fields![0]!.field, 'created_gt');
      const badLimit = await call(fresh.app, fresh.key, 'GET', '/api/v1/templatepdf/?limit=abc');
      assert.equal(badLimit.statusCode, 400);
    } finally {
      await fresh.close();
    }
  });

  test('tags after upload add the tag fields', async () => {
    const id = await uploadId();
    const res = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/tags/`, {});
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json() as { fields_found: number; fields: { uuid: string; element_type: string }[] };
    assert.equal(body.fields_found, 1);
    assert.equal(body.fields[0]!.element_type, 'signature');
    assert.match(body.fields[0]!.uuid, /^[0-9a-f-]{36}$/);
    const again = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/tags/`);
    assert.equal((again.json() as { fields: unknown[] }).fields.length, 2);
    const replaced = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/tags/`, { replace: true });
    assert.equal((replaced.json() as { fields: unknown[] }).fields.length, 1);
  });

  test('import-form-fields after upload turns the stored form into fields and strips it', async () => {
    const form = fs.readFileSync(path.join(FIXTURES, 'pdflib-fancy_fields.pdf')).toString('base64');
    const id = await uploadId({ pdf_file: form });
    const res = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/import-form-fields/`, {});
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { fields_imported: number; fields: { uuid: string; map_to: string; validation: number | null }[] };
    assert.ok(body.fields_imported > 3, `${body.fields_imported} fields`);
    assert.equal(body.fields.length, body.fields_imported);
    assert.ok(body.fields.every((f) => /^[0-9a-f-]{36}$/.test(f.uuid) && f.map_to));
    assert.ok(body.fields.some((f) => f.validation === 25) && body.fields.some((f) => f.validation === 20), 'checkboxes and dropdowns');
    // The stored PDF lost its form: a second import finds nothing and changes nothing.
    const again = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/import-form-fields/`, { replace: 'true' });
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual([(again.json() as { fields_imported: number }).fields_imported, (again.json() as { fields: unknown[] }).fields.length], [0, 0]);
    const pdf = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`);
    assert.equal(pdf.statusCode, 200);
    const served = await PDFDocument.load(pdf.rawPayload);
    assert.equal(served.catalog.get(PDFName.of('AcroForm')), undefined, 'the served template has no form');
  });

  test('import-form-fields answers 404 for an unknown template and 400 for a bad body', async () => {
    const missing = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/nope/import-form-fields/', {});
    assert.equal(missing.statusCode, 404);
    const id = await uploadId();
    const bad = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/import-form-fields/`, { replace: 'perhaps' });
    assert.equal(bad.statusCode, 400, bad.body);
  });

  test('edit link opens the editor page with an editor token that works on this template only', async () => {
    const id = await uploadId();
    const res = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/edit-link/`);
    assert.equal(res.statusCode, 201, res.body);
    const url = res.json() as string;
    assert.equal(res.headers.location, url);
    assert.ok(Date.parse(String(res.headers['x-expires-at'])) > Date.now());
    const link = new URL(url);
    assert.equal(link.pathname, '/demo/editor.html');
    assert.equal(link.searchParams.get('template'), id);
    const token = new URLSearchParams(link.hash.slice(1)).get('token')!;
    assert.equal((await call(t.app, token, 'GET', `/api/v1/templatepdf/${id}/fields/`)).statusCode, 200);
    assert.equal((await call(t.app, token, 'POST', `/api/v1/templatepdf/${id}/fields/`, [])).statusCode, 201);
    assert.equal((await call(t.app, token, 'GET', '/api/v1/templatepdf/')).statusCode, 403);
    const page = await t.app.inject({ method: 'GET', url: '/demo/editor.html' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /esign-editor/);
  });

  test('secure delete removes the template and its file', async () => {
    const id = await uploadId();
    const { files } = t.app.store;
    const hash = (await files.hashOf(`template-${id}`))!;
    const blob = localBlobs(t.app.store).pathOf(hash);
    assert.ok(fs.existsSync(blob));
    const res = await call(t.app, t.key, 'DELETE', `/api/v1/templatepdf/${id}/delete/`);
    assert.equal(res.statusCode, 204);
    assert.equal(await files.exists(`template-${id}`), false);
    // Other templates of these tests upload the same bytes: the blob goes with its last reference only.
    assert.equal(fs.existsSync(blob), (await files.refs.refs(hash)) > 0);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`)).statusCode, 404);
    assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/templatepdf/${id}/delete/`)).statusCode, 404);
  });

  test("retention policy: deletion needs a second member's approval", async () => {
    const patch = await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { deletion_requires_approval: true });
    assert.equal(patch.statusCode, 202);
    try {
      const id = await uploadId();
      const first = await call(t.app, t.key, 'DELETE', `/api/v1/templatepdf/${id}/delete/`);
      assert.equal(first.statusCode, 409);
      assert.equal(errorOf(first).code, 'second_approval_required');
      assert.match(errorOf(first).message, /second approval/);
      const sameUser = await call(t.app, t.key, 'DELETE', `/api/v1/templatepdf/${id}/delete/`);
      assert.equal(sameUser.statusCode, 409);
      const colleague = await call(t.app, t.key, 'POST', '/api/v1/user/', {
        email: 'colleague@example.com',
        first_name: 'Col',
        last_name: 'League',
        groups: [group()],
      });
      assert.equal(colleague.statusCode, 201);
      const { key } = await t.app.store.apiKeys.create((colleague.json() as { uuid: string }).uuid, 'sandbox', false);
      const second = await call(t.app, key, 'DELETE', `/api/v1/templatepdf/${id}/delete/`);
      assert.equal(second.statusCode, 204);
    } finally {
      await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { deletion_requires_approval: false });
    }
  });

  test('PATCH edits title and flags; blank titles and wrong types are refused', async () => {
    const id = await uploadId();
    const res = await call(t.app, t.key, 'PATCH', `/api/v1/templatepdf/${id}/`, { title: 'Renamed', hide_sender_fields: 'true', archive_upon_send: 1 });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { title: string; hide_sender_fields: boolean; archive_upon_send: boolean; archived: boolean };
    assert.deepEqual([body.title, body.hide_sender_fields, body.archive_upon_send, body.archived], ['Renamed', true, true, false]);
    assert.equal((await call(t.app, t.key, 'PATCH', `/api/v1/templatepdf/${id}/`, { title: ' ' })).statusCode, 422);
    assert.equal((await call(t.app, t.key, 'PATCH', `/api/v1/templatepdf/${id}/`, { hide_sender_fields: 'yes' })).statusCode, 400);
  });

  test('templates titled [deleted] are swept after the delay, others kept', async () => {
    const renamed = await uploadId({ title: 'Old' });
    await call(t.app, t.key, 'PATCH', `/api/v1/templatepdf/${renamed}/`, { title: '[deleted]' });
    const doomed = await uploadId({ title: '[deleted]' });
    const kept = await uploadId({ title: 'Keep me' });
    assert.deepEqual(await sweepDeletedTemplates(t.app.store, 60_000), []);
    const removed = await sweepDeletedTemplates(t.app.store, 60_000, Date.now() + 120_000);
    assert.deepEqual(removed.sort(), [doomed, renamed].sort());
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${doomed}/`)).statusCode, 404);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${kept}/`)).statusCode, 200);
  });

  test("another group's key sees none of these templates (404, nothing leaks)", async () => {
    const id = await uploadId();
    const other = await createTenant(t.app, 'Outsider');
    const list = (await call(t.app, other.key, 'GET', '/api/v1/templatepdf/?archived=all')).json() as { meta: { total_count: number } };
    assert.equal(list.meta.total_count, 0);
    for (const [method, url] of [
      ['GET', `/api/v1/templatepdf/${id}/`],
      ['GET', `/api/v1/templatepdf/${id}/status/`],
      ['GET', `/api/v1/templatepdf/${templateWebAppId(id)}/`],
      ['POST', `/api/v1/templatepdf/${id}/archive/`],
      ['POST', `/api/v1/templatepdf/${id}/tags/`],
      ['POST', `/api/v1/templatepdf/${id}/import-form-fields/`],
      ['GET', `/api/v1/templatepdf/${id}/edit-link/`],
      ['DELETE', `/api/v1/templatepdf/${id}/delete/`],
    ] as const) {
      const res = await call(t.app, other.key, method, url);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.ok(!res.body.includes('Contract'), `${method} ${url} leaks the title`);
    }
    const ownGroup = await upload({ group: `/api/v1/group/${other.groupId}/` });
    assert.equal(ownGroup.statusCode, 422);
    const list2 = await call(t.app, other.key, 'GET', `/api/v1/templatepdf/?group=/api/v1/group/${t.groupId}/`);
    assert.equal((list2.json() as { meta: { total_count: number } }).meta.total_count, 0);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`)).statusCode, 200);
  });
});

describe('every fixture PDF uploaded as a template', () => {
  test('usable ones are accepted, broken ones get a 4xx that says why, none a 5xx', async () => {
    const t = await createTestApp();
    try {
      const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.pdf'));
      assert.ok(files.length >= 17);
      for (const file of files) {
        const res = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson', {
          group: `/api/v1/group/${t.groupId}/`,
          title: file,
          pdf_file: fs.readFileSync(path.join(FIXTURES, file)).toString('base64'),
          process_tags: true,
          import_form_fields: true,
        });
        assert.ok(res.statusCode < 500, `${file}: ${res.statusCode} ${res.body}`);
        if (res.statusCode !== 201) {
          assert.equal(res.statusCode, 422, `${file}: ${res.body}`);
          assert.match(errorOf(res).code, /^pdf_/);
          assert.ok(errorOf(res).message.length > 20, `${file}: message too short`);
        }
        if (file === 'pdflib-encrypted_new.pdf') assert.equal(errorOf(res).code, 'pdf_encrypted');
        if (file === 'pdflib-missing_xref_trailer_dict.pdf') assert.equal(res.statusCode, 422);
        if (file === 'pdfjs-tracemonkey.pdf') assert.equal(res.statusCode, 201);
      }
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
