/**
 * Images to PDF: one page per image, A4 in the image's orientation, the image fitted inside a
 * 36 pt margin. sharp decodes (asynchronously, off the main thread) with a pixel cap against
 * decompression bombs; pdf-lib embeds the result (JPEG stays JPEG, everything else becomes PNG).
 * Multi-page TIFFs give one PDF page per TIFF page (scans are commonly multi-page TIFFs);
 * animated GIF/WebP give their first frame (frames of an animation are not pages).
 */
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { unprocessable } from '../domain/errors.ts';

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 36;

export interface ImageLimits {
  maxPixels: number;
  maxPages: number;
}

export async function imageToPdf(bytes: Uint8Array, format: string, limits: ImageLimits): Promise<Uint8Array> {
  let pages = 1;
  try {
    const meta = await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata();
    if (format === 'tif') pages = meta.pages ?? 1;
  } catch (error) {
    throw imageProblem(format, error);
  }
  if (pages > limits.maxPages) {
    throw unprocessable(
      `The TIFF has ${pages} pages; this server accepts documents of up to ${limits.maxPages} pages. Split it and upload the parts.`,
      undefined,
      'convert_too_many_pages',
    );
  }
  const doc = await PDFDocument.create();
  for (let page = 0; page < pages; page++) {
    let data: Buffer;
    let info: { width: number; height: number };
    try {
      const image = sharp(bytes, { limitInputPixels: limits.maxPixels, page, pages: 1 }).rotate();
      ({ data, info } =
        format === 'jpg' ? await image.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true }) : await image.png().toBuffer({ resolveWithObject: true }));
    } catch (error) {
      throw imageProblem(format, error);
    }
    const embedded = format === 'jpg' ? await doc.embedJpg(data) : await doc.embedPng(data);
    const landscape = info.width > info.height;
    const [pw, ph] = landscape ? [A4.h, A4.w] : [A4.w, A4.h];
    const scale = Math.min((pw - 2 * MARGIN) / info.width, (ph - 2 * MARGIN) / info.height);
    const w = info.width * scale;
    const h = info.height * scale;
    doc.addPage([pw, ph]).drawImage(embedded, { x: (pw - w) / 2, y: (ph - h) / 2, width: w, height: h });
  }
  return doc.save();
}

function imageProblem(format: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return unprocessable(
      'The image has more pixels than this server decodes (a decompression bomb, or a very large scan). Scale it down and upload it again.',
      undefined,
      'convert_image_too_large',
    );
  }
  if (/HEVC|libde265|compression format has not been built/i.test(message)) {
    return unprocessable(
      "HEIC photos (HEVC-compressed) cannot be decoded by this server's image library. Export the photo as JPEG or PNG (or AVIF) and upload that.",
      undefined,
      'convert_heic_unsupported',
    );
  }
  return unprocessable(
    `The ${format.toUpperCase()} image is damaged or incomplete and cannot be decoded (${message.split('\n')[0].slice(0, 200)}).`,
    undefined,
    'convert_image_damaged',
  );
}
