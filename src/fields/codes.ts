/**
 * Every validation code a `text` element can carry (the hosted service's table), with what kind of
 * value it holds and its format. The value rules themselves live in values.ts.
 */

export type CodeKind =
  | 'email'
  | 'date'
  | 'dropdown'
  | 'checkbox'
  | 'signing_date'
  | 'whole_number'
  | 'number'
  | 'currency'
  | 'digits'
  | 'characters'
  | 'secret'
  | 'attachment'
  | 'case'
  | 'month_year'
  | 'drawn'
  | 'country'
  | 'honorific'
  | 'regex';

export interface ValidationCode {
  code: number;
  /** Short English name, e.g. "Date dd/mm/yyyy". */
  name: string;
  kind: CodeKind;
  /** Date and month/year codes: the format, e.g. `dd/mm/yyyy`, `d mmmm yyyy`, `mm-yy`. */
  format?: string;
  /** digits / characters codes: the exact length. */
  length?: number;
  /** Whether `options` must hold something for this code (dropdown items, secret code, regex). */
  needsOptions?: boolean;
  /** The signer never types this value: it is filled automatically (signing dates). */
  automatic?: boolean;
}

/** The eighteen typed-date formats, in code order (2..19 and again 30..47). */
export const DATE_FORMATS: readonly string[] = (() => {
  const orders = ['yyyy{s}mm{s}dd', 'yy{s}mm{s}dd', 'dd{s}mm{s}yyyy', 'dd{s}mm{s}yy', 'mm{s}dd{s}yyyy', 'mm{s}dd{s}yy'];
  return ['/', '.', '-'].flatMap((s) => orders.map((o) => o.replaceAll('{s}', s)));
})();

export const MONTH_YEAR_FORMATS: readonly string[] = ['mm/yy', 'mm/yyyy', 'mm.yy', 'mm.yyyy', 'mm-yy', 'mm-yyyy'];

export const CHECKBOX_CODES = [24, 25, 26] as const;
export const CASE_CODES = [77, 78, 79] as const;
export const ATTACHMENT_CODES = [74, 75, 76] as const;

function buildTable(): Map<number, ValidationCode> {
  const t = new Map<number, ValidationCode>();
  const add = (c: ValidationCode) => t.set(c.code, c);
  add({ code: 1, name: 'Email', kind: 'email' });
  DATE_FORMATS.forEach((format, i) => add({ code: 2 + i, name: `Date ${format}`, kind: 'date', format }));
  add({ code: 20, name: 'Dropdown', kind: 'dropdown', needsOptions: true });
  add({ code: 24, name: 'Checkbox tick/cross', kind: 'checkbox' });
  add({ code: 25, name: 'Checkbox tick/blank', kind: 'checkbox' });
  add({ code: 26, name: 'Checkbox cross/blank', kind: 'checkbox' });
  DATE_FORMATS.forEach((format, i) => add({ code: 30 + i, name: `Signing date ${format}`, kind: 'signing_date', format, automatic: true }));
  add({ code: 48, name: 'Signing date d mmmm yyyy', kind: 'signing_date', format: 'd mmmm yyyy', automatic: true });
  add({ code: 50, name: 'Whole number', kind: 'whole_number' });
  add({ code: 51, name: 'Number', kind: 'number' });
  add({ code: 52, name: 'Currency', kind: 'currency' });
  for (let n = 1; n <= 12; n++) add({ code: 52 + n, name: `Exactly ${n} digit${n > 1 ? 's' : ''}`, kind: 'digits', length: n });
  for (let n = 1; n <= 8; n++) add({ code: 64 + n, name: `Exactly ${n} character${n > 1 ? 's' : ''}`, kind: 'characters', length: n });
  add({ code: 73, name: 'Secret code', kind: 'secret', needsOptions: true });
  add({ code: 74, name: 'File attachment (emailed)', kind: 'attachment' });
  add({ code: 75, name: 'File attachment (appended to the final PDF)', kind: 'attachment' });
  add({ code: 76, name: 'File attachment (zipped with the final PDF)', kind: 'attachment' });
  add({ code: 77, name: 'Title Case', kind: 'case' });
  add({ code: 78, name: 'UPPER CASE', kind: 'case' });
  add({ code: 79, name: 'lower case', kind: 'case' });
  MONTH_YEAR_FORMATS.forEach((format, i) => add({ code: 80 + i, name: `Month/year ${format}`, kind: 'month_year', format }));
  add({ code: 90, name: 'Drawn field', kind: 'drawn' });
  add({ code: 91, name: 'Country', kind: 'country' });
  add({ code: 92, name: 'Honorific', kind: 'honorific' });
  add({ code: 93, name: 'Regular expression', kind: 'regex', needsOptions: true });
  return t;
}

const TABLE = buildTable();

/** All codes, ascending. */
export const VALIDATION_CODES: readonly ValidationCode[] = [...TABLE.values()].sort((a, b) => a.code - b.code);

/** The description of a code, or undefined when the code is not one of the service's. */
export function validationCode(code: number | null | undefined): ValidationCode | undefined {
  return code == null ? undefined : TABLE.get(code);
}

export function isKnownValidation(code: unknown): code is number {
  return typeof code === 'number' && TABLE.has(code);
}

export function codeKind(code: number | null | undefined): CodeKind | undefined {
  return validationCode(code)?.kind;
}

export const isDateCode = (code: number | null | undefined): boolean => codeKind(code) === 'date';
export const isSigningDateCode = (code: number | null | undefined): boolean => codeKind(code) === 'signing_date';
export const isCheckboxCode = (code: number | null | undefined): boolean => codeKind(code) === 'checkbox';
export const isAttachmentCode = (code: number | null | undefined): boolean => codeKind(code) === 'attachment';

/**
 * The one code a signature or initials field takes: 73, a secret code (in `options`) the signer types to sign
 * it (the description's validation list is not limited to text fields). Any other code on a signature is refused.
 */
export const SIGNATURE_CODE_VALIDATION = 73;

/** A signature or initials field that is signed only with its secret code. */
export function isCodeGuardedSignature(field: { element_type?: string; validation?: number | null }): boolean {
  return (field.element_type === 'signature' || field.element_type === 'initials') && field.validation === SIGNATURE_CODE_VALIDATION;
}
