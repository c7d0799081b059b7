/**
 * Dragging a selection onto another page: which page is under the pointer, and where the selection
 * lands on it (keeping its layout, kept on the page). Fields keep their fractions of the page, so a
 * selection dropped on a page of another size keeps its relative place.
 */
import { updateFields, type EditorField, type FieldDoc, type Rect } from '../editing/field-doc.ts';

/** The `.page` element under a viewport point, if any (the drag's own ghosts are transparent to hits). */
export function pageUnder(root: DocumentOrShadowRoot, x: number, y: number): HTMLElement | null {
  for (const el of root.elementsFromPoint(x, y)) {
    const page = el.closest<HTMLElement>('.page');
    if (page) return page;
  }
  return null;
}

/**
 * The selection moved so that the primary field lands on page `page` with its top-left at `at` (fractions
 * of that page). The others keep their offsets from it, and their pages keep their distance from the
 * primary's: a selection spanning pages 2 and 3 dragged from page 2 to page 5 lands on pages 5 and 6.
 * The page shift is limited so every field stays in the document (1..pageCount), and the group is
 * shifted back inside the page if needed.
 */
export function hopFields(
  startDoc: FieldDoc,
  ids: readonly string[],
  primary: EditorField,
  page: number,
  at: { x: number; y: number },
  pageCount = Number.POSITIVE_INFINITY,
): EditorField[] {
  const idSet = new Set(ids);
  const selected = startDoc.filter((f) => idSet.has(f.id));
  const pages = selected.map((f) => f.el.page);
  const delta = Math.min(pageCount - Math.max(...pages), Math.max(1 - Math.min(...pages), page - primary.el.page));
  const moved = new Map<string, Rect>();
  for (const f of selected) {
    const ax = at.x + (f.el.ax - primary.el.ax);
    const ay = at.y + (f.el.ay - primary.el.ay);
    moved.set(f.id, { ax, ay, bx: ax + (f.el.bx - f.el.ax), by: ay + (f.el.by - f.el.ay) });
  }
  const rects = [...moved.values()];
  const shift = (lo: number, hi: number): number => (lo < 0 ? -lo : hi > 1 ? Math.max(-lo, 1 - hi) : 0);
  const sx = shift(Math.min(...rects.map((r) => r.ax)), Math.max(...rects.map((r) => r.bx)));
  const sy = shift(Math.min(...rects.map((r) => r.ay)), Math.max(...rects.map((r) => r.by)));
  return updateFields(startDoc, idSet, (el, f) => {
    const r = moved.get(f.id)!;
    return { page: el.page + delta, ax: r.ax + sx, bx: r.bx + sx, ay: r.ay + sy, by: r.by + sy };
  });
}
