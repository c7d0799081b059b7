/**
 * Checking what a signer submits, with src/fields as the authority: only its own fields, values
 * by each field's rule, signature and initials (and drawn fields) as PNG or JPEG data URLs whose
 * bytes really are that image and fit the size limit. Automatic signing dates are filled here,
 * never taken from the client.
 */
import type { FieldElement, FieldProblem } from 'esign-elements/fields';
import { checkCompletion, checkFieldValue, codeKind, formatSigningDate, isCodeGuardedSignature, normalizeFieldValue, optionLines } from 'esign-elements/fields';

/** Largest decoded signature/initials/drawn image accepted. */
export const MAX_IMAGE_BYTES = 512 * 1024;
/** Most values one request may carry (a document has far fewer fields per signer). */
export const MAX_VALUES = 2000;

export interface ValueProblem {
  field: string;
  message: string;
}

const IMAGE_DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** True for fields whose value is an image: signature, initials, drawn (90). */
export function isImageField(e: FieldElement): boolean {
  return e.element_type === 'signature' || e.element_type === 'initials' || codeKind(e.validation) === 'drawn';
}

/** Problem with an image value, or null when it is a real PNG/JPEG data URL under the limit. */
export function imageProblem(value: string): string | null {
  const m = value.match(IMAGE_DATA_URL);
  if (!m) return 'must be a PNG or JPEG image as a data URL (data:image/png;base64,…)';
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) return `is too large: ${Math.ceil(bytes.length / 1024)} KiB, at most ${MAX_IMAGE_BYTES / 1024} KiB`;
  const png = bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (m[1] === 'png' ? !png : !jpeg) return `is not a ${m[1].toUpperCase()} image (its bytes do not match)`;
  return null;
}

/**
 * Reads `values` ({ uuid: string }) against the recipient's fields. Returns the accepted values
 * (normalised) and every problem: unknown or foreign field ids, non-string values, bad images.
 * Value rules are not applied here (saving progress keeps half-typed values); `completionProblems` does that.
 * `extraCheck` adds the caller's own rule (attachment fields name their uploaded file).
 */
export function readValues(
  input: unknown,
  own: readonly FieldElement[],
  all: readonly FieldElement[],
  extraCheck: (element: FieldElement, value: string) => string | null = () => null,
): { values: Map<string, string>; problems: ValueProblem[] } {
  const values = new Map<string, string>();
  const problems: ValueProblem[] = [];
  if (input === undefined || input === null) return { values, problems };
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { values, problems: [{ field: 'values', message: 'values must be an object of field uuid → value' }] };
  }
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_VALUES) return { values, problems: [{ field: 'values', message: `values has ${entries.length} entries; at most ${MAX_VALUES}` }] };
  const mine = new Map(own.map((e) => [e.uuid!, e]));
  const known = new Set(all.map((e) => e.uuid));
  for (const [uuid, raw] of entries) {
    const at = `values.${uuid.slice(0, 60)}`;
    const element = mine.get(uuid);
    if (!element) {
      problems.push({
        field: at,
        message: known.has(uuid) ? 'that field belongs to another recipient; you can fill in only your own fields' : 'no field of this document has that uuid',
      });
      continue;
    }
    if (typeof raw !== 'string') {
      problems.push({ field: at, message: 'must be a string' });
      continue;
    }
    if (codeKind(element.validation) === 'signing_date') continue; // filled by the server when signing
    if (isImageField(element) && raw.trim() !== '') {
      const why = imageProblem(raw.trim());
      if (why) {
        problems.push({
          field: at,
          message: `${element.element_type === 'text' ? 'The drawing' : element.element_type === 'initials' ? 'The initials' : 'The signature'} ${why}`,
        });
        continue;
      }
      values.set(uuid, raw.trim());
      continue;
    }
    const size = checkFieldValue({ ...element, optional: true, validation: null }, raw);
    if (size) {
      problems.push({ field: at, message: size.message });
      continue;
    }
    const extra = extraCheck(element, raw.trim());
    if (extra) {
      problems.push({ field: at, message: extra });
      continue;
    }
    values.set(uuid, normalizeFieldValue(element, raw));
  }
  return { values, problems };
}

/** The recipient's fields with saved values overlaid by `values`, and automatic dates filled for `signedAt`. */
export function filledFields(own: readonly FieldElement[], values: ReadonlyMap<string, string>, signedAt?: Date): FieldElement[] {
  return own.map((e) => {
    if (signedAt && codeKind(e.validation) === 'signing_date') return { ...e, value: formatSigningDate(e.validation!, signedAt) };
    return values.has(e.uuid!) ? { ...e, value: values.get(e.uuid!)! } : e;
  });
}

/**
 * Verdicts on sender patterns (validation 93) worked out beforehand in the work pool (pattern-checks.ts),
 * by `patternKey(uuid, value)`: the problem, or null when the value matches.
 */
export type PatternVerdicts = ReadonlyMap<string, string | null>;

export function patternKey(uuid: string, value: string): string {
  return `${uuid}\n${value}`;
}

/**
 * Every problem that stops this recipient completing, at `values.<uuid>`. With `patterns`, sender
 * patterns are not evaluated here (on the main thread) but read from the verdicts; a value without one
 * (changed by a concurrent save since) is refused until it is submitted again, never matched inline.
 */
export function completionProblems(filled: readonly FieldElement[], patterns?: PatternVerdicts): ValueProblem[] {
  const checked = patterns ? filled.map((f) => (f.validation === 93 ? { ...f, validation: null } : f)) : filled;
  const problems = checkCompletion(checked).map((p: FieldProblem) => {
    const index = Number(p.field.match(/^\[(\d+)\]/)?.[1] ?? -1);
    const element = filled[index];
    return { field: element ? `values.${element.uuid}` : p.field, message: p.message };
  });
  if (!patterns) return problems;
  for (const f of filled) {
    if (f.validation !== 93 || (f.value ?? '').trim() === '') continue;
    const verdict = patterns.get(patternKey(f.uuid!, f.value ?? ''));
    if (verdict === undefined) problems.push({ field: `values.${f.uuid}`, message: 'This value changed while it was being checked; submit it again.' });
    else if (verdict) problems.push({ field: `values.${f.uuid}`, message: verdict });
  }
  return problems;
}

/**
 * Signatures guarded by a secret code (validation 73 on a signature or initials field): each one signed needs
 * its code in `codes` (uuid → code), compared as the secret-code fields compare theirs. Problems at `codes.<uuid>`.
 */
export function signatureCodeProblems(filled: readonly FieldElement[], codes: unknown): ValueProblem[] {
  const given = codes !== null && typeof codes === 'object' && !Array.isArray(codes) ? (codes as Record<string, unknown>) : {};
  return filled
    .filter((f) => isCodeGuardedSignature(f) && (f.value ?? '').trim() !== '')
    .filter((f) => {
      const code = given[f.uuid!];
      return typeof code !== 'string' || !optionLines(f.options).includes(code.trim());
    })
    .map((f) => ({
      field: `codes.${f.uuid}`,
      message: `${f.label ? `"${f.label}"` : 'This signature'} is signed only with the code you were given: ${typeof given[f.uuid!] === 'string' && given[f.uuid!] !== '' ? 'the code does not match' : 'enter it'}.`,
    }));
}
