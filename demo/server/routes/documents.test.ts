import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, createTenant, call, errorOf } from '../../../test/support/server/app.ts';
import { openWithPdfjs } from '../pdf/pdfjs-node.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, field, idFromLocation, person, sendBody } from '../../../test/support/server/documents.ts';

let t: TestApp;
const limits = { rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } };

before(async () => {
  t = await createTestApp(limits);
});
after(() => t.close());

async function send(extra: Record<string, unknown> = {}, templateExtra: Parameters<typeof addTemplate>[1] | null = null) {
  const tpl = await addTemplate(t.app, templateExtra ?? { groupId: t.groupId, userId: t.adminId });
  const res = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tpl.id, extra));
  return { res, tpl };
}

test('send answers 201 with the status URI, copies the PDF and invites the first signer', async () => {
  const { res, tpl } = await send({ tag: 'ref-42', tag1: 'a', tag2: 'b', tag3: 'c' });
  assert.equal(res.statusCode, 201, res.body);
  const id = idFromLocation(res.headers.location);
  const body = res.json();
  assert.equal(body.uuid, id);
  assert.equal(body.status, 10);
  assert.equal(body.statusText, 'available');
  assert.deepEqual([body.tag, body.tag1, body.tag2, body.tag3], ['ref-42', 'a', 'b', 'c']);
  assert.deepEqual(
    body.signer_objects.map((s: { status: number; role: string; order: number }) => [s.status, s.role, s.order]),
    [
      [10, 'signer', 0],
      [4, 'signer', 1],
    ],
  );

  const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/`);
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['x-esign-pdf'], 'source');
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  assert.deepEqual(new Uint8Array(pdf.rawPayload), tpl.pdf, 'the source PDF is the template PDF');
  // The copy is the document's own: deleting the template file leaves the document intact.
  await t.app.store.files.remove(`template-${tpl.id}`);
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/`)).statusCode, 200);
});

test('the detail lists signers (legacy rows) and signer_objects, and the pdf password', async () => {
  const { res } = await send({ pdf_password: 'secret pw', pdf_password_type: 1, redirect: 'https://example.com/done' });
  const id = idFromLocation(res.headers.location);
  const detail = await call(t.app, t.key, 'GET', `/api/v1/document/${id}/`);
  assert.equal(detail.statusCode, 200);
  const d = detail.json();
  assert.equal(d.pdf_password, 'secret pw');
  assert.equal(d.pdf_password_type, 1);
  assert.equal(d.redirect, 'https://example.com/done');
  assert.equal(d.resource_uri, `/api/v1/document/${id}/`);
  assert.equal(d.group, `/api/v1/group/${t.groupId}/`);
  assert.equal(d.signers.length, 2);
  const [uri, first, last, email, tel, hasFields, status, order] = d.signers[0];
  assert.match(uri, /^\/api\/v1\/signer\/[0-9a-f-]{36}\/$/);
  assert.deepEqual([first, last, email, tel, hasFields, status, order], ['Ann', 'Tester', 'ann@example.com', '', true, 10, 0]);
  const so = d.signer_objects[1];
  for (const key of ['firstname', 'lastname', 'email', 'tel', 'status', 'order', 'resource_uri', 'role', 'uuid']) assert.ok(key in so, key);
  assert.equal(so.resource_uri, `/api/v1/signer/${so.uuid}/`);
  assert.equal((await call(t.app, t.key, 'GET', so.resource_uri)).json().document, `/api/v1/document/${id}/`);
});

test('roles from the template, skip and the witness rule through the API', async () => {
  const fields = [field({ signer: 1 }), field({ signer: 101 }), field({ signer: 2 })];
  const { res } = await send({ signers: [person('Ann', { skip: 'true' }), person('Wes'), person('Bob')] }, { groupId: t.groupId, userId: t.adminId, fields });
  assert.equal(res.statusCode, 201, res.body);
  const d = res.json();
  assert.deepEqual(
    d.signer_objects.map((s: { firstname: string; role: string; signer_number: number; status: number }) => [s.firstname, s.role, s.signer_number, s.status]),
    [['Bob', 'signer', 2, 10]],
  );
  assert.deepEqual(
    d.skipped_signers.map((s: { firstname: string; reason: string }) => [s.firstname, s.reason]),
    [
      ['Ann', 'skip'],
      ['Wes', 'witness of a skipped signer'],
    ],
  );
  const docFields = (await call(t.app, t.key, 'GET', `/api/v1/document/${d.uuid}/fields/`)).json();
  assert.deepEqual(
    docFields.map((f: { signer: number }) => f.signer),
    [2],
  );
});

test('pdftext and signertext by label and UUID; strict_fields names unknown keys', async () => {
  const admin = field({ element_type: 'admin', label: 'Client', signer: null });
  const text = field({ element_type: 'text', signer: 1, label: 'Address' });
  const sig = field({ signer: 1 });
  const tplOpts = { groupId: t.groupId, userId: t.adminId, fields: [admin, text, sig] };
  const { res } = await send({ signers: [person('Ann')], pdftext: { client: 'ACME' }, signertext: { [text.uuid!]: '1 High St' } }, tplOpts);
  assert.equal(res.statusCode, 201, res.body);
  const id = res.json().uuid;
  const all = (await call(t.app, t.key, 'GET', `/api/v1/document/${id}/fields/`)).json();
  assert.deepEqual(
    all.map((f: { label: string; value: string }) => [f.label, f.value]),
    [
      ['Client', 'ACME'],
      ['Address', '1 High St'],
      ['', ''],
    ],
  );
  assert.equal(all[0].signer, 0, 'admin fields default to signer 0');
  const admins = (await call(t.app, t.key, 'GET', `/api/v1/document/${id}/fields/?element_type=admin`)).json();
  assert.deepEqual(
    admins.map((f: { label: string }) => f.label),
    ['Client'],
  );
  const bad = await call(t.app, t.key, 'GET', `/api/v1/document/${id}/fields/?element_type=checkbox`);
  assert.equal(bad.statusCode, 400);
  assert.equal(errorOf(bad).fields?.[0].field, 'element_type');

  const strict = await send({ signers: [person('Ann')], strict_fields: 1, pdftext: { Nope: 'x' } }, tplOpts);
  assert.equal(strict.res.statusCode, 400);
  assert.deepEqual(
    errorOf(strict.res).fields?.map((f) => f.field),
    ['pdftext.Nope'],
  );
});

test('bad send bodies answer 400 naming every field, never 5xx', async () => {
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const cases: [unknown, string[]][] = [
    [{}, ['group', 'name', 'signers', 'templatepdf']],
    [sendBody(t.groupId, tpl.id, { signers: [{ firstname: 'A', lastname: 'B', email: 'nope' }] }), ['signers[0].email']],
    [sendBody(t.groupId, tpl.id, { do_email: 'maybe', tag: 7 }), ['do_email', 'tag']],
    [sendBody('no-such-group', tpl.id), ['group']],
    [sendBody(t.groupId, '00000000-0000-4000-8000-000000000000'), ['templatepdf']],
    [sendBody(t.groupId, tpl.id, { signers: [person('Ann')] }), ['signers']],
  ];
  for (const [body, fields] of cases) {
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/', body);
    assert.equal(res.statusCode, 400, `${JSON.stringify(body)} -> ${res.body}`);
    assert.deepEqual(
      errorOf(res)
        .fields?.map((f) => f.field)
        .sort(),
      fields,
      res.body,
    );
  }
  for (const raw of ['[1,2]', '"text"', 'null', '{"signers": "x"}']) {
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/', raw);
    assert.equal(res.statusCode, 400, `${raw} -> ${res.body}`);
  }
  const malformed = await call(t.app, t.key, 'POST', '/api/v1/document/', '{"group": ');
  assert.equal(malformed.statusCode, 400);
});

test('archive_upon_send archives the template; sending an archived or [deleted] template is 409', async () => {
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, archiveUponSend: true });
  const first = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tpl.id));
  assert.equal(first.statusCode, 201, first.body);
  assert.equal((await t.app.store.templates.get(tpl.id))!.archived, true);
  const again = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tpl.id));
  assert.equal(again.statusCode, 409);
  assert.equal(errorOf(again).code, 'template_archived');

  const doomed = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  await t.app.store.templates.update(doomed.id, { title: '[deleted]' });
  const res = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, doomed.id));
  assert.equal(res.statusCode, 409);
  assert.equal(errorOf(res).code, 'template_deleted');
});

test("a bundle becomes one document with the templates' pages in order", async () => {
  const a = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, pages: 1, fields: [field({ signer: 1 })] });
  const b = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, pages: 2, fields: [field({ signer: 2, page: 2 })] });
  const res = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, a.id, { templatepdf: [a.id, `/api/v1/templatepdf/${b.id}/`] }));
  assert.equal(res.statusCode, 201, res.body);
  const d = res.json();
  assert.equal(d.page_count, 3);
  assert.deepEqual(d.templatepdfs, [`/api/v1/templatepdf/${a.id}/`, `/api/v1/templatepdf/${b.id}/`]);
  const fields = (await call(t.app, t.key, 'GET', `/api/v1/document/${d.uuid}/fields/`)).json();
  assert.deepEqual(
    fields.map((f: { page: number }) => f.page),
    [1, 3],
  );
  const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${d.uuid}/`);
  const { PDFDocument } = await import('pdf-lib');
  assert.equal((await PDFDocument.load(pdf.rawPayload)).getPageCount(), 3);
});

test('delete: status 40, recipients withdrawn, email=1 queues notices, a second delete is 409', async () => {
  const { res } = await send();
  const id = res.json().uuid;
  const del = await call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/?email=1`);
  assert.equal(del.statusCode, 204, del.body);
  const status = (await call(t.app, t.key, 'GET', `/api/v1/status/${id}/`)).json();
  assert.deepEqual([status.status, status.statusText, status.archived], [40, 'removed', true]);
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${id}/`)).json();
  assert.deepEqual(
    detail.signer_objects.map((s: { status: number }) => s.status),
    [70, 70],
  );
  const emails = await t.app.store.history.emails({ documentId: id });
  assert.deepEqual(
    emails.map((e) => [e.kind, e.to]),
    [['document_removed', 'ann@example.com']],
    'only the invited recipient is told',
  );
  const twice = await call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/`);
  assert.equal(twice.statusCode, 409);
  assert.equal(errorOf(twice).code, 'invalid_transition');
  assert.match(errorOf(twice).message, /removed/);
});

test('the audit log records the send and the removal with actor, IP and user agent', async () => {
  const { res } = await send();
  const id = res.json().uuid;
  await call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/`, undefined, { 'user-agent': 'audit-test/1.0' });
  const log = await call(t.app, t.key, 'GET', `/api/v1/document/${id}/auditlog/`, undefined, { accept: 'application/json' });
  assert.equal(log.statusCode, 200);
  const events = log.json().objects;
  assert.deepEqual(
    events.map((e: { event: string }) => e.event),
    ['document_sent', 'recipient_sent', 'document_removed'],
  );
  const removed = events[2];
  assert.equal(removed.user_agent, 'audit-test/1.0');
  assert.equal(removed.ip, '127.0.0.1');
  assert.equal(removed.actor.type, 'user');
  assert.match(removed.time, /^\d{4}-\d{2}-\d{2}T/);
  assert.equal(log.json().meta.total_count, 3);
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const opened = await openWithPdfjs(new Uint8Array(bytes));
  try {
    let text = '';
    for (let i = 1; i <= opened.doc.numPages; i++) {
      text += (await (await opened.doc.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
    }
    return text;
  } finally {
    await opened.close();
  }
}

test('the audit log is a PDF by default, naming the events with actor, IP and user agent', async () => {
  const { res } = await send();
  const id = res.json().uuid;
  await call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/`, undefined, { 'user-agent': 'audit-pdf/2.0' });
  const log = await call(t.app, t.key, 'GET', `/api/v1/document/${id}/auditlog/`);
  assert.equal(log.statusCode, 200);
  assert.equal(log.headers['content-type'], 'application/pdf');
  const text = await pdfText(log.rawPayload);
  for (const expected of ['Signing history', id, 'Document removed', 'audit-pdf/2.0', 'ann@example.com'])
    assert.ok(text.includes(expected), `${expected} in ${text.slice(0, 300)}`);
});

test('DELETE /document/{id}/delete/ removes the document for good; other groups cannot', async () => {
  const { res } = await send();
  const id = res.json().uuid as string;
  const outsider = await createTenant(t.app, 'Purger');
  assert.equal((await call(t.app, outsider.key, 'DELETE', `/api/v1/document/${id}/delete/`)).statusCode, 404);
  const source = (await t.app.store.documents.get(id))!.sourceFile;
  assert.ok(await t.app.store.files.exists(source));
  assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/delete/`)).statusCode, 204);
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/document/${id}/`)).statusCode, 404);
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/status/${id}/`)).statusCode, 404);
  assert.equal(await t.app.store.files.exists(source), false, 'the PDF is gone');
  assert.equal((await t.app.store.history.events(id)).length, 0, 'the history is gone');
  assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/delete/`)).statusCode, 404);
});

test('signer operations: fields1, new-link, reminder, rejection, reset', async () => {
  const { res } = await send({ do_email: true });
  const signer = res.json().signer_objects[0].uuid as string;
  const fields = await call(t.app, t.key, 'GET', `/api/v1/signer/${signer}/fields1/`);
  assert.equal(fields.statusCode, 200);
  assert.ok(fields.json().length >= 1 && fields.json().every((f: { state: boolean }) => f.state === false));
  const link = await call(t.app, t.key, 'GET', `/api/v1/signer/${signer}/new-link/`);
  assert.equal(link.statusCode, 201);
  assert.match(String(link.headers.location), new RegExp(`signer=${signer}`));
  const reminded = await call(t.app, t.key, 'POST', `/api/v1/signer/${signer}/send-reminder/`, { text: 'Gentle nudge' });
  assert.equal(reminded.statusCode, 200, reminded.body);
  const outbox = (await t.app.store.history.emails()).filter((e) => e.recipientId === signer && e.kind === 'manual_reminder');
  assert.equal(outbox.length, 1);
  assert.match(outbox[0]!.text, /Gentle nudge/);
  assert.deepEqual((await call(t.app, t.key, 'GET', `/api/v1/signer/${signer}/rejection/`)).json(), { status: 10, reason: '' });
  assert.equal((await call(t.app, t.key, 'POST', `/api/v1/signer/${signer}/reset/`, { email: 'earlier@example.com' })).statusCode, 400);
  const outsider = await createTenant(t.app, 'Nosy');
  assert.equal((await call(t.app, outsider.key, 'GET', `/api/v1/signer/${signer}/new-link/`)).statusCode, 404);
});

test('the PDF route serves the final PDF once it exists, and force_download makes it an attachment', async () => {
  const { res } = await send();
  const id = res.json().uuid;
  const final = new TextEncoder().encode('%PDF-1.7\n% final\n');
  await t.app.store.files.write(`document-${id}-final`, final);
  await t.app.store.documents.setFinal(id, `document-${id}-final`, 'abc');
  const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/?force_download=1`);
  assert.equal(pdf.statusCode, 200, pdf.body);
  assert.equal(pdf.headers['x-esign-pdf'], 'final');
  assert.match(String(pdf.headers['content-disposition']), /^attachment; filename="Service agreement\.pdf"$/);
  assert.deepEqual(new Uint8Array(pdf.rawPayload), final);
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/status/${id}/`)).json().download_final, true);
});

test('status is short; unknown ids are 404', async () => {
  const { res } = await send({ tag: 'x' });
  const id = res.json().uuid;
  const status = await call(t.app, t.key, 'GET', `/api/v1/status/${id}/`);
  assert.deepEqual(Object.keys(status.json()).sort(), [
    'archived',
    'document',
    'download_final',
    'modified',
    'resource_uri',
    'status',
    'statusText',
    'tag',
    'tag1',
    'tag2',
    'tag3',
    'uuid',
  ]);
  for (const path of ['/api/v1/status/nope/', '/api/v1/status/00000000-0000-4000-8000-000000000000/', '/api/v1/document/nope/', '/api/v1/pdf/123/']) {
    const r = await call(t.app, t.key, 'GET', path);
    assert.equal(r.statusCode, 404, path);
    assert.equal(errorOf(r).code, 'not_found');
  }
});

test('pdftext values follow the field model: strict_fields refuses bad ones, values are normalised', async () => {
  const count = field({ element_type: 'admin', signer: null, label: 'Count', validation: 50 });
  const upper = field({ element_type: 'admin', signer: null, label: 'Code', validation: 78 });
  const tplOpts = { groupId: t.groupId, userId: t.adminId, fields: [count, upper, field({ signer: 1 })] };
  const strict = await send({ signers: [person('Ann')], strict_fields: 'true', pdftext: { Count: 'ten' } }, tplOpts);
  assert.equal(strict.res.statusCode, 400, strict.res.body);
  assert.deepEqual(
    errorOf(strict.res).fields?.map((f) => f.field),
    ['pdftext.Count'],
  );
  const lenient = await send({ signers: [person('Ann')], pdftext: { Count: 'ten', Code: ' abc ' } }, tplOpts);
  assert.equal(lenient.res.statusCode, 201, lenient.res.body);
  const values = (await call(t.app, t.key, 'GET', `/api/v1/document/${lenient.res.json().uuid}/fields/?element_type=admin`)).json();
  assert.deepEqual(
    values.map((f: { label: string; value: string }) => [f.label, f.value]),
    [
      ['Count', ''],
      ['Code', 'ABC'],
    ],
  );
});

test('oversized and hostile send bodies get 4xx answers and the server keeps serving', async () => {
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const many = Array.from({ length: 150 }, (_, i) => person(`P${i}`));
  const bodies: unknown[] = [
    sendBody(t.groupId, tpl.id, { signers: many }),
    sendBody(t.groupId, tpl.id, { name: 'x'.repeat(100_000) }),
    sendBody(t.groupId, tpl.id, { pdftext: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, 'v'.repeat(20_000)])) }),
    sendBody(t.groupId, tpl.id, { signers: [null, 5, 'x', []] }),
    sendBody(t.groupId, tpl.id, { templatepdf: Array.from({ length: 50 }, () => tpl.id) }),
    sendBody(t.groupId, tpl.id, { templatepdf: [tpl.id, tpl.id] }),
    sendBody(t.groupId, tpl.id, { cc: { a: 1 }, reviewers: 'x', tag: ['a'] }),
  ];
  for (const body of bodies) {
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/', body);
    assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${res.statusCode}: ${res.body.slice(0, 200)}`);
    assert.ok(errorOf(res).message.length > 0);
  }
  assert.equal((await call(t.app, t.key, 'GET', '/api/v1/document/?limit=1')).statusCode, 200);
});

test('return_signer_links answers a signing link per recipient', async () => {
  const { res } = await send({ return_signer_links: 1 });
  assert.equal(res.statusCode, 201, res.body);
  const body = res.json();
  assert.deepEqual(
    Object.keys(body).filter((k) => k.startsWith('signer_') && k !== 'signer_objects'),
    ['signer_1', 'signer_2'],
  );
  for (const [i, so] of body.signer_objects.entries()) {
    assert.ok(body[`signer_${i + 1}`].includes(`signer=${so.uuid}`), body[`signer_${i + 1}`]);
  }
  assert.equal('signer_1' in (await send()).res.json(), false);
});

test('racing requests: two deletes give one 204 and one 409; two archive_upon_send sends give one 201 and one 409', async () => {
  const { res } = await send();
  const id = res.json().uuid;
  const deletes = await Promise.all([1, 2].map(() => call(t.app, t.key, 'DELETE', `/api/v1/document/${id}/`)));
  assert.deepEqual(deletes.map((r) => r.statusCode).sort(), [204, 409]);

  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, archiveUponSend: true });
  const sends = await Promise.all([1, 2].map(() => call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tpl.id))));
  assert.deepEqual(sends.map((r) => r.statusCode).sort(), [201, 409]);
});
