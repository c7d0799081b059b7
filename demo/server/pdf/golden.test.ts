/**
 * Golden tests: a stamped final PDF rendered back to pixels with poppler's pdftoppm and compared,
 * with a tolerance, to reference renders committed in golden/ (gzipped 8-bit grey PGM). The
 * tolerance absorbs anti-aliasing differences between poppler versions; a moved, missing or
 * different field is far outside it (the last test proves the comparison catches one).
 * Regenerate after an intended change: `UPDATE_GOLDEN=1 node --test demo/server/pdf/golden.test.ts`.
 * Skipped cleanly when pdftoppm is not installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FieldElement } from 'esign-elements/fields';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { newElement } from './element-defaults.ts';
import { stampFinalPdf } from './stamp.ts';
import { combLabel } from './comb.ts';
import { hasCommand, pngDataUrl, renderGray, type GrayImage } from '../../../test/support/server/pdf.ts';

const GOLDEN_DIR = join(import.meta.dirname, 'golden');
const DPI = 36;
const UPDATE = process.env.UPDATE_GOLDEN === '1';
// pdftoppm is required (.ci/run installs poppler-utils): without it the test fails saying so, it never skips.
const requirePdftoppm = () => assert.ok(hasCommand('pdftoppm', '-v'), 'pdftoppm is needed for the golden renders: apt-get install poppler-utils');

const SIGNATURE = pngDataUrl(120, 40, (x, y) => (Math.abs(y - 20 - Math.sin(x / 9) * 12) < 2.5 ? 0x101060ff : 0));

/** One of each kind of drawing: fonts, alignment, wrap, dates, marks, comb, image, border rules. */
function fieldsFor(page: number): FieldElement[] {
  const f = (props: Partial<FieldElement> & { ax: number; ay: number; bx: number; by: number }) => newElement({ page, font_size: 12, ...props });
  return [
    f({ ax: 0.1, ay: 0.12, bx: 0.6, by: 0.16, value: 'Helvetica left' }),
    f({ ax: 0.1, ay: 0.18, bx: 0.6, by: 0.22, value: 'Courier centred', font_name: 'courier', align: 2 }),
    f({ ax: 0.1, ay: 0.24, bx: 0.6, by: 0.28, value: 'Arimo right', font_name: 'arial', align: 3 }),
    f({ ax: 0.1, ay: 0.3, bx: 0.5, by: 0.4, value: 'A longer value that wraps over several lines inside its box', font_name: 'verdana', font_size: 10 }),
    f({ ax: 0.1, ay: 0.44, bx: 0.14, by: 0.47, validation: 24, value: 'tick' }),
    f({ ax: 0.2, ay: 0.44, bx: 0.24, by: 0.47, validation: 26, value: 'cross' }),
    f({ ax: 0.3, ay: 0.44, bx: 0.6, by: 0.48, validation: 34, value: '2026-03-04T10:00:00Z', hide_border: true }),
    f({ ax: 0.1, ay: 0.52, bx: 0.5, by: 0.56, value: '12AB', label_extra: combLabel(6) }),
    f({ ax: 0.1, ay: 0.6, bx: 0.5, by: 0.72, element_type: 'signature', value: SIGNATURE }),
    f({ ax: 0.6, ay: 0.6, bx: 0.9, by: 0.72, value: 'not printed', no_pdf: true }),
  ];
}

async function stampedSample(change?: (fields: FieldElement[]) => void): Promise<Uint8Array> {
  // Page 1 upright, page 2 turned by /Rotate 90: the same fields must look the same on both.
  const source = await generatePdf({ pages: 2, rotate: (i) => (i === 1 ? 90 : 0), text: () => 'Golden sample <<t=text>>' });
  const fields = [...fieldsFor(1), ...fieldsFor(2)];
  change?.(fields);
  return stampFinalPdf({ source, elements: fields, options: { timeZone: 'UTC' } });
}

interface Difference {
  /** Mean absolute grey difference over the page. */
  meanAbs: number;
  /** The largest mean absolute difference of any 8×8-pixel tile (about 1/5 inch): a local change shows here. */
  worstTile: number;
}

const TILE = 8;

function compare(actual: GrayImage, expected: GrayImage): Difference {
  assert.deepEqual([actual.width, actual.height], [expected.width, expected.height], 'same size');
  const { width, height } = actual;
  let sum = 0,
    worstTile = 0;
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      let tileSum = 0,
        n = 0;
      for (let y = ty; y < Math.min(height, ty + TILE); y++) {
        for (let x = tx; x < Math.min(width, tx + TILE); x++) {
          tileSum += Math.abs(actual.data[y * width + x] - expected.data[y * width + x]);
          n++;
        }
      }
      sum += tileSum;
      worstTile = Math.max(worstTile, tileSum / n);
    }
  }
  return { meanAbs: sum / (width * height), worstTile };
}
// Anti-aliasing differences between renderers stay well under these; a moved or changed glyph does not.
const withinTolerance = (d: Difference) => d.meanAbs < 1 && d.worstTile < 10;

function writeGolden(name: string, image: GrayImage): void {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  writeFileSync(join(GOLDEN_DIR, name), gzipSync(Buffer.concat([header, Buffer.from(image.data)]), { level: 9 }));
}

function readGolden(name: string): GrayImage {
  const buf = gunzipSync(readFileSync(join(GOLDEN_DIR, name)));
  const m = /^P5\n(\d+) (\d+)\n255\n/.exec(buf.subarray(0, 32).toString('latin1'))!;
  const width = Number(m[1]),
    height = Number(m[2]);
  return { width, height, data: new Uint8Array(buf.subarray(m[0].length)), mean: () => NaN };
}

for (const page of [1, 2]) {
  test(`golden: stamped page ${page} (${page === 2 ? '/Rotate 90' : 'upright'}) matches its reference render`, async () => {
    requirePdftoppm();
    const name = `stamped-page${page}.pgm.gz`;
    const image = renderGray(await stampedSample(), page, DPI);
    if (UPDATE || !existsSync(join(GOLDEN_DIR, name))) {
      assert.ok(UPDATE, `${name} is missing: run with UPDATE_GOLDEN=1 to create it`);
      writeGolden(name, image);
      return;
    }
    const d = compare(image, readGolden(name));
    assert.ok(withinTolerance(d), `page ${page} differs from ${name}: mean ${d.meanAbs.toFixed(2)}, worst tile ${d.worstTile.toFixed(1)}`);
  });
}

test('golden: the comparison catches a field moved by a few points or a changed value', async () => {
  requirePdftoppm();
  const golden = readGolden('stamped-page1.pgm.gz');
  const moved = renderGray(
    await stampedSample((fields) => {
      fields[0].ax += 0.01;
      fields[0].bx += 0.01;
    }),
    1,
    DPI,
  );
  assert.ok(!withinTolerance(compare(moved, golden)), 'a 6 pt shift is caught');
  const changed = renderGray(
    await stampedSample((fields) => {
      fields[7].value = '99ZZ';
    }),
    1,
    DPI,
  );
  assert.ok(!withinTolerance(compare(changed, golden)), 'a different comb value is caught');
});
