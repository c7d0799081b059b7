/**
 * pdf-lib compresses with pako (pure JS): every new content stream and every PNG it embeds is
 * deflated in JavaScript, which made stamping a 100-page PDF several times slower than loading and
 * saving it. These helpers do the same work with Node's native zlib:
 * - `compressNewContentStreams` encodes the content streams pdf-lib created in this session
 *   (its drawing, and the q/Q it wraps loaded pages in) just before save, as raw streams;
 * - `embedPngFast` embeds a PNG by decoding it with zlib and splitting colour and alpha, instead of
 *   pdf-lib's UPNG + pako path (which it falls back to for PNG variants it does not handle).
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFContentStream, PDFName, PDFRawStream, type PDFContext, type PDFDocument, type PDFRef } from 'pdf-lib';

export function compressNewContentStreams(doc: PDFDocument): void {
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFContentStream)) continue;
    const dict = object.dict.clone(doc.context);
    const contents = object.getUnencodedContents();
    // zlib costs ~0.2 ms per call before it compresses anything; small streams stay as they are.
    if (contents.length > SMALL_STREAM) {
      dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
      doc.context.assign(ref, PDFRawStream.of(dict, deflateSync(contents)));
    } else {
      dict.delete(PDFName.of('Filter'));
      doc.context.assign(ref, PDFRawStream.of(dict, contents));
    }
  }
}

/** Streams up to this many bytes are stored uncompressed. */
export const SMALL_STREAM = 4096;

interface DecodedPng {
  width: number;
  height: number;
  rgb: Uint8Array;
  /** null when every pixel is opaque. */
  alpha: Uint8Array | null;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Decodes a non-interlaced PNG of bit depth 8 (any colour type) or a palette PNG of depth 1–8; null otherwise. */
export function decodePng(bytes: Uint8Array): DecodedPng | null {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0,
    height = 0,
    depth = 0,
    colorType = 0,
    interlace = 0;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      depth = bytes[at + 16];
      colorType = bytes[at + 17];
      interlace = bytes[at + 20];
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') transparency = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (!channels || interlace !== 0 || width === 0 || height === 0) return null;
  if (!(depth === 8 || (colorType === 3 && depth < 8))) return null;
  if (colorType === 3 && !palette) return null;
  if (colorType !== 3 && transparency) return null; // colour-key transparency: let pdf-lib handle it

  const raw = inflateSync(Buffer.concat(idat));
  const bitsPerPixel = channels * depth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const bpp = Math.max(1, bitsPerPixel >> 3);
  if (raw.length < height * (stride + 1)) return null;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const up = row - stride; // previous row; only read when y > 0
    // One loop per filter type: this runs for every byte of every signature image.
    switch (filter) {
      case 0:
        pixels.set(raw.subarray(src, src + stride), row);
        break;
      case 1:
        for (let x = 0; x < stride; x++) pixels[row + x] = (raw[src + x] + (x >= bpp ? pixels[row + x - bpp] : 0)) & 0xff;
        break;
      case 2:
        for (let x = 0; x < stride; x++) pixels[row + x] = (raw[src + x] + (y > 0 ? pixels[up + x] : 0)) & 0xff;
        break;
      case 3:
        for (let x = 0; x < stride; x++) {
          const a = x >= bpp ? pixels[row + x - bpp] : 0;
          const b = y > 0 ? pixels[up + x] : 0;
          pixels[row + x] = (raw[src + x] + ((a + b) >> 1)) & 0xff;
        }
        break;
      case 4:
        for (let x = 0; x < stride; x++) {
          const a = x >= bpp ? pixels[row + x - bpp] : 0;
          const b = y > 0 ? pixels[up + x] : 0;
          const c = y > 0 && x >= bpp ? pixels[up + x - bpp] : 0;
          const p = a + b - c,
            pa = Math.abs(p - a),
            pb = Math.abs(p - b),
            pc = Math.abs(p - c);
          pixels[row + x] = (raw[src + x] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
        }
        break;
      default:
        return null;
    }
  }

  const count = width * height;
  const rgb = new Uint8Array(count * 3);
  const alpha = new Uint8Array(count);
  let opaque = true;
  if (colorType === 6 || colorType === 2) {
    for (let i = 0, p = 0, q = 0; i < count; i++, q += 3) {
      rgb[q] = pixels[p++];
      rgb[q + 1] = pixels[p++];
      rgb[q + 2] = pixels[p++];
      const a = colorType === 6 ? pixels[p++] : 255;
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
    return { width, height, rgb, alpha: opaque ? null : alpha };
  }
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      let r: number,
        g: number,
        b: number,
        a = 255;
      if (colorType === 3) {
        const bit = x * depth;
        const index = (pixels[y * stride + (bit >> 3)] >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
        r = palette![index * 3] ?? 0;
        g = palette![index * 3 + 1] ?? 0;
        b = palette![index * 3 + 2] ?? 0;
        if (transparency && index < transparency.length) a = transparency[index];
      } else {
        const p = y * stride + x * channels; // grey (0) or grey + alpha (4)
        r = g = b = pixels[p];
        if (colorType === 4) a = pixels[p + 1];
      }
      rgb[i * 3] = r;
      rgb[i * 3 + 1] = g;
      rgb[i * 3 + 2] = b;
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
  }
  return { width, height, rgb, alpha: opaque ? null : alpha };
}

/** An image XObject in the document: what drawing needs (pdf-lib's PDFImage has the same shape). */
export interface EmbeddedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

// Level 1: on signature-like images (flat ink on transparency) the default level takes ~8× as long
// for half the (already tiny) size.
const IMAGE_DEFLATE = { level: 1 };

function embedDecoded(context: PDFContext, png: DecodedPng): EmbeddedImage {
  const { width, height, rgb, alpha } = png;
  const common = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8, Filter: 'FlateDecode' };
  const smask = alpha ? context.register(PDFRawStream.of(context.obj({ ...common, ColorSpace: 'DeviceGray' }), deflateSync(alpha, IMAGE_DEFLATE))) : undefined;
  const ref = context.register(
    PDFRawStream.of(context.obj({ ...common, ColorSpace: 'DeviceRGB', ...(smask ? { SMask: smask } : {}) }), deflateSync(rgb, IMAGE_DEFLATE)),
  );
  return { ref, width, height };
}

/** Embeds a PNG through native zlib when it can, else through pdf-lib. */
export async function embedPngFast(doc: PDFDocument, bytes: Uint8Array): Promise<EmbeddedImage> {
  const decoded = decodePng(bytes);
  return decoded ? embedDecoded(doc.context, decoded) : doc.embedPng(bytes);
}
