/**
 * Moving, resizing and nudging fields, in page fractions, clamped to the page.
 * A selection moves as a group: when one field meets a page edge the whole group stops on that axis,
 * so the layout of the selection never gets squashed.
 */
import type { FieldElement } from '../../fields/types.ts';
import { updateFields, type EditorField, type FieldDoc, type PageSize, type Rect } from './field-doc.ts';

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** A minimum size in fractions of the field's page. */
export interface MinSize {
  w: number;
  h: number;
}

/** Default smallest field, in points: small enough for a checkbox, large enough to grab. */
export const MIN_FIELD_POINTS = 8;

export type PageSizeOf = (page: number) => PageSize;

/** The minimum size of a field on its page, from a minimum in points. */
export function minSizeOn(pageSize: PageSizeOf, minPoints = MIN_FIELD_POINTS): (el: FieldElement) => MinSize {
  return (el) => {
    const size = pageSize(el.page);
    return { w: Math.min(1, minPoints / size.width), h: Math.min(1, minPoints / size.height) };
  };
}

/** Limits a delta (fractions) so that every rect stays inside the page on both axes. */
export function clampGroupDelta(rects: readonly Rect[], dx: number, dy: number): { dx: number; dy: number } {
  let minDx = -Infinity;
  let maxDx = Infinity;
  let minDy = -Infinity;
  let maxDy = Infinity;
  for (const r of rects) {
    minDx = Math.max(minDx, -r.ax);
    maxDx = Math.min(maxDx, 1 - r.bx);
    minDy = Math.max(minDy, -r.ay);
    maxDy = Math.min(maxDy, 1 - r.by);
  }
  return { dx: clamp(dx, Math.min(0, minDx), Math.max(0, maxDx)), dy: clamp(dy, Math.min(0, minDy), Math.max(0, maxDy)) };
}

/** Moves the fields `ids` by (dx, dy) in fractions, as a group, clamped to their pages. */
export function moveFields(doc: FieldDoc, ids: Iterable<string>, dx: number, dy: number): EditorField[] {
  const idSet = new Set(ids);
  const rects = doc.filter((f) => idSet.has(f.id)).map((f) => f.el);
  const d = clampGroupDelta(rects, dx, dy);
  if (d.dx === 0 && d.dy === 0) return [...doc];
  return updateFields(doc, idSet, (el) => ({ ax: el.ax + d.dx, bx: el.bx + d.dx, ay: el.ay + d.dy, by: el.by + d.dy }));
}

/**
 * Resizes a rect by dragging `handle` by (dx, dy) fractions. The opposite edges stay put; the rect never
 * leaves the page and never gets smaller than `min` (or than it already was, for a field imported smaller).
 */
export function resizeRect(rect: Rect, handle: Handle, dx: number, dy: number, min: MinSize): Rect {
  const out = { ...rect };
  const minW = Math.min(min.w, rect.bx - rect.ax);
  const minH = Math.min(min.h, rect.by - rect.ay);
  if (handle.includes('w')) out.ax = clamp(rect.ax + dx, 0, rect.bx - minW);
  if (handle.includes('e')) out.bx = clamp(rect.bx + dx, rect.ax + minW, 1);
  if (handle.includes('n')) out.ay = clamp(rect.ay + dy, 0, rect.by - minH);
  if (handle.includes('s')) out.by = clamp(rect.by + dy, rect.ay + minH, 1);
  return out;
}

/** Resizes every field in `ids` by the same handle delta ("resize the selection together"). */
export function resizeFields(
  doc: FieldDoc,
  ids: Iterable<string>,
  handle: Handle,
  dx: number,
  dy: number,
  minSize: (el: FieldElement) => MinSize,
): EditorField[] {
  return updateFields(doc, ids, (el) => resizeRect(el, handle, dx, dy, minSize(el)));
}

/** Sets a field's rect from explicit values (the property panel's x/y/width/height), kept on the page. */
export function placeRect(rect: Rect, min: MinSize): Rect {
  const w = clamp(rect.bx - rect.ax, min.w, 1);
  const h = clamp(rect.by - rect.ay, min.h, 1);
  const ax = clamp(rect.ax, 0, 1 - w);
  const ay = clamp(rect.ay, 0, 1 - h);
  return { ax, ay, bx: ax + w, by: ay + h };
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/** One arrow press moves 1 point, 10 with Shift. */
export const NUDGE_POINTS = 1;
export const NUDGE_POINTS_LARGE = 10;

/**
 * Arrow-key nudge: moves the selection by `points` (converted per page), or with `resize` moves its
 * bottom-right corner (right/down grow, left/up shrink).
 */
export function nudgeFields(doc: FieldDoc, ids: Iterable<string>, key: ArrowKey, points: number, pageSize: PageSizeOf, resize = false): EditorField[] {
  const idSet = new Set(ids);
  const sx = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
  const sy = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : 0;
  if (resize) {
    const min = minSizeOn(pageSize);
    return updateFields(doc, idSet, (el) => {
      const size = pageSize(el.page);
      return resizeRect(el, 'se', (sx * points) / size.width, (sy * points) / size.height, min(el));
    });
  }
  // Pages may differ in size: convert with the first selected field's page, then clamp as a group.
  const first = doc.find((f) => idSet.has(f.id));
  if (!first) return [...doc];
  const size = pageSize(first.el.page);
  return moveFields(doc, idSet, (sx * points) / size.width, (sy * points) / size.height);
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
