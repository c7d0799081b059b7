/**
 * Align and distribute a selection. Fields on different pages are arranged page by page; a single
 * field on a page aligns to the page itself.
 */
import { updateFields, type EditorField, type FieldDoc, type Rect } from './field-doc.ts';

export type AlignMode = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export const ALIGN_MODES: readonly AlignMode[] = ['left', 'center', 'right', 'top', 'middle', 'bottom'];

function byPage(doc: FieldDoc, ids: Iterable<string>): Map<number, EditorField[]> {
  const idSet = new Set(ids);
  const pages = new Map<number, EditorField[]>();
  for (const f of doc) {
    if (!idSet.has(f.id)) continue;
    const list = pages.get(f.el.page) ?? [];
    list.push(f);
    pages.set(f.el.page, list);
  }
  return pages;
}

function bounds(rects: readonly Rect[]): Rect {
  return {
    ax: Math.min(...rects.map((r) => r.ax)),
    ay: Math.min(...rects.map((r) => r.ay)),
    bx: Math.max(...rects.map((r) => r.bx)),
    by: Math.max(...rects.map((r) => r.by)),
  };
}

/** Aligns the selected fields' edges or centres to their common bounds (per page). */
export function alignFields(doc: FieldDoc, ids: Iterable<string>, mode: AlignMode): EditorField[] {
  const target = new Map<string, Rect>();
  for (const fields of byPage(doc, ids).values()) {
    const box = fields.length === 1 ? { ax: 0, ay: 0, bx: 1, by: 1 } : bounds(fields.map((f) => f.el));
    for (const f of fields) {
      const r = f.el;
      const w = r.bx - r.ax;
      const h = r.by - r.ay;
      let ax = r.ax;
      let ay = r.ay;
      if (mode === 'left') ax = box.ax;
      else if (mode === 'right') ax = box.bx - w;
      else if (mode === 'center') ax = (box.ax + box.bx) / 2 - w / 2;
      else if (mode === 'top') ay = box.ay;
      else if (mode === 'bottom') ay = box.by - h;
      else ay = (box.ay + box.by) / 2 - h / 2;
      target.set(f.id, { ax, ay, bx: ax + w, by: ay + h });
    }
  }
  return updateFields(doc, target.keys(), (_el, f) => target.get(f.id)!);
}

/**
 * Spreads the selected fields so the gaps between them are equal, keeping the first and last in place
 * (per page; a page needs at least three selected fields).
 */
export function distributeFields(doc: FieldDoc, ids: Iterable<string>, axis: 'horizontal' | 'vertical'): EditorField[] {
  const target = new Map<string, Rect>();
  const x = axis === 'horizontal';
  for (const fields of byPage(doc, ids).values()) {
    if (fields.length < 3) continue;
    const sorted = [...fields].sort((p, q) => (x ? p.el.ax - q.el.ax : p.el.ay - q.el.ay));
    const start = x ? sorted[0].el.ax : sorted[0].el.ay;
    const end = Math.max(...sorted.map((f) => (x ? f.el.bx : f.el.by)));
    const total = sorted.reduce((sum, f) => sum + (x ? f.el.bx - f.el.ax : f.el.by - f.el.ay), 0);
    const gap = (end - start - total) / (sorted.length - 1);
    let cursor = start;
    for (const f of sorted) {
      const size = x ? f.el.bx - f.el.ax : f.el.by - f.el.ay;
      const r = f.el;
      target.set(f.id, x ? { ax: cursor, bx: cursor + size, ay: r.ay, by: r.by } : { ax: r.ax, bx: r.bx, ay: cursor, by: cursor + size });
      cursor += size + gap;
    }
  }
  return updateFields(doc, target.keys(), (_el, f) => target.get(f.id)!);
}
