/**
 * Small readers for request values that collect problems instead of throwing, so one 400 answer
 * can name every bad field at once.
 */

export interface InputProblem {
  /** Path of the offending value, e.g. `signers[2].email`. */
  field: string;
  message: string;
}

export class Problems {
  readonly list: InputProblem[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
}

const TRUE_VALUES = new Set<unknown>([true, 'true', 1, '1']);
const FALSE_VALUES = new Set<unknown>([false, 'false', 0, '0']);

/** Booleans accept true, 'true' and 1 (and their false counterparts); absent gives `fallback`. */
export function readBoolean(value: unknown, field: string, problems: Problems, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  problems.add(field, `${field} must be a boolean: true, 'true' or 1 (false, 'false' or 0).`);
  return fallback;
}

// Control characters (C0 and DEL) never belong in names, tags or titles.
// eslint-disable-next-line no-control-regex -- the check is for control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface StringRules {
  required?: boolean;
  max: number;
  pattern?: RegExp;
  patternHint?: string;
}

/** A trimmed string, or '' when absent and not required. */
export function readString(value: unknown, field: string, problems: Problems, rules: StringRules): string {
  if (value === undefined || value === null || value === '') {
    if (rules.required) problems.add(field, `${field} is required.`);
    return '';
  }
  if (typeof value !== 'string') {
    problems.add(field, `${field} must be a string.`);
    return '';
  }
  const text = value.trim();
  if (rules.required && text === '') {
    problems.add(field, `${field} must not be blank.`);
    return '';
  }
  if (text.length > rules.max) {
    problems.add(field, `${field} must be at most ${rules.max} characters (got ${text.length}).`);
    return '';
  }
  if (CONTROL.test(text)) {
    problems.add(field, `${field} must not contain control characters.`);
    return '';
  }
  if (rules.pattern && !rules.pattern.test(text)) {
    problems.add(field, `${field} ${rules.patternHint ?? 'has characters that are not allowed'}.`);
    return '';
  }
  return text;
}

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export function readEmail(value: unknown, field: string, problems: Problems, required: boolean): string {
  const text = readString(value, field, problems, { required, max: 254 });
  if (text && !isEmail(text)) {
    problems.add(field, `${field} is not a valid email address: ${JSON.stringify(text)}.`);
    return '';
  }
  // The domain part is case-insensitive; the local part is kept as given.
  return text.replace(/@[^@]*$/, (domain) => domain.toLowerCase());
}

/** A non-negative integer given as a number or a digit string. */
export function readNonNegativeInt(value: unknown, field: string, problems: Problems): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    problems.add(field, `${field} must be a whole number, 0 or more.`);
    return undefined;
  }
  return n;
}

/** An http(s) URL of at most `max` characters. */
export function readUrl(value: unknown, field: string, problems: Problems, max: number): string {
  const text = readString(value, field, problems, { max });
  if (!text) return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.add(field, `${field} must be an absolute http(s) URL.`);
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    problems.add(field, `${field} must be an http or https URL.`);
    return '';
  }
  return text;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
