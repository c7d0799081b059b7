/**
 * The text-tag grammar: `<<t=signature;s=2;r=0>>`, long or short keys, and shortcuts like
 * `<<signature>>`, `<<initials2>>`, `<<Full Name>>`. Positions are the PDF pipeline's business;
 * this module turns one tag's text into element properties and a list of problems. Never throws.
 */
import type { FieldElement, FieldProblem } from './types.ts';
import { isKnownValidation, validationCode } from './codes.ts';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, isRecipientNumber, labelProblem, SIGNER_RANGES_TEXT } from './limits.ts';
import { lookupTagType, tagTypeAccepts, TAG_TYPE_NAMES, type TagType } from './tag-types.ts';
import { optionsProblem } from './options.ts';
import { MAX_TAG_LENGTH } from './tag-scan.ts';

export { findTags, MAX_TAG_LENGTH, type TagMatch, type TagScan, type TagScanProblem } from './tag-scan.ts';

/** A problem with a tag. Errors stop the field being made; warnings leave it made. */
export interface TagProblem extends FieldProblem {
  severity: 'error' | 'warning';
}

export interface ParsedTag {
  /** True when the tag yields a field (possibly with warnings). */
  ok: boolean;
  /** Properties the tag sets; the caller adds geometry and page, then normalises. */
  element: Partial<FieldElement>;
  /** `h=`: the field's height as a multiple of the line height; null when not given or ignored. */
  height: number | null;
  problems: TagProblem[];
}

/** Canonical key for each accepted spelling. */
const KEYS: Record<string, 'type' | 'signer' | 'required' | 'label' | 'validation' | 'options' | 'fontsize' | 'height'> = {
  type: 'type',
  t: 'type',
  signer: 'signer',
  s: 'signer',
  r: 'required',
  required: 'required',
  label: 'label',
  l: 'label',
  validation: 'validation',
  v: 'validation',
  options: 'options',
  o: 'options',
  fontsize: 'fontsize',
  fs: 'fontsize',
  height: 'height',
  h: 'height',
};
const KEY_LIST = 'type/t, signer/s, r, label/l, validation/v, options/o, fontsize/fs, height/h';
const MAX_HEIGHT_MULTIPLE = 50;

/** Splits `a=1; b="x;y"` on `;` outside double quotes. */
function splitParts(inner: string): { parts: string[]; unclosedQuote: boolean } {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of inner) {
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return { parts: parts.map((p) => p.trim()).filter((p) => p !== ''), unclosedQuote: quoted };
}

function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
}

/** A shortcut such as `initials2`, `Full Name`, `email 3`: name plus optional trailing signer number. */
function splitShortcut(text: string): { name: string; signer: number | null } {
  const m = /^(.*?)\s*(\d{1,3})$/.exec(text);
  if (m && m[1] !== '') return { name: m[1].trim(), signer: Number(m[2]) };
  return { name: text.trim(), signer: null };
}

const intPattern = /^[+]?\d+$/;
const numberPattern = /^[+]?(\d+(\.\d*)?|\.\d+)$/;

/** Parses one tag (`<<...>>`, or just what lies between the brackets). */
export function parseTag(tagText: string): ParsedTag {
  const problems: TagProblem[] = [];
  const error = (field: string, code: string, message: string) => problems.push({ field, code, message, severity: 'error' });
  const warn = (field: string, code: string, message: string) => problems.push({ field, code, message, severity: 'warning' });
  const element: Partial<FieldElement> = {};
  let height: number | null = null;

  const raw = String(tagText ?? '');
  // The grammar's own limit, checked before any pattern runs: longer text is no tag, and the patterns
  // below (a shortcut's trailing number, the bracket trims) are only linear-ish on short input.
  if (raw.length > MAX_TAG_LENGTH) {
    error('tag', 'tag_too_long', `The tag is ${raw.length} characters long; tags may be at most ${MAX_TAG_LENGTH}.`);
    return { ok: false, element, height, problems };
  }
  const inner = raw.trim().replace(/^<+/, '').replace(/>+$/, '').trim();
  const fail = (): ParsedTag => ({ ok: false, element, height, problems });
  if (inner === '') {
    error('tag', 'empty_tag', 'The tag is empty; write at least <<t=signature>>.');
    return fail();
  }
  const { parts, unclosedQuote } = splitParts(inner);
  if (unclosedQuote) error('tag', 'unclosed_quote', `The tag "${inner}" opens a double quote it never closes.`);

  const values = new Map<string, { key: string; value: string }>();
  let shortcut: { name: string; signer: number | null } | null = null;
  parts.forEach((part, i) => {
    const eq = part.indexOf('=');
    if (eq === -1) {
      if (i === 0) shortcut = splitShortcut(part);
      else error('tag', 'malformed_part', `"${part}" in the tag is not a key=value pair; write it like "l=${part}".`);
      return;
    }
    const key = part.slice(0, eq).trim();
    const canonical = KEYS[key.toLowerCase()];
    if (!canonical) {
      warn(key || 'tag', 'unknown_key', `The tag key "${key}" is not known and was ignored; the keys are ${KEY_LIST}.`);
      return;
    }
    if (values.has(canonical)) {
      error(key, 'duplicate_key', `The tag gives ${canonical} twice ("${values.get(canonical)!.key}" and "${key}"); keep one.`);
      return;
    }
    values.set(canonical, { key, value: unquote(part.slice(eq + 1)) });
  });

  // The type: t= wins; a shortcut name is either a type name or a text field's label.
  let type: TagType | undefined;
  let signer: number | null = null;
  const typeGiven = values.get('type');
  if (typeGiven) {
    type = lookupTagType(typeGiven.value);
    if (!type) {
      error(typeGiven.key, 'unknown_type', `"${typeGiven.value}" is not a field type; use one of ${TAG_TYPE_NAMES.join(', ')}.`);
      return fail();
    }
    if (shortcut) error('tag', 'malformed_part', `The tag has both a type (${typeGiven.key}=) and a leading name "${parts[0]}"; keep one.`);
  } else if (shortcut) {
    // `<<Date>>` is a type; `<<initials2>>` a type and a signer; `<<Full Name 2>>` a label and a signer.
    const { name, signer: trailing } = shortcut as { name: string; signer: number | null };
    type = lookupTagType(parts[0]) ?? lookupTagType(name);
    if (type) signer = lookupTagType(parts[0]) ? null : trailing;
    else {
      type = lookupTagType('text')!;
      const problem = labelProblem(name);
      if (problem) {
        error('tag', 'malformed_tag', `"${inner}" is neither a field type nor a usable label. ${problem}`);
        return fail();
      }
      element.label = name;
      signer = trailing;
    }
  } else {
    error('tag', 'missing_type', `The tag "${inner}" says no field type; add t=signature (or another type).`);
    return fail();
  }
  element.element_type = type.element_type;

  // Signer: shortcut digit or s=; admin fields belong to the sender.
  const signerGiven = values.get('signer');
  if (signerGiven) {
    if (signer !== null) error(signerGiven.key, 'duplicate_key', `The tag gives the signer twice (a trailing number and ${signerGiven.key}=); keep one.`);
    const n = intPattern.test(signerGiven.value) ? Number(signerGiven.value) : NaN;
    const ok = type.element_type === 'admin' ? n === 0 || isRecipientNumber(n) : isRecipientNumber(n);
    if (!ok)
      error(
        signerGiven.key,
        'bad_signer',
        `Signer "${signerGiven.value}" is not valid; use ${SIGNER_RANGES_TEXT}${type.element_type === 'admin' ? ', or 0 for the sender' : ''}.`,
      );
    else signer = n;
  } else if (signer !== null && !isRecipientNumber(signer)) {
    error('tag', 'bad_signer', `Signer ${signer} (the number ending "${inner}") is not valid; use ${SIGNER_RANGES_TEXT}.`);
  }
  element.signer = signer ?? (type.element_type === 'admin' ? 0 : 1);

  const required = values.get('required');
  if (required) {
    const v = required.value.toLowerCase();
    if (v === '1' || v === 'true' || v === 'yes') element.optional = false;
    else if (v === '0' || v === 'false' || v === 'no') element.optional = true;
    else error(required.key, 'bad_required', `${required.key}="${required.value}" is not valid; write r=1 (required) or r=0 (optional).`);
  }

  const label = values.get('label');
  if (label) {
    const problem = labelProblem(label.value);
    if (problem) error(label.key, 'bad_label', problem);
    else element.label = label.value;
  }

  // Validation: the type's default unless v= says otherwise; v= must suit the type.
  let validation = type.defaultValidation;
  const v = values.get('validation');
  if (v) {
    const n = intPattern.test(v.value) ? Number(v.value) : NaN;
    if (!isKnownValidation(n)) error(v.key, 'bad_validation', `Validation "${v.value}" is not a known validation code.`);
    else if (!tagTypeAccepts(type, n)) {
      const what = typeGiven?.value ?? parts[0];
      error(
        v.key,
        'bad_validation',
        type.accepts === 'none'
          ? `A ${what} field takes no validation; remove ${v.key}=${v.value}.`
          : `Validation ${n} (${validationCode(n)!.name}) does not suit a ${what} field.`,
      );
    } else validation = n;
  } else if (type.element_type === 'text' && type.accepts !== 'any' && validation === null) {
    error('tag', 'missing_validation', `A ${typeGiven?.value ?? parts[0]} field needs v= to say which validation code applies.`);
  }
  if (type.element_type === 'text' || type.element_type === 'admin') element.validation = validation;

  const options = values.get('options');
  if (options) {
    // In a tag, dropdown items are separated by "|"; other codes take the value as written.
    element.options =
      validation === 20
        ? options.value
            .split('|')
            .map((s) => s.trim())
            .join('\n')
        : options.value;
  }
  const optionIssue = optionsProblem(validation, element.options ?? '');
  if (optionIssue) error(options?.key ?? 'o', 'bad_options', optionIssue);

  const fontSize = values.get('fontsize');
  if (fontSize) {
    const n = numberPattern.test(fontSize.value) ? Number(fontSize.value) : NaN;
    if (!(n >= FONT_SIZE_MIN && n <= FONT_SIZE_MAX))
      error(fontSize.key, 'bad_font_size', `Font size "${fontSize.value}" is not valid; use a number from ${FONT_SIZE_MIN} to ${FONT_SIZE_MAX}.`);
    else element.font_size = n;
  }

  const h = values.get('height');
  if (h) {
    const n = numberPattern.test(h.value) ? Number(h.value) : NaN;
    if (type.element_type === 'signature' || type.element_type === 'initials') {
      warn(h.key, 'ignored_key', `${h.key}= is ignored on ${type.element_type} fields, which have their own height.`);
    } else if (!(n > 0 && n <= MAX_HEIGHT_MULTIPLE)) {
      error(h.key, 'bad_height', `Height "${h.value}" is not valid; use a line-height multiple above 0 and at most ${MAX_HEIGHT_MULTIPLE}, like h=3.`);
    } else height = n;
  }

  return { ok: !problems.some((p) => p.severity === 'error'), element, height, problems };
}
