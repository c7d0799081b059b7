import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { PDFDocument, StandardFonts, degrees, type PDFFont } from 'pdf-lib';
import { fixturesDir, readFixture } from '../../../test/support/fixtures.ts';
import { extractTags } from './tags.ts';
import { PdfProblem } from './load.ts';

interface Line {
  text: string;
  x?: number;
  y: number;
  size?: number;
}

/** A 600×800 page per entry of `pages`, each line drawn in Helvetica. */
async function pdfWithLines(pages: Line[][], setup?: (doc: PDFDocument, font: PDFFont) => Promise<void> | void) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([600, 800]);
    for (const l of lines) page.drawText(l.text, { x: l.x ?? 50, y: l.y, size: l.size ?? 10, font });
  }
  await setup?.(doc, font);
  return { bytes: await doc.save(), font };
}

const near = (actual: number, expected: number, tol: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected}`);

test('extractTags reads every grammar form into elements', async () => {
  const tags = [
    '<<t=signature;s=2>>',
    '<<type=text;signer=101;required=0;label=Witness Name>>',
    '<<t=date;v=4>>',
    '<<t=dropdown;o=Red|Green|Blue>>',
    '<<t=text;fs=14;h=3;l=Notes>>',
    '<<signature>>',
    '<<initials2>>',
    '<<Full Name>>',
    '<<Company 3>>',
    '<<t=checkbox;r=0>>',
    '<<t=admin;l=Reference;s=0>>',
    '<<t=signingdate;v=48;s=201>>',
  ];
  const { bytes } = await pdfWithLines([tags.map((text, i) => ({ text: `Field ${i}: ${text}`, y: 760 - i * 50 }))]);
  const { elements, report } = await extractTags(bytes);
  assert.deepEqual(report, []);
  assert.equal(elements.length, tags.length);
  const pick = (i: number) => elements[i];

  assert.deepEqual([pick(0).element_type, pick(0).signer], ['signature', 2]);
  assert.deepEqual([pick(1).element_type, pick(1).signer, pick(1).optional, pick(1).label], ['text', 101, true, 'Witness Name']);
  assert.deepEqual([pick(2).validation, pick(2).optional], [4, false]);
  assert.deepEqual([pick(3).validation, pick(3).options], [20, 'Red\nGreen\nBlue']);
  assert.deepEqual([pick(4).font_size, pick(4).label], [14, 'Notes']);
  assert.deepEqual([pick(5).element_type, pick(5).signer], ['signature', 1]);
  assert.deepEqual([pick(6).element_type, pick(6).signer], ['initials', 2]);
  assert.deepEqual([pick(7).element_type, pick(7).label, pick(7).signer], ['text', 'Full Name', 1]);
  assert.deepEqual([pick(8).label, pick(8).signer], ['Company', 3]);
  assert.deepEqual([pick(9).validation, pick(9).optional], [25, true]);
  assert.deepEqual([pick(10).element_type, pick(10).signer, pick(10).label], ['admin', 0, 'Reference']);
  assert.deepEqual([pick(11).validation, pick(11).signer], [48, 201]);

  // Heights: one line of 10 pt text is 12 pt; h=3 three lines; signatures a fixed three lines.
  const heightPt = (e: (typeof elements)[number]) => (e.by - e.ay) * 800;
  near(heightPt(pick(2)), 12, 0.01, 'one line');
  near(heightPt(pick(4)), 36, 0.01, 'h=3');
  near(heightPt(pick(0)), 36, 0.01, 'signature');
  // Without fs= the field takes the tag's own text size.
  assert.equal(pick(2).font_size, 10);
  for (const e of elements) assert.equal(e.page, 1);
});

test('extractTags places the field from the first < to the last >', async () => {
  const { bytes, font } = await pdfWithLines([[{ text: 'Name: <<t=text;l=Name>> (print)', x: 72, y: 600, size: 12 }]]);
  const [e] = (await extractTags(bytes)).elements;
  const left = 72 + font.widthOfTextAtSize('Name: ', 12);
  const width = font.widthOfTextAtSize('<<t=text;l=Name>>', 12);
  near(e.ax * 600, left, 1, 'left edge');
  near(e.bx * 600, left + width, 1, 'right edge');
  // The baseline (y=600, i.e. 200 pt from the top) lies inside the box, near its bottom.
  assert.ok(e.ay * 800 < 200 && e.by * 800 > 200, `box ${e.ay * 800}..${e.by * 800} holds the baseline`);
  near(e.by * 800 - 200, 0.3 * 12, 0.01, 'descent below the baseline');
  assert.equal(e.font_size, 12);
});

test('extractTags parses a tag split across text runs in different fonts', async () => {
  const { bytes, font } = await pdfWithLines([[]], async (doc, helvetica) => {
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.getPage(0);
    page.drawText('Sign here: <<t=sig', { x: 50, y: 500, size: 10, font: helvetica });
    page.drawText('nature;s=3>>', { x: 50 + helvetica.widthOfTextAtSize('Sign here: <<t=sig', 10), y: 500, size: 10, font: bold });
  });
  const { elements, report } = await extractTags(bytes);
  assert.deepEqual(report, []);
  assert.equal(elements.length, 1);
  assert.deepEqual([elements[0].element_type, elements[0].signer], ['signature', 3]);
  near(elements[0].ax * 600, 50 + font.widthOfTextAtSize('Sign here: ', 10), 1, 'starts at the first <');
});

test('extractTags gives fractions of the page as displayed on a /Rotate 90 page', async () => {
  // Page 600 wide × 800 tall in PDF space, shown turned clockwise: 800 wide × 600 tall.
  // Text drawn at 90° in PDF space reads left to right on screen.
  const { bytes, font } = await pdfWithLines([[]], (doc, helvetica) => {
    const page = doc.getPage(0);
    page.setRotation(degrees(90));
    page.drawText('<<t=text;l=Rotated>>', { x: 400, y: 100, size: 10, font: helvetica, rotate: degrees(90) });
  });
  const [e] = (await extractTags(bytes)).elements;
  const width = font.widthOfTextAtSize('<<t=text;l=Rotated>>', 10);
  // Displayed x runs along PDF +y; displayed y runs along PDF +x (fy = x / 600).
  near(e.ax * 800, 100, 1, 'left edge on screen');
  near(e.bx * 800, 100 + width, 1, 'right edge on screen');
  // Glyphs stand on the baseline x=400 toward smaller PDF x, i.e. above it on screen.
  near(e.by * 600, 400 + 0.3 * 10, 0.01, 'bottom on screen');
  near(e.ay * 600, 400 - 0.9 * 10, 0.01, 'top on screen');
});

test('extractTags gives fractions relative to the CropBox', async () => {
  const { bytes, font } = await pdfWithLines([[{ text: '<<signature>>', x: 150, y: 300, size: 10 }]], (doc) => {
    doc.getPage(0).setCropBox(100, 200, 400, 500); // visible: x 100..500, y 200..700
  });
  const [e] = (await extractTags(bytes)).elements;
  near(e.ax * 400, 50, 1, 'left from the crop edge');
  near(e.bx * 400, 50 + font.widthOfTextAtSize('<<signature>>', 10), 1, 'right');
  near(e.ay * 500, 700 - (300 + 9), 0.01, 'top from the crop top');
});

test('extractTags reports malformed and unknown tags with page and text, and still makes the good ones', async () => {
  const { bytes } = await pdfWithLines([
    [{ text: 'ok <<signature>>', y: 700 }],
    [
      { text: 'bad <<t=unicorn>>', y: 700 },
      { text: 'open <<t=signature', y: 650 },
      { text: 'odd <<t=text;colour=red>>', y: 600 },
      { text: 'worse <<t=text;s=0>>', y: 550 },
      { text: 'fs <<t=text;fs=99>>', y: 500 },
      { text: 'empty <<>>', y: 450 },
    ],
  ]);
  const { elements, report } = await extractTags(bytes);
  assert.equal(elements.length, 2, 'the valid signature and the text tag with an unknown key');
  assert.equal(elements[1].page, 2);
  const codes = report.map((r) => `${r.page}:${r.code}:${r.severity}`);
  for (const want of [
    '2:unknown_type:error',
    '2:unterminated_tag:error',
    '2:unknown_key:warning',
    '2:bad_signer:error',
    '2:bad_font_size:error',
    '2:empty_tag:error',
  ]) {
    assert.ok(codes.includes(want), `${want} in ${codes.join(', ')}`);
  }
  const unicorn = report.find((r) => r.code === 'unknown_type')!;
  assert.equal(unicorn.tag, '<<t=unicorn>>');
  assert.match(unicorn.message, /unicorn/);
});

test('extractTags leaves documents without tags alone', async () => {
  const { bytes } = await pdfWithLines([[{ text: 'Plain text, a < b and c >> d.', y: 700 }], []]);
  assert.deepEqual(await extractTags(bytes), { elements: [], report: [] });
});

test('extractTags runs over every fixture without crashing', async () => {
  for (const name of readdirSync(fixturesDir()).filter((n) => n.endsWith('.pdf'))) {
    try {
      const result = await extractTags(await readFixture(name));
      assert.ok(Array.isArray(result.elements) && Array.isArray(result.report), name);
    } catch (err) {
      assert.ok(err instanceof PdfProblem, `${name}: only PdfProblem may be thrown, got ${err}`);
      assert.ok(['encrypted', 'malformed'].includes(err.code), name);
    }
  }
});
