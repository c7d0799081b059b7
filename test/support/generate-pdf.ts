/**
 * Makes PDFs at test time with pdf-lib (Node and browser): any number of pages,
 * sizes, rotations and text, so tests and benchmarks need no committed binaries.
 */
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

export interface GeneratePdfOptions {
  pages: number;
  /** Page width in points (default 612, US Letter), or one per page index. */
  width?: number | ((pageIndex: number) => number);
  /** Page height in points (default 792). */
  height?: number | ((pageIndex: number) => number);
  /** /Rotate of every page, or one per page index. */
  rotate?: 0 | 90 | 180 | 270 | ((pageIndex: number) => 0 | 90 | 180 | 270);
  /** CropBox `[x, y, width, height]` in points of a page, when it should differ from the MediaBox. */
  cropBox?: (pageIndex: number) => [number, number, number, number] | undefined;
  /** Text written on a page (default "Page n"); lines split on \n. */
  text?: (pageIndex: number) => string;
}

const pick = <T>(value: T | ((i: number) => T) | undefined, i: number, fallback: T): T =>
  value === undefined ? fallback : typeof value === 'function' ? (value as (i: number) => T)(i) : value;

export async function generatePdf(options: GeneratePdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < options.pages; i++) {
    const width = pick(options.width, i, 612);
    const height = pick(options.height, i, 792);
    const page = doc.addPage([width, height]);
    const rotation = pick(options.rotate, i, 0);
    if (rotation) page.setRotation(degrees(rotation));
    const crop = options.cropBox?.(i);
    if (crop) page.setCropBox(...crop);
    const text = options.text ? options.text(i) : `Page ${i + 1}`;
    const size = Math.max(8, Math.min(36, width / 12));
    text.split('\n').forEach((line, k) => {
      page.drawText(line, { x: 36, y: height - 36 - size - k * size * 1.3, size, font, color: rgb(0.1, 0.1, 0.1) });
    });
    page.drawRectangle({ x: 18, y: 18, width: width - 36, height: height - 36, borderColor: rgb(0.6, 0.6, 0.8), borderWidth: 2 });
  }
  // Object streams off: pdf.js then finds each page without decoding a stream first.
  return doc.save({ useObjectStreams: false });
}
