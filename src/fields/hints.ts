/** What the signer UI shows for a field's code: placeholder, a one-line hint, keyboard and choices (each kind module's `input`). */
import type { FieldElement } from './types.ts';
import { signerInput, type ValueHint } from './kinds/index.ts';

export type { ValueHint } from './kinds/index.ts';

/** The hint for an element (its type, code and options). */
export function valueHint(element: Pick<FieldElement, 'element_type' | 'validation'> & Partial<Pick<FieldElement, 'options'>>): ValueHint {
  const { placeholder, description, inputMode, control, maxLength, choices } = signerInput(element);
  return { placeholder, description, inputMode, control, ...(maxLength ? { maxLength } : {}), ...(choices ? { choices } : {}) };
}
