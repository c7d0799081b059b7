import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, degrees, type PDFPage } from 'pdf-lib';
import { readFixture } from '../../test/support/fixtures.ts';
import {
  normalizeRotation,
  normalizeBox,
  pageGeometry,
  visibleBox,
  displayedSize,
  fractionPointToPdf,
  pdfPointToFraction,
  fractionRectToPdf,
  pdfRectToFraction,
  fractionRectToCss,
  cssRectToFraction,
  fractionRectToPercent,
  clampFractionRect,
  type PageGeometry,
  type Box,
} from './geometry.ts';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** Reads a page's boxes and rotation with pdf-lib: the same facts the server's inspectPdf reports. */
function geometryOf(page: PDFPage): PageGeometry {
  const m = page.getMediaBox();
  const hasCrop = page.node.CropBox() !== undefined;
  const c = page.getCropBox();
  return pageGeometry({
    mediaBox: [m.x, m.y, m.x + m.width, m.y + m.height],
    cropBox: hasCrop ? [c.x, c.y, c.x + c.width, c.y + c.height] : undefined,
    rotate: page.getRotation().angle,
  });
}

function assertClose(actual: Record<string, number>, expected: Record<string, number>, eps = 1e-9): void {
  assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort());
  for (const k of Object.keys(expected)) assert.ok(Math.abs(actual[k] - expected[k]) < eps, `${k}: ${actual[k]} vs ${expected[k]}`);
}

// Deterministic pseudo-random fractions so a failure is reproducible.
function* samplePoints(n: number): Generator<[number, number]> {
  let s = 12345;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (const corner of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [0.5, 0.5],
  ] as [number, number][])
    yield corner;
  for (let i = 0; i < n; i++) yield [next(), next()];
}

/** Compares our mapping with pdf.js's own viewport for every page of a PDF. */
async function crossCheck(bytes: Uint8Array, label: string): Promise<number> {
  const ours = (await PDFDocument.load(bytes, { updateMetadata: false })).getPages().map(geometryOf);
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  const doc = await task.promise;
  let checked = 0;
  try {
    assert.equal(doc.numPages, ours.length);
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const geometry = ours[i - 1];
      const where = `${label} page ${i} (rotate ${geometry.rotate}, crop ${geometry.cropBox})`;
      assert.equal(geometry.rotate, page.rotate, `${where}: rotation`);
      assert.deepEqual(visibleBox(geometry), [...page.view], `${where}: visible box`);
      const viewport = page.getViewport({ scale: 1 });
      const size = displayedSize(geometry);
      assert.ok(Math.abs(size.width - viewport.width) < 1e-9, `${where}: width`);
      assert.ok(Math.abs(size.height - viewport.height) < 1e-9, `${where}: height`);
      for (const [fx, fy] of samplePoints(60)) {
        const p = fractionPointToPdf(fx, fy, geometry);
        const [vx, vy] = viewport.convertToViewportPoint(p.x, p.y);
        assert.ok(
          Math.abs(vx - fx * viewport.width) < 1e-6 && Math.abs(vy - fy * viewport.height) < 1e-6,
          `${where}: fraction (${fx}, ${fy}) -> pdf (${p.x}, ${p.y}) is viewport (${vx}, ${vy}), expected (${fx * viewport.width}, ${fy * viewport.height})`,
        );
        // And the other way, through pdf.js's inverse.
        const [px, py] = viewport.convertToPdfPoint(fx * viewport.width, fy * viewport.height);
        const back = pdfPointToFraction(px, py, geometry);
        assert.ok(Math.abs(back.fx - fx) < 1e-9 && Math.abs(back.fy - fy) < 1e-9, `${where}: pdf.js inverse`);
        checked++;
      }
    }
  } finally {
    await task.destroy();
  }
  return checked;
}

/** A fixture with its pages re-rotated and re-cropped by pdf-lib, to reach every angle and crop shape. */
async function variant(name: string, edit: (page: PDFPage, index: number) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await readFixture(name), { updateMetadata: false });
  doc.getPages().forEach(edit);
  return doc.save();
}

describe('normalizeRotation', () => {
  test('reduces multiples of 90 into 0..270', () => {
    assert.equal(normalizeRotation(0), 0);
    assert.equal(normalizeRotation(-90), 270);
    assert.equal(normalizeRotation(450), 90);
    assert.equal(normalizeRotation(-540), 180);
    assert.equal(normalizeRotation(720), 0);
    assert.equal(normalizeRotation('270'), 270);
  });
  test('treats anything else as 0, like pdf.js', () => {
    for (const bad of [45, 91, NaN, Infinity, null, undefined, 'x', {}]) assert.equal(normalizeRotation(bad), 0, String(bad));
  });
});

describe('boxes', () => {
  test('normalizeBox orders the corners', () => {
    assert.deepEqual(normalizeBox([612, 792, 0, 0]), [0, 0, 612, 792]);
  });
  test('a missing CropBox means the MediaBox', () => {
    const g = pageGeometry({ mediaBox: [0, 0, 100, 200] });
    assert.deepEqual(g.cropBox, [0, 0, 100, 200]);
    assert.deepEqual(displayedSize(g), { width: 100, height: 200 });
  });
  test('the visible box is the CropBox intersected with the MediaBox', () => {
    const g = pageGeometry({ mediaBox: [0, 0, 100, 200], cropBox: [50, -10, 300, 150] });
    assert.deepEqual(visibleBox(g), [50, 0, 100, 150]);
    assert.deepEqual(displayedSize(g), { width: 50, height: 150 });
    assert.deepEqual(displayedSize({ ...g, rotate: 90 }), { width: 150, height: 50 });
  });
  test('a CropBox that misses the MediaBox falls back to the MediaBox', () => {
    assert.deepEqual(visibleBox(pageGeometry({ mediaBox: [0, 0, 100, 100], cropBox: [200, 200, 300, 300] })), [0, 0, 100, 100]);
  });
});

describe('fraction <-> PDF by hand', () => {
  const media: Box = [10, 20, 110, 220]; // 100 wide, 200 tall, off-origin
  test('top-left of the displayed page for every rotation', () => {
    const at = (rotate: 0 | 90 | 180 | 270) => fractionPointToPdf(0, 0, { mediaBox: media, cropBox: media, rotate });
    assert.deepEqual(at(0), { x: 10, y: 220 });
    assert.deepEqual(at(90), { x: 10, y: 20 });
    assert.deepEqual(at(180), { x: 110, y: 20 });
    assert.deepEqual(at(270), { x: 110, y: 220 });
  });
  test('a field rectangle becomes a positive PDF rectangle', () => {
    const page: PageGeometry = { mediaBox: media, cropBox: media, rotate: 0 };
    assertClose({ ...fractionRectToPdf({ ax: 0.1, ay: 0.25, bx: 0.5, by: 0.5 }, page) }, { x: 20, y: 120, width: 40, height: 50 });
    const turned = fractionRectToPdf({ ax: 0.1, ay: 0.25, bx: 0.5, by: 0.5 }, { ...page, rotate: 90 });
    // Displayed 200 wide x 100 tall: x spans 0.25..0.5 of 100, y spans 0.1..0.5 of 200.
    assertClose({ ...turned }, { x: 35, y: 40, width: 25, height: 80 });
  });
});

describe('round trips', () => {
  const pages: PageGeometry[] = [];
  for (const rotate of [0, 90, 180, 270] as const) {
    pages.push({ mediaBox: [0, 0, 612, 792], cropBox: [0, 0, 612, 792], rotate });
    pages.push({ mediaBox: [-30, 15, 600, 800], cropBox: [12.5, 40, 587.25, 777.75], rotate });
  }
  test('fraction -> PDF -> fraction is exact within 1e-9', () => {
    for (const page of pages) {
      for (const [fx, fy] of samplePoints(200)) {
        const p = fractionPointToPdf(fx, fy, page);
        const back = pdfPointToFraction(p.x, p.y, page);
        assert.ok(Math.abs(back.fx - fx) < 1e-9 && Math.abs(back.fy - fy) < 1e-9, `${JSON.stringify(page)} (${fx}, ${fy})`);
      }
      const it = samplePoints(100);
      for (let i = 0; i < 50; i++) {
        const [x1, y1] = it.next().value!;
        const [x2, y2] = it.next().value!;
        const rect = { ax: Math.min(x1, x2), ay: Math.min(y1, y2), bx: Math.max(x1, x2), by: Math.max(y1, y2) };
        const pdf = fractionRectToPdf(rect, page);
        assert.ok(pdf.width >= 0 && pdf.height >= 0);
        const back = pdfRectToFraction(pdf, page);
        for (const k of ['ax', 'ay', 'bx', 'by'] as const) assert.ok(Math.abs(back[k] - rect[k]) < 1e-9, `${k} ${JSON.stringify(page)}`);
      }
    }
  });
  test('fraction -> CSS -> fraction', () => {
    const rect = { ax: 0.125, ay: 0.2, bx: 0.375, by: 0.35 };
    const css = fractionRectToCss(rect, 816, 1056);
    assertClose({ ...css }, { left: 102, top: 211.2, width: 204, height: 158.4 });
    const back = cssRectToFraction(css, 816, 1056);
    for (const k of ['ax', 'ay', 'bx', 'by'] as const) assert.ok(Math.abs(back[k] - rect[k]) < 1e-12);
    assert.deepEqual(cssRectToFraction({ left: 100, top: 100, width: -50, height: -20 }, 200, 200), { ax: 0.25, ay: 0.4, bx: 0.5, by: 0.5 });
    assert.deepEqual(fractionRectToPercent({ ax: 0.5, ay: 0.25, bx: 0.75, by: 0.5 }), { left: '50%', top: '25%', width: '25%', height: '25%' });
  });
  test('clampFractionRect moves a rectangle back onto the page without shrinking it', () => {
    assertClose({ ...clampFractionRect({ ax: -0.1, ay: 0.9, bx: 0.2, by: 1.1 }) }, { ax: 0, ay: 0.8, bx: 0.3, by: 1 });
    assert.deepEqual(clampFractionRect({ ax: -1, ay: 0.2, bx: 2, by: 0.3 }), { ax: 0, ay: 0.2, bx: 1, by: 0.3 });
  });
});

describe('agreement with pdf.js viewports on the fixtures', () => {
  for (const name of ['pdfjs-rotation.pdf', 'pdfjs-hello_world_rotated.pdf', 'pdflib-with_cropbox.pdf']) {
    test(`${name} as shipped`, async () => {
      assert.ok((await crossCheck(await readFixture(name), name)) > 0);
    });
  }
  test('every rotation, with a CropBox inside and a CropBox overhanging the MediaBox', async () => {
    for (const name of ['pdfjs-rotation.pdf', 'pdflib-with_cropbox.pdf', 'pdfjs-hello_world_rotated.pdf']) {
      for (const angle of [0, 90, 180, 270, -90, 450]) {
        const inside = await variant(name, (page) => {
          page.setRotation(degrees(angle));
          page.setCropBox(37, 61.5, 400, 500);
        });
        await crossCheck(inside, `${name} rotate ${angle} cropped inside`);
        const overhanging = await variant(name, (page, i) => {
          page.setRotation(degrees(angle + 90 * i));
          page.setCropBox(-50, 100, 700, 900); // pdf-lib takes x, y, width, height
        });
        await crossCheck(overhanging, `${name} rotate ${angle} cropped overhanging`);
      }
    }
  });
  test('a MediaBox that does not start at the origin', async () => {
    for (const angle of [0, 90, 180, 270]) {
      const bytes = await variant('pdfjs-rotation.pdf', (page) => {
        page.setMediaBox(-100, 50, 500, 600);
        page.setRotation(degrees(angle));
      });
      await crossCheck(bytes, `offset media rotate ${angle}`);
    }
  });
});
