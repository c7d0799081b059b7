/**
 * A page's text as one string, with a position for every character: what text tags are found in
 * (a tag drawn in several text runs is still one substring) and measured with (its box runs from
 * its first character to its last, whatever runs they came from).
 *
 * pdf.js's getTextContent gives runs ("items") with a transform in PDF user space and a width
 * along the baseline, but no per-glyph positions; inside a run each character gets a share of the
 * run's width in proportion to its Helvetica advance width (close for proportional fonts, exact
 * for the Helvetica text most generated PDFs use, and far better than equal shares); in runs of a
 * monospaced font (pdf.js says so in the text styles) every character gets an equal share.
 */
import type { PdfjsPage } from './pdfjs-node.ts';
import type { PdfRect } from '../../../src/fields/geometry.ts';

interface TextRun {
  /** Baseline origin of the run in PDF user space. */
  x: number;
  y: number;
  /** Unit vector along the baseline, and the unit "up" vector. */
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  /** Font size in user space (the run's height). */
  size: number;
}

export interface PageText {
  /** The page's text: runs joined in reading order, "\n" where pdf.js saw a line end. */
  text: string;
  runs: TextRun[];
  /** For each character of `text`: its run (-1 for inserted line breaks). */
  charRun: Int32Array;
  /** For each character: start and end offset along its run's baseline, in points. */
  charStart: Float64Array;
  charEnd: Float64Array;
}

// Helvetica advance widths (AFM, 1/1000 em) for ASCII 32..126; other characters count as 556.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
function advance(code: number): number {
  return code >= 32 && code <= 126 ? HELVETICA[code - 32] : 556;
}

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
  /** Set for runs in a monospaced font: every character gets an equal share of the width. */
  monospace?: boolean;
}

/** Reads a page's text content into a PageText. */
export async function readPageText(page: PdfjsPage): Promise<PageText> {
  const content = await page.getTextContent();
  const styles = content.styles as Record<string, { fontFamily?: string } | undefined>;
  const items: RawItem[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const monospace = styles[item.fontName]?.fontFamily === 'monospace';
    items.push(monospace ? { ...(item as RawItem), monospace } : (item as RawItem));
  }
  return buildPageText(items);
}

export function buildPageText(items: RawItem[]): PageText {
  let length = 0;
  for (const item of items) length += item.str.length + (item.hasEOL ? 1 : 0);
  const charRun = new Int32Array(length).fill(-1);
  const charStart = new Float64Array(length);
  const charEnd = new Float64Array(length);
  const runs: TextRun[] = [];
  const parts: string[] = [];
  let at = 0;
  for (const item of items) {
    const str = item.str;
    if (str.length > 0) {
      const [a, b, c, d, e, f] = item.transform;
      const along = Math.hypot(a, b) || 1;
      const up = Math.hypot(c, d) || 1;
      const runIndex = runs.length;
      runs.push({ x: e, y: f, ux: a / along, uy: b / along, vx: c / up, vy: d / up, size: item.height || up });
      const weight = item.monospace ? () => 1 : advance;
      let total = 0;
      for (let i = 0; i < str.length; i++) total += weight(str.charCodeAt(i));
      const scale = total > 0 ? item.width / total : 0;
      let offset = 0;
      for (let i = 0; i < str.length; i++) {
        charRun[at + i] = runIndex;
        charStart[at + i] = offset;
        offset += weight(str.charCodeAt(i)) * scale;
        charEnd[at + i] = offset;
      }
      parts.push(str);
      at += str.length;
    }
    if (item.hasEOL) {
      parts.push('\n');
      at += 1;
    }
  }
  return { text: parts.join(''), runs, charRun, charStart, charEnd };
}

export interface TextSpanBox {
  /** Axis-aligned rectangle in PDF user space covering the span, `lines` line heights tall. */
  rect: PdfRect;
  /** Font size of the span's first run, in points. */
  fontSize: number;
}

/** Line height as a multiple of the font size; the box's top sits this far above the baseline. */
export const LINE_HEIGHT = 1.2;
const ASCENT = 0.9;

/**
 * The box of text[start, end): from the first character's start to the last one's end along the
 * baseline, from just above the glyphs' ascent down `lines` line heights. Null when the span has
 * no positioned characters.
 */
export function boxOfSpan(pageText: PageText, start: number, end: number, lines = 1): TextSpanBox | null {
  let first = -1, last = -1;
  for (let i = start; i < end; i++) {
    if (pageText.charRun[i] < 0) continue;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0) return null;
  const firstRun = pageText.runs[pageText.charRun[first]];
  const size = firstRun.size;
  const top = ASCENT * size;
  const bottom = top - LINE_HEIGHT * size * lines;
  const xs: number[] = [], ys: number[] = [];
  // Corners of the span's first and last character boxes; their bounding box is the span's.
  for (const [i, t] of [[first, pageText.charStart[first]], [last, pageText.charEnd[last]]] as const) {
    const run = pageText.runs[pageText.charRun[i]];
    const bx = run.x + run.ux * t, by = run.y + run.uy * t;
    for (const h of [top, bottom]) {
      xs.push(bx + run.vx * h);
      ys.push(by + run.vy * h);
    }
  }
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  return { rect: { x: x0, y: y0, width: Math.max(...xs) - x0, height: Math.max(...ys) - y0 }, fontSize: size };
}
