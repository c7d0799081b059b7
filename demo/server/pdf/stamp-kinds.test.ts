/**
 * Every validation code, through the field-kind table: a representative value shows the same on the
 * viewer overlay and the signer (both render `displayedContent`, src/fields/kinds) and on the stamped
 * final PDF (read back with pdf.js): the same text, the same checkbox mark, or an image.
 * The browser side (the rendered DOM of <esign-viewer> and <esign-signer>) is
 * src/fields/kinds/kinds-display.browser.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { checkFieldValue } from 'esign-elements/fields';
import { VALIDATION_CODES } from 'esign-elements/fields';
import { KIND_OF_CODE_KIND, displayedContent, kindOf } from 'esign-elements/fields';
import { fieldSamples, type FieldSample } from '../../../test/support/field-samples.ts';
import { newElement } from './element-defaults.ts';
import { stampFinalPdf } from './stamp.ts';
import { openWithPdfjs, pdfjs } from './pdfjs-node.ts';

/** What a stamped page shows: its text, how many images it paints, and the subpaths of each stroked path. */
interface PageShows {
  text: string;
  images: number;
  strokes: number[];
}

// pdf.js packs paths into constructPath(op, [data]): 0 moveTo x y, 1 lineTo x y, 2 curveTo (6), 3 quadratic (4), 4 close.
const ARGS = [2, 2, 6, 4, 0];
function subpaths(data: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < data.length; i += 1 + (ARGS[data[i]] ?? 0)) if (data[i] === 0) n++;
  return n;
}

async function pagesShow(pdf: Uint8Array): Promise<PageShows[]> {
  const opened = await openWithPdfjs(pdf);
  try {
    const out: PageShows[] = [];
    for (let n = 1; n <= opened.doc.numPages; n++) {
      const page = await opened.doc.getPage(n);
      const text = (await page.getTextContent()).items
        .map((item) => ('str' in item ? item.str : ''))
        .join('')
        .trim();
      const ops = await page.getOperatorList();
      let images = 0;
      const strokes: number[] = [];
      ops.fnArray.forEach((fn, i) => {
        if (fn === pdfjs.OPS.paintImageXObject) images++;
        const args = ops.argsArray[i] as [number, ArrayLike<number>[]] | null;
        if (fn === pdfjs.OPS.constructPath && args?.[0] === pdfjs.OPS.stroke) strokes.push(subpaths(args[1][0]));
      });
      out.push({ text, images, strokes });
    }
    return out;
  } finally {
    await opened.close();
  }
}

async function stampOnePerPage(samples: readonly FieldSample[]): Promise<PageShows[]> {
  const doc = await PDFDocument.create();
  for (const _ of samples) doc.addPage([600, 800]);
  const elements = samples.map((s, i) =>
    newElement({
      page: i + 1,
      ax: 0.1,
      ay: 0.1,
      bx: 0.7,
      by: 0.16,
      element_type: s.element_type,
      validation: s.validation,
      options: s.options,
      value: s.value,
    }),
  );
  return pagesShow(await stampFinalPdf({ source: await doc.save(), elements }));
}

test('every validation code has a kind module, and a sample that passes its own check', () => {
  for (const info of VALIDATION_CODES) assert.ok(KIND_OF_CODE_KIND[info.kind], `code ${info.code} (${info.kind}) has a kind module`);
  const samples = fieldSamples();
  for (const info of VALIDATION_CODES)
    assert.ok(
      samples.some((s) => s.validation === info.code),
      `code ${info.code} has a sample`,
    );
  for (const s of samples) {
    assert.equal(checkFieldValue({ ...s, optional: false }, s.value), null, `${s.name} is a valid value`);
  }
});

test('the viewer, the signer and the stamped PDF show the same value for every validation code', async () => {
  const samples = fieldSamples();
  const pages = await stampOnePerPage(samples);
  samples.forEach((s, i) => {
    const onScreen = displayedContent(s);
    const pdf = pages[i];
    const kind = kindOf(s).name;
    if (kind === 'secret') {
      // The signer sees the code they typed; the final PDF never prints it.
      assert.deepEqual([onScreen, pdf.text, pdf.images], [{ kind: 'text', text: s.value }, '', 0], s.name);
    } else if (onScreen.kind === 'image') {
      assert.deepEqual([pdf.text, pdf.images], ['', 1], `${s.name}: an image, no text, on the PDF`);
    } else if (onScreen.kind === 'mark') {
      // A tick is one stroked path of three points, a cross two strokes; the screen writes ✓ / ✗.
      assert.equal(onScreen.text, onScreen.mark === 'tick' ? '✓' : '✗', s.name);
      assert.deepEqual([pdf.text, pdf.images, pdf.strokes], ['', 0, [onScreen.mark === 'tick' ? 1 : 2]], `${s.name}: the PDF draws the same mark`);
    } else {
      assert.equal(onScreen.kind, 'text', `${s.name} shows text`);
      assert.equal(pdf.text, onScreen.kind === 'text' ? onScreen.text : '', `${s.name}: the PDF writes what the screen shows`);
      assert.equal(pdf.images, 0, s.name);
    }
  });
});

test('checkbox marks: what the model stores is what the screen and the PDF show (24 tick was a cross, 25 tick was blank)', async () => {
  const cases = [
    { validation: 24, value: 'tick', mark: '✓' },
    { validation: 24, value: 'cross', mark: '✗' },
    { validation: 25, value: 'tick', mark: '✓' },
    { validation: 25, value: '', mark: '' },
    { validation: 26, value: 'cross', mark: '✗' },
    { validation: 26, value: '', mark: '' },
  ];
  for (const c of cases) {
    const shown = displayedContent({ element_type: 'text', validation: c.validation, value: c.value });
    assert.equal(shown.kind === 'mark' ? shown.text : '', c.mark, `${c.validation} ${c.value || 'blank'}`);
  }
});
