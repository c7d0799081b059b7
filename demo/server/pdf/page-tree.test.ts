import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { buildFinalPdf } from './final-pdf.ts';
import { inspectPdf } from './inspect.ts';
import { indirectCountPdf } from './indirect-count-pdf.ts';

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
