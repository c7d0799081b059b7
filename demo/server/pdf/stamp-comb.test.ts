import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { readFixture } from '../../../test/support/fixtures.ts';
import { newElement } from './element-defaults.ts';
import { stampFinalPdf } from './stamp.ts';
import { importFormFields } from './form-import.ts';
import { combCells, combLabel } from './comb.ts';
import { placedText, renderGray } from '../../../test/support/server/pdf.ts';

test('combCells reads the cell count the import writes, and nothing else', () => {
  assert.equal(combCells({ element_type: 'text', label_extra: combLabel(6) }), 6);
  assert.equal(combCells({ element_type: 'admin', label_extra: combLabel(1) }), 1);
  assert.equal(combCells({ element_type: 'text', label_extra: 'At most 6 characters' }), null);
  assert.equal(combCells({ element_type: 'signature', label_extra: combLabel(6) }), null);
  assert.equal(combCells({ element_type: 'text', label_extra: 'One character per box (0 boxes)' }), null);
});

test('a comb field puts one character in the middle of each cell', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([600, 800]);
  // 240 × 20 pt box at x 60..300, y from the top 80..100: six cells of 40 pt.
  const comb = newElement({
    page: 1,
    ax: 0.1,
    ay: 0.1,
    bx: 0.5,
    by: 0.125,
    value: '8W8W8',
    label_extra: combLabel(6),
    validation: 70,
    hide_border: true,
    font_size: 12,
  });
  const plain = newElement({ ...comb, ay: 0.2, by: 0.225, label_extra: '' });
  const overflowing = newElement({ ...comb, ay: 0.3, by: 0.325, value: 'TOO-LONG-FOR-SIX' });
  const pdf = await stampFinalPdf({ source: await doc.save(), elements: [comb, plain, overflowing] });
  const image = renderGray(pdf, 1, 100);
  const cellX = (i: number) => 0.1 + (i * 40) / 600;
  for (let i = 0; i < 5; i++) {
    const middle = image.mean(cellX(i) + 12 / 600, 0.105, cellX(i) + 28 / 600, 0.12);
    assert.ok(middle < 235, `cell ${i + 1} has its character in the middle (${middle})`);
    const edges = image.mean(cellX(i) + 0.5 / 600, 0.1, cellX(i) + 8 / 600, 0.125);
    assert.ok(edges > 252, `cell ${i + 1}'s edges stay blank (${edges})`);
  }
  assert.ok(image.mean(cellX(5), 0.1, cellX(6), 0.125) > 252, 'the sixth cell is empty: the value has five characters');
  // The same value without the comb is written as one run from the left edge.
  assert.ok(image.mean(0.1, 0.2, 0.13, 0.225) < 235 && image.mean(0.2, 0.2, 0.5, 0.225) > 252, 'plain text is not spread');
  const chars = (await placedText(pdf))
    .filter((t) => t.fy < 0.15)
    .map((t) => t.str)
    .join('')
    .replace(/\s/g, '');
  assert.equal(chars, '8W8W8', 'the characters read back in order');
  const long = (await placedText(pdf))
    .filter((t) => t.fy > 0.28 && t.fy < 0.33)
    .map((t) => t.str)
    .join('');
  assert.equal(long, 'TOO-LONG-FOR-SIX', 'a value longer than the comb is written whole, as plain text');
});

test('an imported comb fixture is stamped over its cells', async () => {
  const imported = await importFormFields(await readFixture('pdflib-with_combed_fields.pdf'));
  const combs = imported.elements.filter((e) => combCells(e) !== null);
  assert.ok(combs.length > 0, 'the fixture has comb fields');
  const elements = combs.map((e) => ({ ...e, value: 'X'.repeat(combCells(e)!) }));
  const pdf = await stampFinalPdf({ source: imported.pdf, elements });
  const text = (await placedText(pdf))
    .map((t) => t.str)
    .join('')
    .replace(/\s/g, '');
  assert.ok(text.includes('X'.repeat(combCells(combs[0])!)), 'every cell got its character');
});
