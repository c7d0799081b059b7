/** Helpers for the pipeline's tests: tiny PNGs, poppler renders, pdf.js text positions. Test-only. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { openWithPdfjs } from '../../../demo/server/pdf/pdfjs-node.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGBA PNG data URL, `w`×`h`, every pixel from `pixel(x, y)` as 0xRRGGBBAA. */
export function pngDataUrl(w: number, h: number, pixel: (x: number, y: number) => number): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 4);
    for (let x = 0; x < w; x++) row.writeUInt32BE(pixel(x, y) >>> 0, 1 + x * 4);
    rows.push(row);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Whether a command-line tool (qpdf, pdftoppm) is installed: tests that need one skip cleanly without it. */
export function hasCommand(command: string, versionFlag = '--version'): boolean {
  try {
    execFileSync(command, [versionFlag], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A solid dark-blue signature-like image. */
export const SOLID_PNG = pngDataUrl(40, 20, () => 0x102080ff);

export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
  /** Mean gray (0 black..255 white) of a region given as fractions of the displayed page. */
  mean(ax: number, ay: number, bx: number, by: number): number;
}

/** Renders one page with poppler's pdftoppm (as displayed: rotation and CropBox applied). */
export function renderGray(pdf: Uint8Array, page = 1, dpi = 50): GrayImage {
  const dir = mkdtempSync(join(tmpdir(), 'esign-render-'));
  try {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', input, join(dir, 'out')], { stdio: 'pipe' });
    return parsePgm(readFileSync(join(dir, 'out.pgm')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parsePgm(buf: Buffer): GrayImage {
  // "P5\n<w> <h>\n<max>\n" then bytes
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[i]))) i++;
    let tok = '';
    while (!/\s/.test(String.fromCharCode(buf[i]))) tok += String.fromCharCode(buf[i++]);
    fields.push(tok);
  }
  i++;
  const width = Number(fields[1]),
    height = Number(fields[2]);
  const data = new Uint8Array(buf.subarray(i, i + width * height));
  return {
    width,
    height,
    data,
    mean(ax, ay, bx, by) {
      const x0 = Math.floor(ax * width),
        x1 = Math.max(x0 + 1, Math.floor(bx * width));
      const y0 = Math.floor(ay * height),
        y1 = Math.max(y0 + 1, Math.floor(by * height));
      let sum = 0,
        n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          sum += data[y * width + x];
          n++;
        }
      return sum / n;
    },
  };
}

export interface PlacedText {
  str: string;
  page: number;
  /** Baseline start as fractions of the displayed page. */
  fx: number;
  fy: number;
  /** Direction of the text on screen: 1,0 reads left to right, upright. */
  dirX: number;
  dirY: number;
}

/** Every text run of a PDF with its position on the displayed page (pdf.js viewport at scale 1). */
export async function placedText(pdf: Uint8Array): Promise<PlacedText[]> {
  const opened = await openWithPdfjs(pdf);
  const out: PlacedText[] = [];
  try {
    for (let n = 1; n <= opened.doc.numPages; n++) {
      const page = await opened.doc.getPage(n);
      const vp = page.getViewport({ scale: 1 });
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || !item.str) continue;
        const [a, b, , , e, f] = item.transform as number[];
        const [x, y] = vp.convertToViewportPoint(e, f);
        const [x2, y2] = vp.convertToViewportPoint(e + a, f + b);
        const len = Math.hypot(x2 - x, y2 - y) || 1;
        out.push({ str: item.str, page: n, fx: x / vp.width, fy: y / vp.height, dirX: (x2 - x) / len, dirY: (y2 - y) / len });
      }
    }
  } finally {
    await opened.close();
  }
  return out;
}
