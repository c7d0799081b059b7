/**
 * Value rules for every validation code: the signer calls them for instant feedback and the server
 * as the authority. Values are checked after trimming surrounding white space (see normalizeFieldValue).
 */
import type { FieldElement, FieldProblem } from './types.ts';
import { validationCode } from './codes.ts';
import { calendarDate, formatDate, parseDate } from './dates.ts';
import { COUNTRIES, HONORIFICS } from './lists.ts';
import { optionLines, regexPattern } from './options.ts';
import { compileSafeRegex, MAX_INPUT_LENGTH } from './safe-regex.ts';
import { applyCaseTransform, checkboxStates, isDrawnImage } from './value-kinds.ts';

export { applyCaseTransform, checkboxStates, CHECKBOX_VALUES, type CheckboxValue } from './value-kinds.ts';

/** Longest value any field accepts (drawn fields excepted: their images are data URLs). */
export const MAX_VALUE_LENGTH = MAX_INPUT_LENGTH;
export const MAX_DRAWN_LENGTH = 2_000_000;

type ValueElement = Pick<FieldElement, 'element_type' | 'validation' | 'optional' | 'options'> & Partial<Pick<FieldElement, 'label'>>;

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const WHOLE_NUMBER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+(\.\d+)?|\.\d+)$/;
// Optional sign, digits with optional thousands commas, then none or exactly two decimals.
const CURRENCY = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d{2})?$/;

function problem(code: string, message: string): FieldProblem {
  return { field: 'value', code, message };
}

/**
 * The value the server stores: trimmed, case codes transformed (77–79), currency written with two
 * decimals. Values that do not pass checkFieldValue are returned trimmed only.
 */
export function normalizeFieldValue(element: Pick<FieldElement, 'validation'>, value: unknown): string {
  const v = String(value ?? '').trim();
  const code = element.validation;
  if (code === 77 || code === 78 || code === 79) return applyCaseTransform(code, v);
  if (code === 52 && CURRENCY.test(v) && !v.includes('.')) return `${v}.00`;
  return v;
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
    // Signing dates are filled in when the signer completes, never typed.
    if (element.optional || info?.automatic) return null;
    if (info?.kind === 'checkbox') {
      return problem('required', code === 24 ? `${what} must be ticked or crossed.` : `${what} must be ${code === 26 ? 'crossed' : 'ticked'}.`);
    }
    if (element.element_type === 'signature') return problem('required', 'Please sign here.');
    if (element.element_type === 'initials') return problem('required', 'Please add your initials here.');
    return problem('required', `${what} is required.`);
  }
  if (!info) return null;

  switch (info.kind) {
    case 'email':
      return EMAIL.test(v) && v.length <= 254 ? null : problem('invalid_email', `${what} must be an email address like name@example.com.`);
    case 'date':
    case 'signing_date':
      return parseDate(v, info.format!) ? null : problem('invalid_date', `${what} must be a real date written ${info.format}.`);
    case 'month_year':
      return parseDate(v, info.format!) ? null : problem('invalid_date', `${what} must be a month and year written ${info.format}.`);
    case 'dropdown':
      return optionLines(element.options).includes(v) ? null : problem('not_an_option', `${what} must be one of the listed choices.`);
    case 'checkbox': {
      const allowed = checkboxStates(code!);
      return (allowed as readonly string[]).includes(v) ? null
        : problem('invalid_checkbox', `${what} must be ${allowed.filter((s) => s).map((s) => `"${s}"`).join(' or ')}${element.optional ? ' or empty' : ''}.`);
    }
    case 'whole_number':
      return WHOLE_NUMBER.test(v) ? null : problem('invalid_number', `${what} must be a whole number like 42.`);
    case 'number':
      return NUMBER.test(v) ? null : problem('invalid_number', `${what} must be a number like 42 or 3.5.`);
    case 'currency':
      return CURRENCY.test(v) ? null : problem('invalid_currency', `${what} must be an amount like 1234.50 (two decimals, no currency sign).`);
    case 'digits':
      return new RegExp(`^\\d{${info.length}}$`).test(v) ? null
        : problem('wrong_length', `${what} must be exactly ${info.length} digit${info.length! > 1 ? 's' : ''} (0–9).`);
    case 'characters':
      return Array.from(v).length === info.length ? null
        : problem('wrong_length', `${what} must be exactly ${info.length} character${info.length! > 1 ? 's' : ''}.`);
    case 'secret':
      return optionLines(element.options).includes(v) ? null : problem('wrong_code', `${what}: the code does not match.`);
    case 'attachment':
      return null;
    case 'case': {
      const expected = applyCaseTransform(code!, v);
      return v === expected ? null : problem('wrong_case', `${what} must be written ${info.name}: "${expected}".`);
    }
    case 'drawn':
      return isDrawnImage(v) ? null : problem('invalid_drawing', `${what} must be drawn.`);
    case 'country':
      return COUNTRIES.includes(v) ? null : problem('not_an_option', `${what} must be a country from the list.`);
    case 'honorific':
      return HONORIFICS.includes(v) ? null : problem('not_an_option', `${what} must be one of ${HONORIFICS.join(', ')}.`);
    case 'regex': {
      const compiled = compileSafeRegex(regexPattern(element.options));
      if (!compiled.ok) return problem('invalid_pattern', `${what} cannot be checked: ${compiled.message}`);
      return compiled.regex.test(v) ? null : problem('pattern_mismatch', `${what} is not in the expected format.`);
    }
  }
  return null;
}

/**
 * The value of an automatic signing-date field (codes 30–48) for the moment of signing, in the
 * given IANA time zone (default UTC). Any other code gives ''.
 */
export function formatSigningDate(code: number, date: Date = new Date(), timeZone?: string): string {
  const info = validationCode(code);
  if (info?.kind !== 'signing_date' || Number.isNaN(date.getTime())) return '';
  return formatDate(calendarDate(date, timeZone), info.format!);
}
