/**
 * Drawing onto a loaded PDF page by writing its content-stream operators directly. pdf-lib's
 * drawing API builds an object per operator and number and compresses with pure-JS pako, which
 * made stamping a 100-page document several times slower than loading and saving it; fonts and
 * images still come from pdf-lib (embedding, encoding, widths), only the operators are ours.
 *
 * `finish()` appends one content stream with everything drawn; the page's existing content
 * is wrapped in q/Q first (so whatever graphics state it leaves behind cannot move our drawing).
 */
import { deflateSync } from 'node:zlib';
import { PDFRawStream, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { SMALL_STREAM, type EmbeddedImage } from '../native-zlib.ts';

export type Rgb = [number, number, number];
export type Matrix = [number, number, number, number, number, number];

/** Numbers as PDF wants them: no exponent, at most 4 decimals. */
function n(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const s = value.toFixed(4);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') || '0' : s;
}

export class PageCanvas {
  readonly page: PDFPage;
  private readonly doc: PDFDocument;
  private readonly parts: string[] = [];
  private readonly fontKeys = new Map<PDFFont, string>();
  private readonly imageKeys = new Map<EmbeddedImage, string>();
  private readonly alphaKeys = new Map<number, string>();

  constructor(doc: PDFDocument, page: PDFPage) {
    this.doc = doc;
    this.page = page;
  }

  save(): void {
    this.parts.push('q');
  }
  restore(): void {
    this.parts.push('Q');
  }
  transform(m: Matrix): void {
    this.parts.push(`${m.map(n).join(' ')} cm`);
  }
  clipRect(x: number, y: number, w: number, h: number): void {
    this.parts.push(`${n(x)} ${n(y)} ${n(w)} ${n(h)} re W n`);
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb, opacity = 1): void {
    this.parts.push(`${this.alpha(opacity)}${color.map(n).join(' ')} rg ${n(x)} ${n(y)} ${n(w)} ${n(h)} re f`);
  }

  strokeRect(x: number, y: number, w: number, h: number, color: Rgb, width: number): void {
    this.parts.push(`${n(width)} w ${color.map(n).join(' ')} RG ${n(x)} ${n(y)} ${n(w)} ${n(h)} re S`);
  }

  /** A stroked polyline per entry of `lines` (round caps and joins). */
  strokePaths(lines: [number, number][][], color: Rgb, width: number): void {
    const path = lines.map((pts) => pts.map(([x, y], i) => `${n(x)} ${n(y)} ${i ? 'l' : 'm'}`).join(' ')).join(' ');
    this.parts.push(`${n(width)} w 1 J 1 j ${color.map(n).join(' ')} RG ${path} S`);
  }

  text(font: PDFFont, size: number, x: number, y: number, text: string, color: Rgb = [0, 0, 0]): void {
    if (!text) return;
    const encoded = font.encodeText(text).toString(); // also records the glyphs for subsetting
    this.parts.push(`BT /${this.fontKey(font)} ${n(size)} Tf ${color.map(n).join(' ')} rg ${n(x)} ${n(y)} Td ${encoded} Tj ET`);
  }

  image(image: EmbeddedImage, x: number, y: number, w: number, h: number): void {
    this.parts.push(`q ${n(w)} 0 0 ${n(h)} ${n(x)} ${n(y)} cm /${this.imageKey(image)} Do Q`);
  }

  private fontKey(font: PDFFont): string {
    let key = this.fontKeys.get(font);
    if (!key) {
      key = this.page.node.newFontDictionary(font.name, font.ref).asString().slice(1);
      this.fontKeys.set(font, key);
    }
    return key;
  }

  private imageKey(image: EmbeddedImage): string {
    let key = this.imageKeys.get(image);
    if (!key) {
      key = this.page.node.newXObject('Image', image.ref).asString().slice(1);
      this.imageKeys.set(image, key);
    }
    return key;
  }

  /** `/GSn gs ` setting fill opacity, or '' for opaque. */
  private alpha(opacity: number): string {
    if (opacity >= 1) return '';
    let key = this.alphaKeys.get(opacity);
    if (!key) {
      key = this.page.node
        .newExtGState('GS', this.doc.context.obj({ Type: 'ExtGState', ca: opacity }))
        .asString()
        .slice(1);
      this.alphaKeys.set(opacity, key);
    }
    return `/${key} gs `;
  }

  /** Writes what was drawn into the page. Call once, after the last drawing call. */
  finish(): void {
    if (this.parts.length === 0) return;
    const context = this.doc.context;
    const bytes = Buffer.from(this.parts.join('\n') + '\n', 'latin1');
    // normalize() wraps a loaded page's own content in q/Q once (pdf-lib's autoNormalizeCTM).
    this.page.node.normalize();
    // zlib costs ~0.2 ms per call before it compresses anything: a page's few stamped fields (a few
    // hundred bytes) are cheaper to store as they are.
    const stream =
      bytes.length > SMALL_STREAM ? PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), deflateSync(bytes)) : PDFRawStream.of(context.obj({}), bytes);
    this.page.node.addContentStream(context.register(stream));
    this.parts.length = 0;
  }
}

/** One canvas per page, created when first drawn on, finished together. */
export class Canvases {
  private readonly doc: PDFDocument;
  private readonly byPage = new Map<PDFPage, PageCanvas>();

  constructor(doc: PDFDocument) {
    this.doc = doc;
  }

  of(page: PDFPage): PageCanvas {
    let canvas = this.byPage.get(page);
    if (!canvas) {
      canvas = new PageCanvas(this.doc, page);
      this.byPage.set(page, canvas);
    }
    return canvas;
  }

  finish(): void {
    for (const canvas of this.byPage.values()) canvas.finish();
  }
}
