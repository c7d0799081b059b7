/**
 * Snapping a moving or resizing rect to other fields' edges and centres (and the page's edges and
 * centre), with guide lines to draw. Everything is in page fractions; the threshold comes in per axis
 * because a CSS-pixel threshold is a different fraction of a page's width and height.
 */
import type { Rect } from './field-doc.ts';

/** A guide line to draw: vertical (`axis: 'x'`, at x = pos) or horizontal (`axis: 'y'`, at y = pos). */
export interface Guide {
  axis: 'x' | 'y';
  pos: number;
  /** Extent along the other axis, covering the snapped rect and the rects it lines up with. */
  from: number;
  to: number;
}

export interface SnapResult {
  /** Correction to add to the proposed delta. */
  dx: number;
  dy: number;
  guides: Guide[];
}

/** Which of a rect's lines may snap on each axis: a = start edge, c = centre, b = end edge. */
export interface SnapLines {
  x: readonly ('a' | 'c' | 'b')[];
  y: readonly ('a' | 'c' | 'b')[];
}

export const MOVE_LINES: SnapLines = { x: ['a', 'c', 'b'], y: ['a', 'c', 'b'] };

/** Default snap distance in CSS pixels. */
export const SNAP_PIXELS = 6;

const PAGE: Rect = { ax: 0, ay: 0, bx: 1, by: 1 };
const EPS = 1e-9;

function lineOf(r: Rect, axis: 'x' | 'y', which: 'a' | 'c' | 'b'): number {
  const a = axis === 'x' ? r.ax : r.ay;
  const b = axis === 'x' ? r.bx : r.by;
  return which === 'a' ? a : which === 'b' ? b : (a + b) / 2;
}

function bestOffset(rect: Rect, lines: SnapLines['x'], axis: 'x' | 'y', targets: readonly Rect[], threshold: number): number | null {
  let best: number | null = null;
  for (const which of lines) {
    const mine = lineOf(rect, axis, which);
    for (const t of targets) {
      for (const theirs of ['a', 'c', 'b'] as const) {
        const d = lineOf(t, axis, theirs) - mine;
        if (Math.abs(d) <= threshold && (best === null || Math.abs(d) < Math.abs(best))) best = d;
      }
    }
  }
  return best;
}

function guidesFor(rect: Rect, lines: SnapLines['x'], axis: 'x' | 'y', targets: readonly Rect[]): Guide[] {
  const guides: Guide[] = [];
  const other = axis === 'x' ? 'y' : 'x';
  for (const which of lines) {
    const pos = lineOf(rect, axis, which);
    let from = lineOf(rect, other, 'a');
    let to = lineOf(rect, other, 'b');
    let hit = false;
    for (const t of targets) {
      if ((['a', 'c', 'b'] as const).some((w) => Math.abs(lineOf(t, axis, w) - pos) < 1e-6)) {
        hit = true;
        from = Math.min(from, lineOf(t, other, 'a'));
        to = Math.max(to, lineOf(t, other, 'b'));
      }
    }
    if (hit && !guides.some((g) => Math.abs(g.pos - pos) < EPS)) guides.push({ axis, pos, from, to });
  }
  return guides;
}

/**
 * Snaps `rect` (already at its proposed place) to `others` on the same page and to the page itself.
 * Returns the correction and the guides for the lines that now coincide.
 */
export function snapRect(rect: Rect, others: readonly Rect[], threshold: { x: number; y: number }, lines: SnapLines = MOVE_LINES): SnapResult {
  const targets = [...others, PAGE];
  const dx = bestOffset(rect, lines.x, 'x', targets, threshold.x) ?? 0;
  const dy = bestOffset(rect, lines.y, 'y', targets, threshold.y) ?? 0;
  const snapped = shiftLines(rect, lines, dx, dy);
  const guides = [...guidesFor(snapped, lines.x, 'x', targets), ...guidesFor(snapped, lines.y, 'y', targets)].filter((g) => !isPageBorder(g));
  return { dx, dy, guides };
}

/** Moves the rect's snapping lines by the correction: a move shifts the whole rect, a resize one edge. */
export function shiftLines(rect: Rect, lines: SnapLines, dx: number, dy: number): Rect {
  const moveX = lines.x.includes('c') || (lines.x.includes('a') && lines.x.includes('b'));
  const moveY = lines.y.includes('c') || (lines.y.includes('a') && lines.y.includes('b'));
  return {
    ax: rect.ax + (moveX || lines.x.includes('a') ? dx : 0),
    bx: rect.bx + (moveX || lines.x.includes('b') ? dx : 0),
    ay: rect.ay + (moveY || lines.y.includes('a') ? dy : 0),
    by: rect.by + (moveY || lines.y.includes('b') ? dy : 0),
  };
}

// A rect flush with the page border needs no guide drawn on the border itself.
function isPageBorder(g: Guide): boolean {
  return g.pos < EPS || g.pos > 1 - EPS;
}

/** The lines a resize handle moves: only those may snap while resizing. */
export function resizeLines(handle: string): SnapLines {
  return {
    x: handle.includes('w') ? ['a'] : handle.includes('e') ? ['b'] : [],
    y: handle.includes('n') ? ['a'] : handle.includes('s') ? ['b'] : [],
  };
}
