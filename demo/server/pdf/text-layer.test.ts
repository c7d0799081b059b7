import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { openWithPdfjs } from './pdfjs-node.ts';
import { readPageText, boxOfSpan, buildPageText } from './text-layer.ts';

async function firstPageText(bytes: Uint8Array) {
  const opened = await openWithPdfjs(bytes);
  try {
    return await readPageText(await opened.doc.getPage(1));
  } finally {
    await opened.close();
  }
}

test('readPageText joins runs and measures a span where pdf-lib drew it', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([600, 800]);
  page.drawText('Name: <<t=text>> end', { x: 50, y: 700, size: 12, font });
  // Two runs in different fonts: pdf.js keeps them as separate items.
  page.drawText('Sign: <<t=sig', { x: 50, y: 650, size: 12, font });
  page.drawText('nature>>', { x: 50 + font.widthOfTextAtSize('Sign: <<t=sig', 12), y: 650, size: 12, font: bold });
  const text = await firstPageText(await doc.save());

  assert.match(text.text, /Name: <<t=text>> end\n/);
  assert.ok(text.text.includes('Sign: <<t=signature>>'), JSON.stringify(text.text));
  assert.ok(text.runs.length >= 3, 'the split tag came as two runs');

  const i = text.text.indexOf('<<t=text>>');
  const box = boxOfSpan(text, i, i + '<<t=text>>'.length)!;
  const left = 50 + font.widthOfTextAtSize('Name: ', 12);
  assert.ok(Math.abs(box.rect.x - left) < 1.5, `left ${box.rect.x} vs ${left}`);
  assert.ok(Math.abs(box.rect.width - font.widthOfTextAtSize('<<t=text>>', 12)) < 1.5, `width ${box.rect.width}`);
  assert.ok(box.rect.y < 700 && box.rect.y + box.rect.height > 700 + 8, 'covers the glyphs around the baseline');
  assert.equal(box.fontSize, 12);

  const k = text.text.indexOf('<<t=sig');
  const split = boxOfSpan(text, k, text.text.indexOf('>>', k) + 2)!;
  const splitLeft = 50 + font.widthOfTextAtSize('Sign: ', 12);
  const splitRight = 50 + font.widthOfTextAtSize('Sign: <<t=sig', 12) + bold.widthOfTextAtSize('nature>>', 12);
  assert.ok(Math.abs(split.rect.x - splitLeft) < 1.5);
  assert.ok(Math.abs(split.rect.x + split.rect.width - splitRight) < 1.5);
});

test('boxOfSpan follows text drawn at 90 degrees and grows by line count', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([600, 800]).drawText('<<x>>', { x: 300, y: 300, size: 10, font, rotate: degrees(90) });
  const text = await firstPageText(await doc.save());
  const i = text.text.indexOf('<<x>>');
  const one = boxOfSpan(text, i, i + 5)!;
  // Reading upwards: the span runs along +y from 300, the glyphs stand to the left of x=300.
  assert.ok(Math.abs(one.rect.y - 300) < 1 && Math.abs(one.rect.height - font.widthOfTextAtSize('<<x>>', 10)) < 1.5);
  assert.ok(one.rect.x < 300 - 8 && one.rect.x + one.rect.width > 300);
  const three = boxOfSpan(text, i, i + 5, 3)!;
  assert.ok(Math.abs(three.rect.width - 3 * 12) < 0.01, `three lines are 3 × 1.2 × size wide: ${three.rect.width}`);
});

test('buildPageText handles empty items, line ends and spans without characters', () => {
  const t = buildPageText([
    { str: '', transform: [1, 0, 0, 1, 0, 0], width: 0, height: 0, hasEOL: true },
    { str: 'ab', transform: [10, 0, 0, 10, 5, 5], width: 11.12, height: 10 },
  ]);
  assert.equal(t.text, '\nab');
  assert.equal(boxOfSpan(t, 0, 1), null);
  assert.ok(boxOfSpan(t, 1, 3));
});

test('characters of a monospaced run get equal shares of its width', async () => {
  const doc = await PDFDocument.create();
  const courier = await doc.embedFont(StandardFonts.Courier);
  // No spaces: pdf.js splits runs at spaces, and the tag must sit inside one run for this test.
  doc.addPage([600, 800]).drawText('Name:<<t=text>>end', { x: 50, y: 700, size: 12, font: courier });
  const text = await firstPageText(await doc.save());
  const i = text.text.indexOf('<<');
  const box = boxOfSpan(text, i, i + '<<t=text>>'.length)!;
  assert.equal(text.runs.length, 1);
  assert.ok(Math.abs(box.rect.x - (50 + courier.widthOfTextAtSize('Name:', 12))) < 0.5, `left ${box.rect.x}`);
  assert.ok(Math.abs(box.rect.width - courier.widthOfTextAtSize('<<t=text>>', 12)) < 0.5, `width ${box.rect.width}`);
});

test('inside a proportional run, characters are placed by their Helvetica widths', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([600, 800]).drawText('WWWWmmm:<<t=initials>>iiii', { x: 40, y: 500, size: 14, font });
  const text = await firstPageText(await doc.save());
  assert.equal(text.runs.length, 1, 'one run');
  const i = text.text.indexOf('<<');
  const box = boxOfSpan(text, i, i + '<<t=initials>>'.length)!;
  // Equal shares would put the tag ~20 pt off here (W is 4× as wide as i).
  assert.ok(Math.abs(box.rect.x - (40 + font.widthOfTextAtSize('WWWWmmm:', 14))) < 0.5, `left ${box.rect.x}`);
  assert.ok(Math.abs(box.rect.width - font.widthOfTextAtSize('<<t=initials>>', 14)) < 0.5, `width ${box.rect.width}`);
});

test('a tag inside a Times or Courier run spans the tag as drawn in that font', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  const cases = [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold, StandardFonts.Courier, StandardFonts.HelveticaBold];
  // Wide and narrow letters before the tag: a wrong width table moves the tag by several points.
  const line = 'WWMMiiil:<<t=initials;l=Mmm>>lliiWW';
  const fonts = [];
  for (const [i, name] of cases.entries()) {
    const font = await doc.embedFont(name);
    fonts.push(font);
    page.drawText(line, { x: 40, y: 700 - i * 60, size: 14, font });
  }
  const text = await firstPageText(await doc.save());
  const tag = '<<t=initials;l=Mmm>>';
  let from = 0;
  for (const [i, font] of fonts.entries()) {
    const at = text.text.indexOf(tag, from);
    from = at + 1;
    const box = boxOfSpan(text, at, at + tag.length)!;
    const left = 40 + font.widthOfTextAtSize('WWMMiiil:', 14);
    const width = font.widthOfTextAtSize(tag, 14);
    assert.ok(Math.abs(box.rect.x - left) < 1, `${cases[i]}: left ${box.rect.x} vs ${left}`);
    assert.ok(Math.abs(box.rect.width - width) < 1, `${cases[i]}: width ${box.rect.width} vs ${width}`);
  }
});
