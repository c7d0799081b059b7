/**
 * The runtime validator for the element JSON: `validateElements` is what the server runs on every
 * POST of fields (its problems become the 400 answer), `normalizeElement` fills defaults.
 * Unknown properties are dropped from the result and listed as warnings, so JSON read from the
 * hosted service (which carries extra keys) can be posted back unchanged.
 */
import { ELEMENT_TYPES, FONT_NAMES, type ElementType, type FieldElement, type FieldProblem, type FontName } from './types.ts';
import { isKnownValidation, SIGNATURE_CODE_VALIDATION, validationCode } from './codes.ts';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, isSignerNumber, labelProblem, SIGNER_RANGES_TEXT } from './limits.ts';
import { optionsProblem } from './options.ts';
import { checkFieldValue } from './values.ts';
import { INVALID, isPlainObject, readBoolean, readInteger, readNumber, readString, shown, type Read } from './coerce.ts';
import { FIELD_DEFAULTS } from './kinds/index.ts';

/** The element JSON's font size when none is given: the kinds' shared default. */
export const DEFAULT_FONT_SIZE: number = FIELD_DEFAULTS.font_size;
export const MAX_ELEMENTS = 2000;
const MAX_LENGTH: Partial<Record<keyof FieldElement, number>> = { label_extra: 1000, options: 20000, logic_group: 100, map_to: 255 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ELEMENT_KEYS: readonly (keyof FieldElement)[] = [
  'uuid',
  'ax',
  'ay',
  'bx',
  'by',
  'page',
  'element_type',
  'signer',
  'validation',
  'options',
  'value',
  'label',
  'label_extra',
  'optional',
  'font_name',
  'font_size',
  'align',
  'fieldorder',
  'hide_border',
  'no_pdf',
  'logic_action',
  'logic_group',
  'map_to',
  'substantive',
];

export interface ValidateOptions {
  /** Pages in the PDF: `page` must not exceed it. */
  pageCount?: number;
  /** Where a problem path starts, e.g. '' for `[3].ax` or 'fields' for `fields[3].ax`. */
  pathPrefix?: string;
}

export interface ValidationResult {
  /** Every element that had no problem, normalised; all of them when `problems` is empty. */
  elements: FieldElement[];
  problems: FieldProblem[];
  /** Not errors: unknown properties that were dropped. */
  warnings: FieldProblem[];
  /** For each returned element, its index in the input array. */
  indexes: number[];
}

/** Reads one element; problems carry paths under `path`. Invalid values fall back to defaults. */
function readElement(input: Record<string, unknown>, path: string, opts: ValidateOptions, strict: boolean) {
  const problems: FieldProblem[] = [];
  const warnings: FieldProblem[] = [];
  const report = (key: string, code: string, message: string) => problems.push({ field: `${path}.${key}`, code, message });
  const take = <T>(key: keyof FieldElement, read: Read<T>, expected: string, fallback: T): T => {
    if (read === INVALID) {
      report(key, 'wrong_type', `${key} must be ${expected}; got ${shown(input[key])}.`);
      return fallback;
    }
    return read === undefined ? fallback : read;
  };

  for (const key of Object.keys(input)) {
    if (!(ELEMENT_KEYS as readonly string[]).includes(key)) {
      warnings.push({ field: `${path}.${key}`, code: 'unknown_property', message: `${key} is not a field property and was ignored.` });
    }
  }

  // Geometry and type have no sensible default: the strict reader insists on them.
  const corner = (key: 'ax' | 'ay' | 'bx' | 'by'): number => {
    const n = take(key, readNumber(input[key]), 'a number from 0 to 1', 0);
    if (strict && input[key] == null) report(key, 'required', `${key} is required: a number from 0 to 1.`);
    else if (n < 0 || n > 1) report(key, 'out_of_range', `${key} must be from 0 to 1 (a fraction of the page); got ${n}.`);
    return n;
  };
  const ax = corner('ax'),
    ay = corner('ay'),
    bx = corner('bx'),
    by = corner('by');
  const corners = ['ax', 'ay', 'bx', 'by'].filter((k) => !problems.some((p) => p.field === `${path}.${k}`));
  if (corners.includes('ax') && corners.includes('bx') && !(ax < bx)) {
    report('bx', 'out_of_range', `bx (${bx}) must be greater than ax (${ax}): the right edge lies right of the left edge.`);
  }
  if (corners.includes('ay') && corners.includes('by') && !(ay < by)) {
    report('by', 'out_of_range', `by (${by}) must be greater than ay (${ay}): the bottom edge lies below the top edge.`);
  }

  const page = take('page', readInteger(input.page), 'a whole page number from 1', 1);
  if (strict && input.page == null) report('page', 'required', 'page is required: the page number, starting at 1.');
  else if (page < 1) report('page', 'out_of_range', `page must be 1 or more; got ${page}.`);
  else if (opts.pageCount !== undefined && page > opts.pageCount) {
    report('page', 'out_of_range', `page ${page} does not exist: the document has ${opts.pageCount} page${opts.pageCount === 1 ? '' : 's'}.`);
  }

  let element_type: ElementType = 'text';
  const typeRaw = readString(input.element_type);
  if (typeRaw === undefined) {
    if (strict) report('element_type', 'required', `element_type is required: one of ${ELEMENT_TYPES.join(', ')}.`);
  } else if (typeRaw === INVALID || !(ELEMENT_TYPES as readonly string[]).includes(typeRaw.trim().toLowerCase())) {
    report('element_type', 'invalid', `element_type must be one of ${ELEMENT_TYPES.join(', ')}; got ${shown(input.element_type)}.`);
  } else element_type = typeRaw.trim().toLowerCase() as ElementType;
  const isAdmin = element_type === 'admin';

  // Signer: null stays null (the sender) except on admin fields, which default to 0.
  let signer: number | null = isAdmin ? 0 : 1;
  if (input.signer === null) signer = isAdmin ? 0 : null;
  else {
    const s = take('signer', readInteger(input.signer), `a whole number (${SIGNER_RANGES_TEXT}, 0 for the sender) or null`, signer);
    if (input.signer !== undefined && !problems.some((p) => p.field === `${path}.signer`) && !isSignerNumber(s)) {
      report('signer', 'out_of_range', `signer ${s} is not valid: use ${SIGNER_RANGES_TEXT}, 0 or null for the sender.`);
    } else signer = s;
  }

  // Validation 0 means none, as null does.
  let validation: number | null = take('validation', readInteger(input.validation), 'a validation code number or null', null);
  if (validation === 0) validation = null;
  if (validation !== null && !isKnownValidation(validation)) {
    report('validation', 'invalid', `validation ${validation} is not a known validation code.`);
    validation = null;
  } else if (validation !== null && validation !== SIGNATURE_CODE_VALIDATION && (element_type === 'signature' || element_type === 'initials')) {
    report(
      'validation',
      'not_allowed',
      `A ${element_type} field takes no validation but ${SIGNATURE_CODE_VALIDATION} (a secret code the signer must type to sign it); set validation to null.`,
    );
  }

  const str = (key: keyof FieldElement): string => {
    const s = take(key, readString(input[key]), 'a string', '');
    const max = MAX_LENGTH[key];
    if (max !== undefined && s.length > max) report(key, 'too_long', `${key} is ${s.length} characters long; it may be at most ${max}.`);
    return s;
  };
  const options = str('options');
  const optionIssue = optionsProblem(validation, options);
  if (optionIssue) report('options', validation === 93 && options.trim() !== '' ? 'invalid' : 'required', optionIssue);
  const value = str('value');
  const label = str('label');
  const labelIssue = labelProblem(label);
  if (labelIssue) report('label', 'invalid', labelIssue);
  const label_extra = str('label_extra');
  const logic_group = str('logic_group');
  const map_to = str('map_to');

  const bool = (key: keyof FieldElement) => take(key, readBoolean(input[key]), 'true or false (also "true"/"false" or 1/0)', false);
  const optional = bool('optional'),
    hide_border = bool('hide_border'),
    no_pdf = bool('no_pdf'),
    substantive = bool('substantive');

  let font_name: FontName = '';
  const fontRaw = readString(input.font_name);
  if (fontRaw === INVALID || (fontRaw !== undefined && !(FONT_NAMES as readonly string[]).includes(fontRaw.trim().toLowerCase()))) {
    report('font_name', 'invalid', `font_name must be one of ${FONT_NAMES.filter(Boolean).join(', ')} or "" for the default; got ${shown(input.font_name)}.`);
  } else if (fontRaw !== undefined) font_name = fontRaw.trim().toLowerCase() as FontName;

  const font_size = take('font_size', readNumber(input.font_size), `a number from ${FONT_SIZE_MIN} to ${FONT_SIZE_MAX}`, DEFAULT_FONT_SIZE);
  if (font_size < FONT_SIZE_MIN || font_size > FONT_SIZE_MAX)
    report('font_size', 'out_of_range', `font_size must be from ${FONT_SIZE_MIN} to ${FONT_SIZE_MAX}; got ${font_size}.`);
  const align = take('align', readInteger(input.align), '1 (left), 2 (centre) or 3 (right)', 1);
  if (align < 1 || align > 3) report('align', 'out_of_range', `align must be 1 (left), 2 (centre) or 3 (right); got ${align}.`);
  const fieldorder = take<number | null>('fieldorder', readInteger(input.fieldorder), 'a whole number or null', null);
  if (fieldorder !== null && fieldorder < 0)
    report('fieldorder', 'out_of_range', `fieldorder must be 0 or more, or null for top-down order; got ${fieldorder}.`);
  let logic_action = take<number | null>('logic_action', readInteger(input.logic_action), '1, 2, 3 or null', null);
  if (logic_action === 0) logic_action = null;
  if (logic_action !== null && (logic_action < 1 || logic_action > 3)) {
    report('logic_action', 'out_of_range', `logic_action must be 1 (radio group), 2 (sum), 3 (conditional) or null; got ${logic_action}.`);
  } else if (logic_action === 1 && logic_group.trim() === '') {
    report('logic_group', 'required', 'A radio-group field (logic_action 1) needs a logic_group name shared by the fields of its group.');
  }

  let uuid: string | undefined;
  const uuidRaw = readString(input.uuid);
  if (uuidRaw === INVALID || (uuidRaw !== undefined && uuidRaw !== '' && !UUID.test(uuidRaw))) {
    report('uuid', 'invalid', `uuid must be a UUID like 123e4567-e89b-12d3-a456-426614174000; got ${shown(input.uuid)}.`);
  } else if (uuidRaw) uuid = uuidRaw.toLowerCase();

  const element: FieldElement = {
    ...(uuid ? { uuid } : {}),
    ax,
    ay,
    bx,
    by,
    page,
    element_type,
    signer,
    validation,
    options,
    value,
    label,
    label_extra,
    optional,
    font_name,
    font_size,
    align: align as FieldElement['align'],
    fieldorder,
    hide_border,
    no_pdf,
    logic_action: logic_action as FieldElement['logic_action'],
    logic_group,
    map_to,
    substantive,
  };

  // A prefilled value must already suit the field's code (an empty one is fine on a template).
  if (strict && value.trim() !== '' && !optionIssue) {
    const valueIssue = checkFieldValue({ ...element, optional: true }, value);
    if (valueIssue)
      report(
        'value',
        valueIssue.code,
        `The prefilled value does not suit validation ${validation} (${validationCode(validation)?.name}): ${valueIssue.message}`,
      );
  }
  return { element, problems, warnings };
}

/** An element with every property present: defaults for what is missing or unusable. Never throws. */
export function normalizeElement(partial: Partial<FieldElement> | Record<string, unknown>): FieldElement {
  return readElement(isPlainObject(partial) ? partial : {}, '', {}, false).element;
}

/** Validates the body of a fields POST (an array of elements) and normalises every element. Never throws. */
export function validateElements(input: unknown, opts: ValidateOptions = {}): ValidationResult {
  const prefix = opts.pathPrefix ?? '';
  if (!Array.isArray(input)) {
    return {
      elements: [],
      warnings: [],
      indexes: [],
      problems: [{ field: prefix, code: 'wrong_type', message: `Send the fields as a JSON array of field objects; got ${shown(input)}.` }],
    };
  }
  if (input.length > MAX_ELEMENTS) {
    return {
      elements: [],
      warnings: [],
      indexes: [],
      problems: [{ field: prefix, code: 'too_many', message: `A document may have at most ${MAX_ELEMENTS} fields; got ${input.length}.` }],
    };
  }
  const elements: FieldElement[] = [];
  const problems: FieldProblem[] = [];
  const warnings: FieldProblem[] = [];
  const indexes: number[] = [];
  input.forEach((item, i) => {
    const path = `${prefix}[${i}]`;
    if (!isPlainObject(item)) {
      problems.push({
        field: path,
        code: 'wrong_type',
        message: `Field ${i + 1} must be an object with ax, ay, bx, by, page and element_type; got ${shown(item)}.`,
      });
      return;
    }
    const r = readElement(item, path, opts, true);
    problems.push(...r.problems);
    warnings.push(...r.warnings);
    if (r.problems.length === 0) {
      elements.push(r.element);
      indexes.push(i);
    }
  });
  return { elements, problems, warnings, indexes };
}
