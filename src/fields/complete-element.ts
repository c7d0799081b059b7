/**
 * A whole element from the properties a caller knows: every other property takes the element JSON's
 * default (required, signer 1, the kinds' font and alignment, no logic). Not normalised: what the caller
 * gives is kept as given (the validator normalises on save), so tests and importers can build any field.
 */
import { FIELD_DEFAULTS } from './kinds/index.ts';
import type { FieldElement } from './types.ts';

export type ElementPlacement = Pick<FieldElement, 'ax' | 'ay' | 'bx' | 'by' | 'page'>;

export function completeElement(props: ElementPlacement & Partial<FieldElement>): FieldElement {
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
  };
}
