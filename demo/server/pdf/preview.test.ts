import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, degrees } from 'pdf-lib';
import { signerColor } from 'esign-elements/fields';
import { newElement } from './element-defaults.ts';
import { renderPreview, previewCaption } from './preview.ts';
import { placedText, renderGray } from '../../../test/support/server/pdf.ts';
import { readFixture } from '../../../test/support/fixtures.ts';
import { PdfProblem } from './load.ts';

test('renderPreview draws every field as a labelled, tinted box, upright on rotated pages', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([600, 800]);
  doc.addPage([600, 800]).setRotation(degrees(270));
  const source = await doc.save();
  const elements = [
    newElement({ page: 1, ax: 0.1, ay: 0.1, bx: 0.5, by: 0.2, element_type: 'signature', signer: 2 }),
    newElement({ page: 1, ax: 0.1, ay: 0.3, bx: 0.5, by: 0.34, label: 'Full name', optional: true }),
    newElement({ page: 2, ax: 0.5, ay: 0.5, bx: 0.9, by: 0.6, element_type: 'admin', signer: 0, validation: 1 }),
  ];
  const out = await renderPreview(source, elements);
  const placed = await placedText(out);
  for (const [i, e] of elements.entries()) {
    const t = placed.find((p) => p.str === previewCaption(e));
    assert.ok(t, `caption ${i} drawn`);
    assert.equal(t.page, e.page);
    assert.ok(t.dirX > 0.999, 'reads upright');
    assert.ok(t.fx >= e.ax && t.fx < e.bx && t.fy > e.ay && t.fy < e.by, `caption ${i} inside its box`);
  }
  assert.equal(previewCaption(elements[0]), 'Signature · Signer 2');
  assert.equal(previewCaption(elements[1]), 'Full name · Signer 1 (optional)');
  assert.equal(previewCaption(elements[2]), 'Email · Sender');
  // Tinted: the box's inside is darker than the page, lighter than the border colour itself.
  const img = renderGray(out);
  const inside = img.mean(0.2, 0.15, 0.45, 0.19);
  assert.ok(inside < 250 && inside > 150, `tinted inside (${inside})`);
  assert.notEqual(signerColor(2), signerColor(1));
});

test('renderPreview works on a real template and refuses unusable PDFs like the rest of the pipeline', async () => {
  const out = await renderPreview(await readFixture('pdfjs-tracemonkey.pdf'), [
    newElement({ page: 14, ax: 0.1, ay: 0.1, bx: 0.3, by: 0.2 }),
    newElement({ page: 99, ax: 0, ay: 0, bx: 1, by: 1 }),
  ]);
  assert.ok((await placedText(out)).some((t) => t.page === 14 && t.str.startsWith('Text')));
  await assert.rejects(renderPreview(await readFixture('pdflib-encrypted_new.pdf'), []), PdfProblem);
});
