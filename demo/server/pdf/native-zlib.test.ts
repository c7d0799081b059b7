import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { decodePng, embedPngFast } from './native-zlib.ts';
import { PageCanvas } from './stamp/canvas.ts';
import { renderGray } from '../../../test/support/server/pdf.ts';

/** A PNG encoder for tests: any colour type at depth 8 (or palette depth 1..8), one filter type for every row. */
function encodePng(opts: {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  depth?: number;
  filter: 0 | 1 | 2 | 3 | 4;
  palette?: number[];
  trns?: number[];
  sample: (x: number, y: number) => number[];
}): Buffer {
  const { width, height, colorType, filter } = opts;
  const depth = opts.depth ?? 8;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  const stride = Math.ceil((width * channels * depth) / 8);
  const bpp = Math.max(1, (channels * depth) >> 3);
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(stride);
    for (let x = 0; x < width; x++) {
      const s = opts.sample(x, y);
      if (depth < 8) {
        const bit = x * depth;
        row[bit >> 3] |= s[0] << (8 - depth - (bit & 7));
      } else s.forEach((v, c) => (row[x * channels + c] = v));
    }
    const out = Buffer.alloc(stride + 1);
    out[0] = filter;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp] : 0,
        b = prev[i],
        c = i >= bpp ? prev[i - bpp] : 0;
      const p = a + b - c,
        pa = Math.abs(p - a),
        pb = Math.abs(p - b),
        pc = Math.abs(p - c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      out[i + 1] = (row[i] - pred) & 0xff;
    }
    rows.push(out);
    prev = row;
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type), data, Buffer.alloc(4)]); // CRC unchecked by the decoder
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(opts.palette ? [chunk('PLTE', Buffer.from(opts.palette))] : []),
    ...(opts.trns ? [chunk('tRNS', Buffer.from(opts.trns))] : []),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const W = 13,
  H = 7;
const rgba = (x: number, y: number) => [(x * 19) & 255, (y * 37) & 255, (x * y * 5) & 255, (x + y) % 3 ? 255 : 100];

test('decodePng undoes every filter type for RGBA, RGB, grey and grey+alpha images', () => {
  for (const filter of [0, 1, 2, 3, 4] as const) {
    const rgbaPng = decodePng(encodePng({ width: W, height: H, colorType: 6, filter, sample: rgba }))!;
    const rgbPng = decodePng(encodePng({ width: W, height: H, colorType: 2, filter, sample: (x, y) => rgba(x, y).slice(0, 3) }))!;
    const greyPng = decodePng(encodePng({ width: W, height: H, colorType: 4, filter, sample: (x, y) => [rgba(x, y)[0], rgba(x, y)[3]] }))!;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x,
          [r, g, b, a] = rgba(x, y);
        assert.deepEqual([...rgbaPng.rgb.subarray(i * 3, i * 3 + 3), rgbaPng.alpha![i]], [r, g, b, a], `filter ${filter} RGBA at ${x},${y}`);
        assert.deepEqual([...rgbPng.rgb.subarray(i * 3, i * 3 + 3)], [r, g, b], `filter ${filter} RGB`);
        assert.deepEqual([greyPng.rgb[i * 3], greyPng.rgb[i * 3 + 2], greyPng.alpha![i]], [r, r, a], `filter ${filter} grey+alpha`);
      }
    assert.equal(rgbPng.alpha, null, 'opaque images carry no mask');
  }
});

test('decodePng reads palette images of depth 8 and 1 with tRNS transparency', () => {
  const palette = [255, 0, 0, 0, 0, 255, 9, 9, 9];
  const eight = decodePng(encodePng({ width: W, height: H, colorType: 3, filter: 1, palette, trns: [0, 128], sample: (x, y) => [(x + y) % 3] }))!;
  const one = decodePng(encodePng({ width: W, height: H, colorType: 3, depth: 1, filter: 2, palette: palette.slice(0, 6), sample: (x) => [x % 2] }))!;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x,
        k = (x + y) % 3;
      assert.deepEqual([...eight.rgb.subarray(i * 3, i * 3 + 3), eight.alpha![i]], [...palette.slice(k * 3, k * 3 + 3), [0, 128, 255][k]]);
      assert.deepEqual([...one.rgb.subarray(i * 3, i * 3 + 3)], palette.slice((x % 2) * 3, (x % 2) * 3 + 3));
    }
});

test('decodePng declines what it does not handle, and embedPngFast then uses pdf-lib', async () => {
  assert.equal(decodePng(new Uint8Array([1, 2, 3])), null);
  const sixteen = encodePng({ width: 2, height: 2, colorType: 0, depth: 16 as 8, filter: 0, sample: () => [0, 0] });
  assert.equal(decodePng(sixteen), null);
  const doc = await PDFDocument.create();
  const viaPdfLib = await embedPngFast(doc, sixteen);
  assert.deepEqual([viaPdfLib.width, viaPdfLib.height], [2, 2], 'the 16-bit PNG is embedded by pdf-lib');
});

test("an image embedded by the fast path renders like pdf-lib's own embedding", async () => {
  const png = encodePng({ width: 40, height: 20, colorType: 6, filter: 4, sample: (x) => (x < 20 ? [0, 0, 0, 255] : [0, 0, 0, 0]) });
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const fast = await embedPngFast(doc, png);
  const slow = await doc.embedPng(png);
  const canvas = new PageCanvas(doc, page);
  canvas.image(fast, 0, 100, 200, 100);
  canvas.image(slow, 0, 0, 200, 100);
  canvas.finish();
  const img = renderGray(await doc.save(), 1, 36);
  for (const [fx, want] of [
    [0.25, 'dark'],
    [0.75, 'light'],
  ] as const) {
    const top = img.mean(fx - 0.05, 0.2, fx + 0.05, 0.3);
    const bottom = img.mean(fx - 0.05, 0.7, fx + 0.05, 0.8);
    assert.ok(Math.abs(top - bottom) < 2, `same result at ${fx}: ${top} vs ${bottom}`);
    assert.ok(want === 'dark' ? top < 30 : top > 225, `${want} half at ${fx}`);
  }
});
