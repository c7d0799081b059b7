/**
 * A complete element from the properties an importer knows. Defaults are the element JSON's own
 * (required, signer 1, the kinds' default font size, left-aligned); the server's validator normalises again on save.
 */
import type { FieldElement } from 'esign-elements/fields';
import { FIELD_DEFAULTS } from 'esign-elements/fields';
import { clampFractionRect, type FractionRect } from 'esign-elements/fields';

export function newElement(props: Partial<FieldElement> & FractionRect & { page: number }): FieldElement {
  const rect = clampFractionRect(props);
  const round = (n: number) => Math.round(n * 1e6) / 1e6; // micro-fractions: far below a point
  return {
    element_type: 'text',
    signer: 1,
    validation: null,
    options: '',
    value: '',
    label: '',
    label_extra: '',
    optional: false,
    ...FIELD_DEFAULTS,
    fieldorder: null,
    hide_border: false,
    no_pdf: false,
    logic_action: null,
    logic_group: '',
    map_to: '',
    substantive: false,
    ...props,
    ax: round(rect.ax),
    ay: round(rect.ay),
    bx: round(rect.bx),
    by: round(rect.by),
  };
}
