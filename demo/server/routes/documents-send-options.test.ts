/**
 * Send options that act later in a document's life: append_pdf / append_history (the final PDF),
 * do_email and honorifics (the invitation), signer redirect (the signer resource and signing view),
 * reviewers (kept and answered to the sender). Each is checked by its effect, through the API.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { createTestApp, call } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field, person } from '../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';
import { placedText } from '../../../test/support/server/pdf.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

/** Sends a two-page template to one signer, signs it, and answers the detail and the final PDF's bytes. */
async function signedFinalPdf(options: Record<string, unknown>) {
  const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], ...options });
  const [ann] = sent.recipients;
  const token = await signerToken(t, ann.id);
  const done = await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal(done.json().document_status, 30);
  const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${sent.documentId}/`);
  assert.equal(pdf.headers['x-esign-pdf'], 'final');
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/`)).json();
  return { detail, pdf: new Uint8Array(pdf.rawPayload) };
}

const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();
const pdfText = async (pdf: Uint8Array) => (await placedText(pdf)).map((p) => p.str).join(' ');

test('without append_pdf or append_history the final PDF has exactly the source pages', async () => {
  const { detail, pdf } = await signedFinalPdf({});
  assert.equal(await pageCount(pdf), 2);
  assert.equal(detail.append_pdf, false);
  assert.equal(detail.append_history, false);
});

test("append_pdf (given as 1) appends the validation page: document id and the original PDF's SHA-256", async () => {
  const { detail, pdf } = await signedFinalPdf({ append_pdf: 1 });
  assert.ok((await pageCount(pdf)) > 2);
  const text = await pdfText(pdf);
  assert.match(text, /SHA-256 of the original PDF/);
  assert.ok(text.includes(detail.uuid), 'the page names the document');
  assert.equal(detail.append_pdf, true);
  assert.equal(detail.append_history, true, 'the detail shows the effective setting');
});

test('append_history (given as "true") appends the same page', async () => {
  const { pdf } = await signedFinalPdf({ append_history: 'true' });
  assert.ok((await pageCount(pdf)) > 2);
  assert.match(await pdfText(pdf), /SHA-256 of the original PDF/);
});

test('do_email queues the invitation (greeting with the honorific); without it no email is queued', async () => {
  const mailed = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann', { honorific: 'Dr.' })], do_email: 'true', honorifics: 1 });
  const emails = await t.app.store.history.emails({ documentId: mailed.documentId });
  assert.deepEqual(
    emails.map((e) => [e.kind, e.to]),
    [['invitation', 'ann@example.com']],
  );
  assert.match(emails[0].text, /^Hello Dr Tester,/, 'honorifics on: the title and the last name');
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${mailed.documentId}/`)).json();
  assert.equal(detail.do_email, true);
  assert.equal(detail.honorifics, true);
  assert.equal(detail.signer_objects[0].honorific, 'Dr', 'normalised to the honorifics list');

  const quiet = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], do_email: 0 });
  assert.deepEqual(await t.app.store.history.emails({ documentId: quiet.documentId }), []);
});

test("signer redirect: a signer's own redirect wins over the document's, in the signer resource and the signing view", async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], {
    redirect: 'https://example.com/thanks',
    signers_in_order: false,
    signers: [person('Ann', { redirect: 'https://example.com/ann' }), person('Bob')],
  });
  const [ann, bob] = sent.recipients;
  const resource = async (id: string) => (await call(t.app, t.key, 'GET', `/api/v1/signer/${id}/`)).json().redirect;
  assert.equal(await resource(ann.id), 'https://example.com/ann');
  assert.equal(await resource(bob.id), 'https://example.com/thanks');
  const view = (await signerCall(t.app, await signerToken(t, bob.id), bob.id, 'signing')).json();
  assert.equal(view.document.redirect, 'https://example.com/thanks');
  const refused = await call(t.app, t.key, 'POST', '/api/v1/document/', {
    group: `/api/v1/group/${t.groupId}/`,
    name: 'x',
    templatepdf: `/api/v1/templatepdf/${crypto.randomUUID()}/`,
    signers: [person('Ann', { redirect: 'javascript:alert(1)' })],
  });
  assert.equal(refused.statusCode, 400);
  assert.ok(
    refused.json().error.fields.some((f: { field: string }) => f.field === 'signers[0].redirect'),
    refused.body,
  );
});

test('reviewers on the document and on a signer are kept and answered in the detail', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], {
    signers: [person('Ann', { reviewers: [{ email: 'lawyer@example.com', include_link: 'true' }] })],
    reviewers: [{ email: 'boss@example.com', firstname: 'Bo', lastname: 'Ss', include_link: 0 }],
  });
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/`)).json();
  assert.deepEqual(detail.reviewers, [{ email: 'boss@example.com', firstname: 'Bo', lastname: 'Ss', include_link: false }]);
  assert.deepEqual(detail.signer_objects[0].reviewers, [{ email: 'lawyer@example.com', firstname: '', lastname: '', include_link: true }]);
  const signer = (await call(t.app, t.key, 'GET', detail.signer_objects[0].resource_uri)).json();
  assert.deepEqual(signer.reviewers, detail.signer_objects[0].reviewers);
  const own = (await call(t.app, await signerToken(t, sent.recipients[0].id), 'GET', detail.signer_objects[0].resource_uri)).json();
  assert.deepEqual(own.reviewers, [], "the signer's own token does not see its reviewers");
});

test("message_template picks one of the group's named messages; without one the group default applies", async () => {
  const group = `/api/v1/group/${t.groupId}/`;
  const set = await call(t.app, t.key, 'PATCH', group, {
    default_message_template: 'Default words.',
    message_templates: { Renewal: 'Time to renew.', NDA: 'Please sign the NDA.' },
  });
  assert.equal(set.statusCode, 202, set.body);
  assert.deepEqual(set.json().message_templates, { Renewal: 'Time to renew.', NDA: 'Please sign the NDA.' });

  const named = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], do_email: 1, message_template: 'nda' });
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${named.documentId}/`)).json();
  assert.deepEqual([detail.message, detail.message_template], ['Please sign the NDA.', 'nda']);
  const [invitation] = await t.app.store.history.emails({ documentId: named.documentId });
  assert.match(invitation.text, /Please sign the NDA\./);

  const plain = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')] });
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/document/${plain.documentId}/`)).json().message, 'Default words.');

  await assert.rejects(
    sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], message_template: 'Nope' }),
    /400.*Nope.*Renewal.*NDA.*"field":"message_template"/,
  );
  const twice = await call(t.app, t.key, 'PATCH', group, { message_templates: { A: 'x', a: 'y' } });
  assert.equal(twice.statusCode, 400);
  assert.equal(twice.json().error.fields[0].field, 'message_templates.a');
  const wrongType = await call(t.app, t.key, 'PATCH', group, { message_templates: { A: 5 } });
  assert.equal(wrongType.statusCode, 400);
  const tooMany = await call(t.app, t.key, 'PATCH', group, { message_templates: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`m${i}`, 'x'])) });
  assert.equal(tooMany.statusCode, 400);
});

test('cc "default" copies the group\'s default CC list onto the document; a list is taken as given', async () => {
  const set = await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { default_cc: 'legal@example.com, boss@example.com' });
  assert.equal(set.statusCode, 202, set.body);
  const byDefault = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], cc: 'default' });
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${byDefault.documentId}/`)).json();
  assert.equal(detail.cc_emails, 'legal@example.com, boss@example.com');
  const listed = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], cc: ['x@example.com'] });
  assert.deepEqual((await call(t.app, t.key, 'GET', `/api/v1/document/${listed.documentId}/`)).json().cc_emails, 'x@example.com');
});
