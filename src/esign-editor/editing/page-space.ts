/**
 * Where a field may go without hiding the document: which fields cover the page's text (the stamped field
 * has a white background, so the sealed PDF would hide it) and the nearest empty spot for a new field.
 * Rectangles are fractions of the displayed page (the element JSON's ax/ay/bx/by). Pure: the text boxes
 * come from pdf.js (controllers/page-text.ts).
 */
import type { Rect } from './field-doc.ts';

/** How a text item of pdf.js's `getTextContent()` is read here. */
export interface TextRun {
  str: string;
  /** The run's rectangle as fractions of the displayed page. */
  rect: Rect;
}

/** A text-tag's own text (`<<t=signature>>`) is meant to be covered by its field. */
const TAG_TEXT = /<<|>>/;

/** The runs worth protecting: visible words, not whitespace and not text tags. */
export function protectedBoxes(runs: readonly TextRun[]): Rect[] {
  return runs.filter((r) => r.str.trim() !== '' && !TAG_TEXT.test(r.str) && r.rect.bx > r.rect.ax && r.rect.by > r.rect.ay).map((r) => r.rect);
}

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  return { w: Math.min(a.bx, b.bx) - Math.max(a.ax, b.ax), h: Math.min(a.by, b.by) - Math.max(a.ay, b.ay) };
}

/**
 * Whether `field` hides text: it covers at least half of a run's height, over at least half of the
 * narrower of the two widths (a field that grazes the end of a line or the top of its letters does not count).
 */
export function coversText(field: Rect, boxes: readonly Rect[]): boolean {
  for (const box of boxes) {
    const { w, h } = overlap(field, box);
    if (h <= 0 || w <= 0) continue;
    if (h >= 0.5 * (box.by - box.ay) && w >= 0.5 * Math.min(box.bx - box.ax, field.bx - field.ax)) return true;
  }
  return false;
}

/** The gap kept around text and other fields when choosing a spot, as a fraction of the page. */
const GAP = 0.006;
/** The grid the search walks, as a fraction of the page. */
const STEP = 0.0125;

/**
 * The top-left corner for a field of `size` whose rectangle overlaps none of `obstacles` (text and fields,
 * with a small gap) and lies inside `within`, as close as possible to `target` (the field's wished centre);
 * null when no spot on the grid is free.
 */
export function freeSpot(
  size: { w: number; h: number },
  obstacles: readonly Rect[],
  target: { x: number; y: number },
  within: Rect = { ax: 0.02, ay: 0.02, bx: 0.98, by: 0.98 },
): { x: number; y: number } | null {
  const grown = obstacles.map((o) => ({ ax: o.ax - GAP, ay: o.ay - GAP, bx: o.bx + GAP, by: o.by + GAP }));
  let best: { x: number; y: number } | null = null;
  let bestDistance = Infinity;
  for (let y = within.ay; y + size.h <= within.by + 1e-9; y += STEP) {
    for (let x = within.ax; x + size.w <= within.bx + 1e-9; x += STEP) {
      const distance = (x + size.w / 2 - target.x) ** 2 + (y + size.h / 2 - target.y) ** 2;
      if (distance >= bestDistance) continue;
      const rect = { ax: x, ay: y, bx: x + size.w, by: y + size.h };
      if (grown.some((o) => o.ax < rect.bx && rect.ax < o.bx && o.ay < rect.by && rect.ay < o.by)) continue;
      best = { x, y };
      bestDistance = distance;
    }
  }
  return best;
}
