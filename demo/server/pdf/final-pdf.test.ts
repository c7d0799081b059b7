import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { newElement } from './element-defaults.ts';
import { buildFinalPdf } from './final-pdf.ts';
import { sha256Hex } from './history-page.ts';
import { openWithPdfjs, pdfjsErrorName } from './pdfjs-node.ts';

test('buildFinalPdf stamps, appends the history and encrypts in one go', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([600, 800]);
  const source = await doc.save();
  const { pdf, warnings } = await buildFinalPdf({
    source,
    elements: [newElement({ page: 1, ax: 0.1, ay: 0.1, bx: 0.5, by: 0.14, value: 'Agreed' })],
    history: { documentName: 'NDA', documentId: 'doc-1', recipients: [], events: [] },
    password: 'secret',
    passwordType: 1,
  });
  assert.deepEqual(warnings, []);
  await assert.rejects(openWithPdfjs(pdf), (err) => pdfjsErrorName(err) === 'PasswordException');
  const opened = await openWithPdfjs(pdf, { password: 'secret' });
  try {
    assert.equal(opened.doc.numPages, 2);
    const page1 = (await (await opened.doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    const page2 = (await (await opened.doc.getPage(2)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    assert.match(page1, /Agreed/);
    assert.ok(page2.includes(sha256Hex(source)), 'the history hashes the source PDF');
  } finally {
    await opened.close();
  }
});
