/**
 * Value rules for every validation code: the signer calls them for instant feedback and the server
 * as the authority. Values are checked after trimming surrounding white space (see normalizeFieldValue).
 */
import type { FieldElement, FieldProblem } from './types.ts';
import { validationCode } from './codes.ts';
import { MAX_INPUT_LENGTH } from './safe-regex.ts';
import { KIND_OF_CODE_KIND, kindOf } from './kinds/index.ts';
import { problem } from './kinds/kind.ts';

export { applyCaseTransform, checkboxStates, CHECKBOX_VALUES, type CheckboxValue } from './value-kinds.ts';

/** Longest value any field accepts (drawn fields excepted: their images are data URLs). */
export const MAX_VALUE_LENGTH = MAX_INPUT_LENGTH;
export const MAX_DRAWN_LENGTH = 2_000_000;

type ValueElement = Pick<FieldElement, 'element_type' | 'validation' | 'optional' | 'options'> & Partial<Pick<FieldElement, 'label'>>;

/**
 * The value the server stores: trimmed, case codes transformed (77–79), currency written with two
 * decimals. Values that do not pass checkFieldValue are returned trimmed only.
 */
export function normalizeFieldValue(element: Pick<FieldElement, 'validation'>, value: unknown): string {
  const v = String(value ?? '').trim();
  const byCode = { ...element, element_type: 'text' as const };
  return kindOf(byCode).normalize(byCode, v);
}

/**
 * Checks one field's value against its type and validation code. Returns null when the value is
 * acceptable, otherwise a problem whose message tells the signer what to write.
 */
export function checkFieldValue(element: ValueElement, value: unknown): FieldProblem | null {
  const raw = value == null ? '' : String(value);
  const v = raw.trim();
  const code = element.validation ?? null;
  const info = validationCode(code);
  const what = element.label ? `"${element.label}"` : 'This field';

  if (info?.kind === 'drawn' || element.element_type === 'signature' || element.element_type === 'initials') {
    if (v.length > MAX_DRAWN_LENGTH) return problem('too_long', `${what} is too large; draw it again more simply.`);
  } else if (Array.from(v).length > MAX_VALUE_LENGTH) {
    return problem('too_long', `${what} is too long: at most ${MAX_VALUE_LENGTH} characters.`);
  }

  if (v === '') {
    if (element.optional) return null;
    // The code's rule first (a checkbox says tick or cross), then the element type's (sign here).
    const requiredProblem =
      (info && kindOf(element).name !== 'signature' ? KIND_OF_CODE_KIND[info.kind].requiredProblem : undefined) ?? kindOf(element).requiredProblem;
    return requiredProblem ? requiredProblem(element, what) : problem('required', `${what} is required.`);
  }
  if (!info) return null;
  // A code-guarded signature (73 on a signature) is an image: its code is checked apart from the value.
  if (kindOf(element).name === 'signature') return kindOf(element).check({ element, value: v, info, what });
  return KIND_OF_CODE_KIND[info.kind].check({ element, value: v, info, what });
}

export { formatSigningDate } from './kinds/index.ts';
