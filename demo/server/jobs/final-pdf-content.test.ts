/**
 * The final PDF through the real server: a document sent with `pdftext`, signed, completed; the
 * final PDF served by GET /api/v1/pdf/{id}/ carries the sender's values, dates formatted per their
 * code from the signing time, the signer's values and marks, and nothing for `no_pdf`; the audit
 * log endpoint serves the history including the final PDF's creation.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';
import { formatSigningDate } from 'esign-elements/fields';
import { combLabel } from '../pdf/comb.ts';
import { placedText, renderGray } from '../../../test/support/server/pdf.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3600_000 } });
});
after(() => t.close());

test('the final PDF carries pdftext sender values, formatted signing dates, signer values and marks; the audit log serves the history', async () => {
  const sent = await sendDocument(
    t,
    [
      field({ signer: 0, element_type: 'admin', label: 'Reference', ax: 0.1, ay: 0.05, bx: 0.5, by: 0.09 }),
      field({ signer: 1, element_type: 'text', label: 'Full name', ax: 0.1, ay: 0.15, bx: 0.5, by: 0.19 }),
      field({ signer: 1, element_type: 'text', label: 'Signed on', validation: 34, optional: true, ax: 0.1, ay: 0.25, bx: 0.5, by: 0.29 }),
      field({ signer: 1, element_type: 'text', label: 'Long date', validation: 44, optional: true, ax: 0.1, ay: 0.3, bx: 0.6, by: 0.34 }),
      field({ signer: 1, element_type: 'text', label: 'Agree', validation: 25, ax: 0.1, ay: 0.4, bx: 0.14, by: 0.43, hide_border: true }),
      field({ signer: 1, element_type: 'text', label: 'Pin', validation: 68, label_extra: combLabel(4), ax: 0.1, ay: 0.5, bx: 0.5, by: 0.54 }),
      field({ signer: 1, element_type: 'text', label: 'Private', no_pdf: true, optional: true, ax: 0.1, ay: 0.6, bx: 0.5, by: 0.64 }),
      field({ signer: 1, ax: 0.1, ay: 0.7, bx: 0.5, by: 0.8 }),
    ],
    { signers: [{ firstname: 'Ann', lastname: 'Tester', email: 'ann@example.com' }], pdftext: { Reference: 'REF-2026-0042' } },
  );
  const [ann] = sent.recipients;
  const token = await signerToken(t, ann.id);
  const done = await signerCall(t.app, token, ann.id, 'complete', {
    values: valuesFor(sent, 1, { 'Full name': 'Ann Tester', Agree: 'tick', Pin: '9Q7Z', Private: 'not for print' }),
  });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal(done.json().document_status, 30, 'the final PDF job ran');

  const res = await call(t.app, t.key, 'GET', `/api/v1/pdf/${sent.documentId}/`);
  assert.equal(res.headers['x-esign-pdf'], 'final');
  const pdf = new Uint8Array(res.rawPayload);
  const placed = await placedText(pdf);
  const all = placed.map((p) => p.str).join('|');
  const near = (str: string, fy: number) => placed.some((p) => p.str.includes(str) && Math.abs(p.fy - fy) < 0.05);
  assert.ok(near('REF-2026-0042', 0.07), `sender value from pdftext, in its box: ${all}`);
  assert.ok(near('Ann Tester', 0.17), 'signer value in its box');
  assert.ok(!all.includes('not for print'), 'no_pdf is not printed');
  assert.ok(all.replace(/[|\s]/g, '').includes('9Q7Z'), 'comb value printed');

  const log = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/auditlog/`, undefined, { accept: 'application/json' });
  assert.equal(log.statusCode, 200);
  const events = log.json().objects as { event: string; time: string; recipient_id?: string }[];
  const signed = events.find((e) => e.event === 'recipient_signed');
  assert.ok(signed, `signing recorded: ${events.map((e) => e.event)}`);
  assert.ok(
    events.some((e) => e.event === 'final_pdf_created'),
    'the audit log has the final PDF',
  );
  const signedAt = new Date(signed.time);
  for (const [code, fy] of [
    [34, 0.27],
    [44, 0.32],
  ] as const) {
    const want = formatSigningDate(code, signedAt, 'UTC');
    assert.match(want, /\d{2}/, `code ${code} formats a date`);
    assert.ok(near(want, fy), `date ${code} printed as ${want}: ${all}`);
  }
  // The tick is drawn in the checkbox's box (no border there, so any ink is the mark).
  assert.ok(renderGray(pdf, 1, 100).mean(0.1, 0.4, 0.14, 0.43) < 245, 'the checkbox mark is drawn');
});
