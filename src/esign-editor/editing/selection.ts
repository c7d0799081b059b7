/** Selection: an ordered set of field ids (the first is the primary, which the property panel shows). */
import type { FieldDoc, Rect } from './field-doc.ts';

export type Selection = readonly string[];

/** Click: select only this field. Shift-click: add it, or remove it when it was selected. */
export function clickSelect(selection: Selection, id: string, toggle: boolean): string[] {
  if (!toggle) return [id];
  return selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
}

/** Fields on `page` that the marquee touches. */
export function marqueeHits(doc: FieldDoc, page: number, marquee: Rect): string[] {
  const m = normalizeRect(marquee);
  return doc.filter((f) => f.el.page === page && f.el.ax <= m.bx && f.el.bx >= m.ax && f.el.ay <= m.by && f.el.by >= m.ay).map((f) => f.id);
}

/** A marquee dragged from `start` to `end` in any direction, as a proper rect. */
export function normalizeRect(r: Rect): Rect {
  return { ax: Math.min(r.ax, r.bx), ay: Math.min(r.ay, r.by), bx: Math.max(r.ax, r.bx), by: Math.max(r.ay, r.by) };
}

/** Marquee result: replaces the selection, or adds to it when Shift was held. */
export function marqueeSelect(selection: Selection, hits: readonly string[], additive: boolean): string[] {
  if (!additive) return [...hits];
  return [...selection, ...hits.filter((id) => !selection.includes(id))];
}

/** Drops ids that are no longer in the document (after undo, delete or setFields). */
export function pruneSelection(selection: Selection, doc: FieldDoc): string[] {
  const ids = new Set(doc.map((f) => f.id));
  return selection.filter((id) => ids.has(id));
}
