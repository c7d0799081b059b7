/**
 * A complete element from the properties an importer knows. Defaults are the element JSON's own
 * (required, signer 1, the kinds' default font size, left-aligned); the server's validator normalises again on save.
 */
import { clampFractionRect, completeElement, type FieldElement, type FractionRect } from 'esign-elements/fields';

export function newElement(props: Partial<FieldElement> & FractionRect & { page: number }): FieldElement {
  const rect = clampFractionRect(props);
  const round = (n: number) => Math.round(n * 1e6) / 1e6; // micro-fractions: far below a point
  return completeElement({
    ...props,
    ax: round(rect.ax),
    ay: round(rect.ay),
    bx: round(rect.bx),
    by: round(rect.by),
  });
}
