/**
 * Conversions between the three frames a field lives in:
 * - fractions: 0..1 of the page **as displayed** (after /Rotate, within the visible box), origin top-left;
 * - PDF user space: points, origin bottom-left, unrotated (what the page's content stream uses);
 * - CSS pixels: the displayed page scaled to some width and height, origin top-left.
 * The PDF mapping is the same as pdf.js's PageViewport at scale 1 (checked against it in the tests).
 */

/** A PDF rectangle `[x0, y0, x1, y1]` in points; corners may come in either order. */
export type Box = [number, number, number, number];
export type Rotation = 0 | 90 | 180 | 270;

export interface PageGeometry {
  mediaBox: Box;
  /** Equal to mediaBox when the page has no /CropBox. */
  cropBox: Box;
  /** Clockwise display rotation (/Rotate), normalised. */
  rotate: Rotation;
}

export interface Point {
  x: number;
  y: number;
}
/** A field rectangle as fractions of the displayed page: top-left (a) and bottom-right (b). */
export interface FractionRect {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}
/** A rectangle in PDF user space: lower-left corner and a positive size. */
export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** A rectangle in CSS pixels, origin top-left of the displayed page. */
export interface CssRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Normalises a /Rotate value like pdf.js does: multiples of 90 reduced to 0..270
 * (-90 → 270, 450 → 90); anything else (not a multiple of 90, not finite) → 0.
 */
export function normalizeRotation(rotate: unknown): Rotation {
  const n = typeof rotate === 'string' && rotate.trim() !== '' ? Number(rotate) : rotate;
  if (typeof n !== 'number' || !Number.isFinite(n) || n % 90 !== 0) return 0;
  return (((n % 360) + 360) % 360) as Rotation;
}

/** The box with its corners ordered: `[minX, minY, maxX, maxY]`. */
export function normalizeBox(box: Box): Box {
  const [a, b, c, d] = box;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/**
 * Builds a PageGeometry from what a PDF reader gives: a missing CropBox means the MediaBox,
 * boxes are normalised, rotate is normalised.
 */
export function pageGeometry(input: { mediaBox: Box; cropBox?: Box | null; rotate?: unknown }): PageGeometry {
  const mediaBox = normalizeBox(input.mediaBox);
  const cropBox = input.cropBox ? normalizeBox(input.cropBox) : mediaBox;
  return { mediaBox, cropBox, rotate: normalizeRotation(input.rotate ?? 0) };
}

/**
 * The visible box: the CropBox intersected with the MediaBox. When they do not overlap
 * (a broken file), the MediaBox, as pdf.js does.
 */
export function visibleBox(page: PageGeometry): Box {
  const m = normalizeBox(page.mediaBox);
  const c = normalizeBox(page.cropBox ?? page.mediaBox);
  const box: Box = [Math.max(m[0], c[0]), Math.max(m[1], c[1]), Math.min(m[2], c[2]), Math.min(m[3], c[3])];
  return box[2] - box[0] > 0 && box[3] - box[1] > 0 ? box : m;
}

function isQuarterTurn(page: PageGeometry): boolean {
  const r = normalizeRotation(page.rotate);
  return r === 90 || r === 270;
}

/** Width and height of the page as displayed, in points (swapped for 90/270). */
export function displayedSize(page: PageGeometry): { width: number; height: number } {
  const [x0, y0, x1, y1] = visibleBox(page);
  const w = x1 - x0;
  const h = y1 - y0;
  return isQuarterTurn(page) ? { width: h, height: w } : { width: w, height: h };
}

/** A point given as fractions of the displayed page → PDF user space. */
export function fractionPointToPdf(fx: number, fy: number, page: PageGeometry): Point {
  const [x0, y0, x1, y1] = visibleBox(page);
  const w = x1 - x0;
  const h = y1 - y0;
  switch (normalizeRotation(page.rotate)) {
    case 0:
      return { x: x0 + fx * w, y: y1 - fy * h };
    case 90:
      return { x: x0 + fy * w, y: y0 + fx * h };
    case 180:
      return { x: x1 - fx * w, y: y0 + fy * h };
    case 270:
      return { x: x1 - fy * w, y: y1 - fx * h };
  }
}

/** A point in PDF user space → fractions of the displayed page (outside 0..1 when off the visible box). */
export function pdfPointToFraction(x: number, y: number, page: PageGeometry): { fx: number; fy: number } {
  const [x0, y0, x1, y1] = visibleBox(page);
  const w = x1 - x0;
  const h = y1 - y0;
  switch (normalizeRotation(page.rotate)) {
    case 0:
      return { fx: (x - x0) / w, fy: (y1 - y) / h };
    case 90:
      return { fx: (y - y0) / h, fy: (x - x0) / w };
    case 180:
      return { fx: (x1 - x) / w, fy: (y - y0) / h };
    case 270:
      return { fx: (y1 - y) / h, fy: (x1 - x) / w };
  }
}

/** A field rectangle (fractions) → the rectangle it covers in PDF user space, positive size. */
export function fractionRectToPdf(rect: FractionRect, page: PageGeometry): PdfRect {
  const a = fractionPointToPdf(rect.ax, rect.ay, page);
  const b = fractionPointToPdf(rect.bx, rect.by, page);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x, b.x) - x, height: Math.max(a.y, b.y) - y };
}

/** A rectangle in PDF user space → a field rectangle (fractions), with ax<=bx and ay<=by. */
export function pdfRectToFraction(rect: PdfRect, page: PageGeometry): FractionRect {
  const p = pdfPointToFraction(rect.x, rect.y, page);
  const q = pdfPointToFraction(rect.x + rect.width, rect.y + rect.height, page);
  return { ax: Math.min(p.fx, q.fx), ay: Math.min(p.fy, q.fy), bx: Math.max(p.fx, q.fx), by: Math.max(p.fy, q.fy) };
}

/** A field rectangle → CSS pixels on a displayed page of the given CSS size. */
export function fractionRectToCss(rect: FractionRect, cssWidth: number, cssHeight: number): CssRect {
  const left = Math.min(rect.ax, rect.bx) * cssWidth;
  const top = Math.min(rect.ay, rect.by) * cssHeight;
  return { left, top, width: Math.abs(rect.bx - rect.ax) * cssWidth, height: Math.abs(rect.by - rect.ay) * cssHeight };
}

/** CSS pixels on a displayed page → a field rectangle (fractions). */
export function cssRectToFraction(rect: CssRect, cssWidth: number, cssHeight: number): FractionRect {
  const x0 = Math.min(rect.left, rect.left + rect.width);
  const y0 = Math.min(rect.top, rect.top + rect.height);
  return {
    ax: x0 / cssWidth,
    ay: y0 / cssHeight,
    bx: (x0 + Math.abs(rect.width)) / cssWidth,
    by: (y0 + Math.abs(rect.height)) / cssHeight,
  };
}

/** A CSS point on the displayed page → fractions. */
export function cssPointToFraction(left: number, top: number, cssWidth: number, cssHeight: number): { fx: number; fy: number } {
  return { fx: left / cssWidth, fy: top / cssHeight };
}

/** The rectangle as a CSS percentage placement (what makes zoom free for overlays). */
export function fractionRectToPercent(rect: FractionRect): { left: string; top: string; width: string; height: string } {
  const pct = (n: number) => `${n * 100}%`;
  return {
    left: pct(Math.min(rect.ax, rect.bx)),
    top: pct(Math.min(rect.ay, rect.by)),
    width: pct(Math.abs(rect.bx - rect.ax)),
    height: pct(Math.abs(rect.by - rect.ay)),
  };
}

/**
 * Keeps a rectangle on the page: moved (not shrunk) back inside 0..1 when it fits,
 * otherwise clipped to the page. Used when dragging and when importing off-page fields.
 */
export function clampFractionRect(rect: FractionRect): FractionRect {
  let ax = Math.min(rect.ax, rect.bx);
  let ay = Math.min(rect.ay, rect.by);
  let bx = Math.max(rect.ax, rect.bx);
  let by = Math.max(rect.ay, rect.by);
  const shift = (lo: number, hi: number): [number, number] => {
    if (hi - lo >= 1) return [0, 1];
    if (lo < 0) return [0, hi - lo];
    if (hi > 1) return [1 - (hi - lo), 1];
    return [lo, hi];
  };
  [ax, bx] = shift(ax, bx);
  [ay, by] = shift(ay, by);
  return { ax, ay, bx, by };
}
