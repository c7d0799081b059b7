import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { buildFinalPdf } from './final-pdf.ts';
import { inspectPdf } from './inspect.ts';
import { newElement } from './element-defaults.ts';
import { indirectCountPdf } from '../../../test/support/server/indirect-count-pdf.ts';

const history = { documentName: 'Contract', documentId: 'doc-1', recipients: [], events: [{ at: '2026-01-01T00:00:00Z', action: 'Signed' }] };

test('pdf-lib alone cannot add a page when /Count is an indirect stream (the failure the repair exists for)', async () => {
  const doc = await PDFDocument.load(indirectCountPdf('stream'));
  assert.throws(() => doc.addPage(), /PDFNumber/);
});

for (const kind of ['stream', 'number', 'wrong'] as const) {
  test(`a page tree with a ${kind} /Count is accepted and gets its history page`, async () => {
    const bytes = indirectCountPdf(kind);
    const info = await inspectPdf(bytes);
    assert.equal(info.ok, true, info.ok ? '' : info.message);
    assert.equal(info.ok && info.pageCount, 1);
    const { pdf } = await buildFinalPdf({ source: bytes, elements: [], history });
    const out = await PDFDocument.load(pdf);
    assert.ok(out.getPageCount() >= 2, 'original page plus the history page');
    // The written tree is plain: another pdf-lib pass can extend it again.
    out.addPage();
  });
}

test('a page pdf-lib cannot draw on (its /Resources is a stream) is refused at upload, not after signing', async () => {
  const bytes = indirectCountPdf('stream', 'stream');
  const text = newElement({ page: 1, ax: 0.1, ay: 0.1, bx: 0.5, by: 0.2, element_type: 'text', value: 'Hello', signer: 1 });
  await assert.rejects(buildFinalPdf({ source: bytes, elements: [text], history }), /Expected instance of PDFDict/, 'the stamper really cannot process it');
  const info = await inspectPdf(bytes);
  assert.equal(info.ok, false);
  assert.equal(!info.ok && info.code, 'malformed');
  assert.match(!info.ok ? info.message : '', /cannot be stamped .*Save or print it as a new PDF/);
});
