/**
 * A text document goes the same way as a PDF send after its HTML became a PDF: the same history and webhook
 * events at the send, the same invitation emails, and the signers sign it to completion (final PDF and all).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, type TestApp } from '../../../../test/support/server/app.ts';
import { addTemplate, idFromLocation, person, sendBody } from '../../../../test/support/server/documents.ts';
import type { FieldElement } from 'esign-elements/fields';
import { documentStatus, historyEvents, signerCall, signerToken, valuesFor, webhookEvents, type Sent } from '../../../../test/support/server/signing.ts';
import { eventually } from '../../../../test/support/server/webhooks.ts';
import { signingServiceOf } from '../signing/service.ts';

describe('a text send takes the PDF send path', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  async function sendText(): Promise<Sent> {
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: `/api/v1/group/${t.groupId}/`,
      name: 'Service agreement',
      text: '<p>The services are provided as agreed.</p>',
      signers: [person('Ann'), person('Bob')],
      do_email: true,
    });
    assert.equal(res.statusCode, 201, res.body);
    const documentId = idFromLocation(res.headers.location);
    const recipients = await t.app.store.documents.recipients(documentId);
    const fields = (await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/fields/`)).json() as FieldElement[];
    return {
      documentId,
      recipients: recipients.map((r) => ({ id: r.id, email: r.email, role: r.role, status: r.status, signerNumber: r.signerNumber })),
      fields,
    };
  }

  const invitationsTo = async (documentId: string) =>
    (await t.app.store.history.emails({ documentId })).filter((e) => e.kind === 'invitation').map((e) => e.to);

  // The PDF a text becomes is a template archived by its send: the PDF path of an archive_upon_send template.
  async function sendArchivingPdf(): Promise<Sent> {
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, archiveUponSend: true });
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, template.id, { do_email: true }));
    assert.equal(res.statusCode, 201, res.body);
    return { documentId: idFromLocation(res.headers.location), recipients: [], fields: [] };
  }

  test('the same events and invitations as a PDF send with the same signers', async () => {
    const text = await sendText();
    const pdf = await sendArchivingPdf();
    // Invitations go out in the background; compare once both sends' emails are delivered.
    await signingServiceOf(t.app.store)?.email.flush();
    assert.deepEqual(await webhookEvents(t.app, text.documentId), await webhookEvents(t.app, pdf.documentId));
    assert.ok((await webhookEvents(t.app, text.documentId)).includes('document.created'));
    const names = async (id: string) => (await historyEvents(t.app, id)).map((e) => e.event);
    assert.deepEqual(await names(text.documentId), await names(pdf.documentId));
    assert.deepEqual(await invitationsTo(text.documentId), await invitationsTo(pdf.documentId));
    assert.deepEqual(await invitationsTo(text.documentId), ['ann@example.com'], 'signers in order: the first is invited');
  });

  test('both signers sign the text document to completion and its final PDF is made', async () => {
    const sent = await sendText();
    for (const signer of [1, 2]) {
      const recipient = sent.recipients.find((r) => r.signerNumber === signer)!;
      const token = await signerToken(t, recipient.id);
      const done = await signerCall(t.app, token, recipient.id, 'complete', { values: valuesFor(sent, signer) });
      assert.equal(done.statusCode, 200, done.body);
    }
    assert.equal(await documentStatus(t.app, sent.documentId), 30);
    await eventually(async () => (await webhookEvents(t.app, sent.documentId)).includes('document.finalPdfCreated'), 20_000, 'finalPdfCreated');
    assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'recipient.completed').length, 2);
  });
});
