/**
 * Comb fields: a PDF text field drawn as a row of N equal cells, one character per cell (PINs,
 * account numbers). The element JSON has no "comb" property, so the import writes the cell count
 * into the field's instruction text (`label_extra`, shown to the signer, and true for them too):
 * "One character per box (N boxes)". The stamper reads it back and spreads the value over the
 * cells. Editing that text away turns the field into a plain text field.
 */
import type { FieldElement } from 'esign-elements/fields';

/** A comb can have at most this many cells (pdf-lib and Acrobat allow any max length; this bounds the layout). */
export const COMB_MAX_CELLS = 500;

const COMB_TEXT = /^One character per box \((\d{1,3}) box(?:es)?\)/;

/** The instruction text that marks a comb field of `cells` cells. */
export function combLabel(cells: number): string {
  return `One character per box (${cells} ${cells === 1 ? 'box' : 'boxes'})`;
}

/** The cell count of a comb text field, or null for any other field. */
export function combCells(element: Pick<FieldElement, 'element_type' | 'label_extra'>): number | null {
  if (element.element_type !== 'text' && element.element_type !== 'admin') return null;
  const m = (element.label_extra ?? '').match(COMB_TEXT);
  if (!m) return null;
  const cells = Number(m[1]);
  return cells >= 1 && cells <= COMB_MAX_CELLS ? cells : null;
}
