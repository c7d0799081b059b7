import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { PDFDocument, PDFName, StandardFonts, degrees } from 'pdf-lib';
import type { FieldElement } from 'esign-elements/fields';
import { formatSigningDate } from 'esign-elements/fields';
import { fixturesDir, readFixture } from '../../../test/support/fixtures.ts';
import { newElement } from './element-defaults.ts';
import { stampFinalPdf, stampFinalPdfWithWarnings } from './stamp.ts';
import { importFormFields } from './form-import.ts';
import { inspectPdf } from './inspect.ts';
import { PdfProblem } from './load.ts';
import { placedText, renderGray, SOLID_PNG } from '../../../test/support/server/pdf.ts';

async function blankPdf(pages: { rotate?: number; crop?: [number, number, number, number]; media?: [number, number, number, number] }[] = [{}]) {
  const doc = await PDFDocument.create();
  for (const p of pages) {
    const page = doc.addPage([600, 800]);
    if (p.media) page.setMediaBox(...p.media);
    if (p.rotate) page.setRotation(degrees(p.rotate));
    if (p.crop) page.setCropBox(...p.crop);
  }
  return doc.save();
}

const el = (props: Partial<FieldElement> & { ax: number; ay: number; bx: number; by: number; page?: number }) => newElement({ page: 1, ...props });

test('stamped text reads back with pdf.js, in every font and with non-WinAnsi characters', async () => {
  const elements = [
    el({ ax: 0.1, ay: 0.1, bx: 0.6, by: 0.13, value: 'Plain Helvetica' }),
    el({ ax: 0.1, ay: 0.2, bx: 0.6, by: 0.23, value: 'Courier value', font_name: 'courier' }),
    el({ ax: 0.1, ay: 0.3, bx: 0.6, by: 0.33, value: 'Arial value', font_name: 'arial' }),
    el({ ax: 0.1, ay: 0.4, bx: 0.6, by: 0.43, value: 'Verdana value', font_name: 'verdana' }),
    el({ ax: 0.1, ay: 0.5, bx: 0.6, by: 0.53, value: 'Zażółć gęślą jaźń', font_name: 'helvetica' }),
    el({ ax: 0.1, ay: 0.6, bx: 0.6, by: 0.63, value: 'liberation Łódź', font_name: 'liberation' }),
    el({ ax: 0.1, ay: 0.7, bx: 0.6, by: 0.73, value: 'anne-marie smith', validation: 77 }),
    el({ ax: 0.1, ay: 0.8, bx: 0.6, by: 0.83, value: 'hidden by no_pdf', no_pdf: true }),
    el({ ax: 0.1, ay: 0.9, bx: 0.6, by: 0.93, value: 'S3CRET', validation: 73, options: 'S3CRET' }),
  ];
  const pdf = await stampFinalPdf({ source: await blankPdf(), elements });
  const text = (await placedText(pdf)).map((t) => t.str).join('\n');
  for (const want of ['Plain Helvetica', 'Courier value', 'Arial value', 'Verdana value', 'Zażółć gęślą jaźń', 'liberation Łódź', 'Anne-Marie Smith']) {
    assert.ok(text.includes(want), `${want} in ${JSON.stringify(text)}`);
  }
  assert.ok(!text.includes('hidden by no_pdf'), 'no_pdf fields are not drawn');
  // Real fonts are embedded for the names that are not standard PDF fonts.
  const raw = new TextDecoder('latin1').decode(pdf);
  assert.match(raw, /\/BaseFont \/Arimo/, 'arial and liberation embed Arimo');
  assert.match(raw, /\/BaseFont \/[A-Z]{6}\+DejaVuSans|\/BaseFont \/DejaVuSans/, 'verdana (and the non-WinAnsi fallback) embed DejaVu Sans');
  assert.match(raw, /\/BaseFont \/Courier/);
  assert.ok(!text.includes('S3CRET'), 'secret codes are not printed');
});

test("signing dates are formatted per their code from the signer's signing time", async () => {
  const when = '2026-03-04T23:30:00Z';
  const elements = [
    el({ ax: 0.1, ay: 0.1, bx: 0.6, by: 0.13, validation: 30, signer: 1 }),
    el({ ax: 0.1, ay: 0.2, bx: 0.6, by: 0.23, validation: 48, signer: 2 }),
    el({ ax: 0.1, ay: 0.3, bx: 0.6, by: 0.33, validation: 33, value: '2026-01-02T10:00:00Z' }),
  ];
  const pdf = await stampFinalPdf({
    source: await blankPdf(),
    elements,
    options: { signedAt: { 1: when }, completedAt: '2026-05-06T12:00:00Z', timeZone: 'Europe/London' },
  });
  const strs = (await placedText(pdf)).map((t) => t.str);
  assert.ok(strs.includes(formatSigningDate(30, new Date(when), 'Europe/London')), strs.join('|'));
  assert.ok(strs.includes('2026/03/04'));
  assert.ok(strs.includes('6 May 2026'), 'signer 2 has no entry: the completion time');
  assert.ok(strs.includes('02/01/26'), 'an ISO value is formatted per its code (33 dd/mm/yy)');
});

test('fields land where their fractions say, upright, on rotated and cropped pages', async () => {
  type Box = [number, number, number, number];
  const pages = [
    { rotate: 0 },
    { rotate: 90 },
    { rotate: 180 },
    { rotate: 270 },
    { crop: [100, 150, 300, 400] as Box },
    { media: [-40, 25, 560, 780] as Box, rotate: 90 }, // a MediaBox not at the origin, like pdfjs-160F-2019.pdf
    { media: [0, 0, 600, 800] as Box, crop: [50, 60, 500, 700] as Box, rotate: 270 },
  ];
  const elements = pages.map((_, i) => el({ page: i + 1, ax: 0.2, ay: 0.3, bx: 0.7, by: 0.36, value: `Where am I ${i + 1}`, font_size: 12 }));
  const pdf = await stampFinalPdf({ source: await blankPdf(pages), elements });
  const placed = await placedText(pdf);
  for (const [i, e] of elements.entries()) {
    const t = placed.find((p) => p.str === `Where am I ${i + 1}`);
    assert.ok(t, `text of page ${i + 1} found`);
    assert.equal(t.page, i + 1);
    assert.ok(Math.abs(t.dirX - 1) < 1e-6 && Math.abs(t.dirY) < 1e-6, `page ${i + 1}: reads left to right, upright (${t.dirX}, ${t.dirY})`);
    assert.ok(t.fx > e.ax && t.fx < e.ax + 0.02, `page ${i + 1}: starts at the box's left edge (${t.fx} vs ${e.ax})`);
    assert.ok(t.fy > e.ay && t.fy < e.by, `page ${i + 1}: baseline inside the box (${t.fy} in ${e.ay}..${e.by})`);
  }
});

test('renders: images fill their box keeping aspect, marks show, backgrounds hide tag text, no field borders', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([600, 800]);
  // Tag text under the field at 0.1..0.6 × 0.1..0.15 (y from the top: 80..120 pt).
  page.drawText('<<t=text;l=Name>> <<t=text>>', { x: 70, y: 800 - 110, size: 20, font });
  const source = await doc.save();
  const elements = [
    el({ ax: 0.1, ay: 0.1, bx: 0.6, by: 0.15, value: '', hide_border: true, optional: true }),
    el({ ax: 0.1, ay: 0.3, bx: 0.5, by: 0.4, element_type: 'signature', value: SOLID_PNG }), // 240×80 box, 2:1 image
    el({ ax: 0.6, ay: 0.3, bx: 0.65, by: 0.3375, validation: 25, value: 'tick' }),
    el({ ax: 0.7, ay: 0.3, bx: 0.75, by: 0.3375, validation: 26, value: '' }),
    el({ ax: 0.1, ay: 0.6, bx: 0.5, by: 0.65, value: '' }),
  ];
  const before = renderGray(source);
  const after = renderGray(await stampFinalPdf({ source, elements }));

  assert.ok(before.mean(0.12, 0.11, 0.58, 0.14) < 235, 'the tag text is visible before');
  assert.ok(after.mean(0.1, 0.1, 0.6, 0.15) > 254, 'the white background hides it; no border');
  // The 2:1 image in a 3:1 box: 160 pt wide, centred → x 0.1+40/600 .. 0.5-40/600.
  assert.ok(after.mean(0.2, 0.32, 0.4, 0.38) < 80, 'the image fills the middle');
  assert.ok(after.mean(0.105, 0.32, 0.15, 0.38) > 250, 'the sides stay white (aspect kept)');
  assert.ok(after.mean(0.6, 0.3, 0.65, 0.3375) < before.mean(0.6, 0.3, 0.65, 0.3375) - 20, 'the tick is drawn');
  assert.ok(after.mean(0.705, 0.305, 0.745, 0.3325) > 250, 'a blank 26 box has no mark inside');
  // The editor's rectangles are not part of the signed document: no border, with or without hide_border.
  for (const [x0, y0, x1, y1] of [
    [0.1, 0.6, 0.5, 0.604],
    [0.1, 0.646, 0.5, 0.65],
    [0.1, 0.6, 0.102, 0.65],
    [0.1, 0.3, 0.5, 0.302],
    [0.6, 0.3, 0.602, 0.3375],
  ]) {
    const edge = after.mean(x0, y0, x1, y1);
    assert.ok(edge > 252, `no border drawn at ${[x0, y0, x1, y1]} (${edge})`);
  }
});

test('images come from signatureImages per signer; bad images and out-of-range pages are warnings, not errors', async () => {
  const elements = [
    el({ ax: 0.1, ay: 0.1, bx: 0.5, by: 0.2, element_type: 'initials', signer: 2 }),
    el({ ax: 0.1, ay: 0.3, bx: 0.5, by: 0.4, element_type: 'signature', value: 'data:image/png;base64,bm90IGEgcG5n' }),
    el({ page: 3, ax: 0.1, ay: 0.1, bx: 0.2, by: 0.2, value: 'nowhere' }),
  ];
  const { pdf, warnings } = await stampFinalPdfWithWarnings({ source: await blankPdf(), elements, signatureImages: { 2: { initials: SOLID_PNG } } });
  assert.deepEqual(
    warnings.map((w) => [w.element, w.code]),
    [
      [1, 'bad_image'],
      [2, 'page_out_of_range'],
    ],
  );
  assert.ok(renderGray(pdf).mean(0.2, 0.12, 0.4, 0.18) < 80, "the signer's initials image is drawn");
});

test('every fixture goes through import and stamping without a crash', async () => {
  for (const name of readdirSync(fixturesDir()).filter((n) => n.endsWith('.pdf'))) {
    const bytes = await readFixture(name);
    let source: Uint8Array;
    let elements: FieldElement[];
    try {
      const imported = await importFormFields(bytes);
      source = imported.pdf;
      elements = imported.elements.map((e) => ({ ...e, value: e.validation === 25 ? 'tick' : e.value || 'Filled' }));
    } catch (err) {
      assert.ok(err instanceof PdfProblem, `${name}: ${err}`);
      await assert.rejects(stampFinalPdf({ source: bytes, elements: [] }), PdfProblem, `${name}: stamping refuses it the same way`);
      continue;
    }
    elements.push(el({ ax: 0.05, ay: 0.05, bx: 0.4, by: 0.09, value: 'Stamped', element_type: 'admin', signer: 0 }));
    const pdf = await stampFinalPdf({ source, elements, signatureImages: { 1: { signature: SOLID_PNG } } });
    const info = await inspectPdf(pdf);
    assert.ok(info.ok, `${name}: the final PDF opens`);
    assert.ok(
      (await placedText(pdf)).some((t) => t.page === 1 && t.str.includes('Stamped')),
      `${name}: stamped text is there`,
    );
  }
});

test('long values wrap inside their box and cannot stall stamping', async () => {
  const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  const elements = [
    el({ ax: 0.1, ay: 0.1, bx: 0.5, by: 0.2, value: words }),
    el({ ax: 0.1, ay: 0.3, bx: 0.5, by: 0.4, value: 'x'.repeat(200_000) }), // one enormous word
    el({ ax: 0.6, ay: 0.1, bx: 0.9, by: 0.12, value: 'A one-line box gets its text shrunk to fit instead of wrapped' }),
  ];
  const started = performance.now();
  const pdf = await stampFinalPdf({ source: await blankPdf(), elements });
  assert.ok(performance.now() - started < 5000, 'fast');
  const placed = await placedText(pdf);
  const inFirst = placed.filter((t) => t.str.startsWith('word'));
  assert.ok(inFirst.length >= 3, 'several wrapped lines');
  assert.ok(inFirst[0].str.startsWith('word0 word1'), 'in order, from the top');
  assert.ok(
    inFirst.every((t) => t.fy < 0.2 + 0.02),
    'no line drawn far below the box',
  );
  assert.ok(placed.some((t) => t.str.startsWith('A one-line box') && t.fx > 0.6 && t.fx < 0.62));
});

test('odd input still stamps: tabs and control characters in values, a page without a MediaBox', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).node.delete(PDFName.of('MediaBox')); // readers treat it as US Letter
  const elements = [el({ ax: 0.1, ay: 0.1, bx: 0.6, by: 0.14, value: 'Tab\there\u0007 bell' })];
  const pdf = await stampFinalPdf({ source: await doc.save(), elements });
  const placed = await placedText(pdf);
  const t = placed.find((p) => p.str.startsWith('Tab'));
  assert.equal(t?.str, 'Tab here bell');
  assert.ok(t && Math.abs(t.fx - 0.1) < 0.02, 'placed on a Letter-sized page');
});
