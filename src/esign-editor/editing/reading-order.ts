/**
 * The order keyboard focus visits the fields of one page: `fieldorder` first when set (the order the
 * signer will fill them), then top-down, then left-right; insertion order only breaks exact ties.
 * Pages follow each other in the document, so across pages the order is by page.
 */
import type { EditorField } from './field-doc.ts';

/** Rows: tops closer than this (a fraction of the page height, ~4 pt on Letter) read as one line, left to right. */
const SAME_LINE = 0.005;

export function readingOrder(fields: readonly EditorField[]): EditorField[] {
  return fields
    .map((f, i) => ({ f, i, top: Math.min(f.el.ay, f.el.by), left: Math.min(f.el.ax, f.el.bx), order: f.el.fieldorder ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => {
      if (a.order !== b.order) return a.order - b.order;
      if (Math.abs(a.top - b.top) > SAME_LINE) return a.top - b.top;
      return a.left - b.left || a.i - b.i;
    })
    .map(({ f }) => f);
}
