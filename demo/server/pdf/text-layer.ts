/**
 * A page's text as one string, with a position for every character: what text tags are found in
 * (a tag drawn in several text runs is still one substring) and measured with (its box runs from
 * its first character to its last, whatever runs they came from).
 *
 * pdf.js's getTextContent gives runs ("items") with a transform in PDF user space and a width
 * along the baseline (measured with the run's real font), but no per-glyph positions. Inside a run
 * each character gets a share of that width in proportion to its advance width in the standard
 * font of the run's family as pdf.js reports it in the text styles: Helvetica widths for
 * sans-serif, Times widths for serif, equal shares for monospace. Exact for the standard fonts,
 * within a fraction of a character for other faces of the same family.
 */
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import type { PdfjsPage } from './pdfjs-node.ts';
import type { PdfRect } from 'esign-elements/fields';

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

/**
 * Advance widths (1/1000 em) of printable ASCII in the standard font that stands for a run's font
 * family, read from pdf-lib's AFM metrics: Helvetica for sans-serif, Times for serif. They only
 * split a run's measured width between its characters, so a bold or slightly different face of the
 * same family still lands within a fraction of a character.
 */
function asciiWidths(font: StandardFonts): number[] {
  // StandardFonts and the embedder's FontNames are the same strings in two enums.
  const metrics = StandardFontEmbedder.for(font as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
  return Array.from({ length: 95 }, (_, i) => metrics.widthOfTextAtSize(String.fromCharCode(32 + i), 1000));
}
const SANS_WIDTHS = asciiWidths(StandardFonts.Helvetica);
const SERIF_WIDTHS = asciiWidths(StandardFonts.TimesRoman);
// Characters outside ASCII count as an "n" of the family: a typical lower-case width.
const sansAdvance = (code: number) => (code >= 32 && code <= 126 ? SANS_WIDTHS[code - 32] : 556);
const serifAdvance = (code: number) => (code >= 32 && code <= 126 ? SERIF_WIDTHS[code - 32] : 500);
const equalAdvance = () => 1;

/** pdf.js's text styles name a generic family per font; each gets its own width table. */
export type RunFamily = 'sans-serif' | 'serif' | 'monospace';
const ADVANCE: Record<RunFamily, (code: number) => number> = { 'sans-serif': sansAdvance, serif: serifAdvance, monospace: equalAdvance };

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
  /** The font's generic family (pdf.js text styles); sans-serif when unknown. */
  family?: RunFamily;
}

/** Reads a page's text content into a PageText. */
export async function readPageText(page: PdfjsPage): Promise<PageText> {
  const content = await page.getTextContent();
  const styles = content.styles as Record<string, { fontFamily?: string } | undefined>;
  const items: RawItem[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const family = styles[item.fontName]?.fontFamily;
    items.push(family === 'serif' || family === 'monospace' ? { ...(item as RawItem), family } : (item as RawItem));
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
      const weight = ADVANCE[item.family ?? 'sans-serif'];
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
  let first = -1,
    last = -1;
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
  const xs: number[] = [],
    ys: number[] = [];
  // Corners of the span's first and last character boxes; their bounding box is the span's.
  for (const [i, t] of [
    [first, pageText.charStart[first]],
    [last, pageText.charEnd[last]],
  ] as const) {
    const run = pageText.runs[pageText.charRun[i]];
    const bx = run.x + run.ux * t,
      by = run.y + run.uy * t;
    for (const h of [top, bottom]) {
      xs.push(bx + run.vx * h);
      ys.push(by + run.vy * h);
    }
  }
  const x0 = Math.min(...xs),
    y0 = Math.min(...ys);
  return { rect: { x: x0, y: y0, width: Math.max(...xs) - x0, height: Math.max(...ys) - y0 }, fontSize: size };
}
