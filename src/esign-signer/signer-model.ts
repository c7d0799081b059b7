/**
 * The signer's pure logic, apart from the DOM: which fields are this recipient's and in which
 * order it is led through them, what counts as required and done, each field's problem as the
 * recipient types (src/fields value rules), radio groups, case transforms, allowed capture modes,
 * and the values a completion sends. Secret codes (73) cannot be checked here: the server never
 * sends the code, so only "filled in" is checked and the server decides.
 */
import type { FieldElement, FieldProblem } from '../fields/types.ts';
import { problemText } from './signer-hints.ts';
import { ts } from './signer-i18n.ts';
import { checkFieldValue, formatSigningDate } from '../fields/index.ts';
import { kindOf, signerInput } from '../fields/kinds/index.ts';

export type SignerField = FieldElement & { editable?: boolean };

export type CaptureMode = 'draw' | 'type' | 'upload';
export const CAPTURE_MODES: readonly CaptureMode[] = ['draw', 'type', 'upload'];

/** This recipient's editable fields in the order it fills them: `fieldorder`, else top-down (page, y, x). */
export function orderedOwnFields(fields: readonly SignerField[]): SignerField[] {
  return fields
    .filter((f) => f.editable)
    .map((f, i) => ({ f, i }))
    .sort((a, b) => {
      const ao = a.f.fieldorder ?? Number.POSITIVE_INFINITY;
      const bo = b.f.fieldorder ?? Number.POSITIVE_INFINITY;
      if (ao !== bo) return ao - bo;
      return a.f.page - b.f.page || Math.min(a.f.ay, a.f.by) - Math.min(b.f.ay, b.f.by) || Math.min(a.f.ax, a.f.bx) - Math.min(b.f.ax, b.f.bx) || a.i - b.i;
    })
    .map(({ f }) => f);
}

export const isAutomatic = (f: FieldElement): boolean => kindOf(f).name === 'signing_date';
export const isRadio = (f: FieldElement): boolean => f.logic_action === 1 && f.logic_group.trim() !== '';
export const isImageField = (f: FieldElement): boolean => kindOf(f).name === 'signature' || kindOf(f).name === 'drawn';

/** The value an automatic signing-date field shows (and the server fills) today. */
export function automaticValue(f: FieldElement, now = new Date()): string {
  return isAutomatic(f) ? formatSigningDate(f.validation!, now) : '';
}

/** The problem with one field's value, as a message in `lang`, or '' when it is fine. */
export function fieldProblem(f: FieldElement, value: string, values: ReadonlyMap<string, string>, all: readonly FieldElement[], lang = 'en'): string {
  const en = lang.toLowerCase().split('-')[0] === 'en';
  const said = (p: FieldProblem | null) => (p ? problemText(lang, f, value, p) : '');
  if (isAutomatic(f)) return '';
  if (isRadio(f)) {
    const members = all.filter((m) => isRadio(m) && m.logic_group === f.logic_group);
    const anyFilled = members.some((m) => (values.get(m.uuid!) ?? '').trim() !== '');
    if (!anyFilled && members.some((m) => !m.optional)) return en ? `Choose one option in "${f.logic_group}".` : ts(lang, 'problem.option');
    if (value.trim() === '') return '';
    return said(checkFieldValue({ ...f, optional: true }, value));
  }
  if (kindOf(f).name === 'secret') {
    if (value.trim() !== '' || f.optional) return '';
    return en ? `${f.label ? `"${f.label}"` : 'This field'} is required.` : ts(lang, 'problem.required');
  }
  return said(checkFieldValue(f, value));
}

/** Required units: each required field, and each required radio group once. */
export function requiredProgress(own: readonly SignerField[], values: ReadonlyMap<string, string>): { done: number; total: number } {
  let done = 0;
  let total = 0;
  const groups = new Set<string>();
  for (const f of own) {
    if (isAutomatic(f)) continue;
    if (isRadio(f)) {
      if (groups.has(f.logic_group)) continue;
      const members = own.filter((m) => isRadio(m) && m.logic_group === f.logic_group);
      if (!members.some((m) => !m.optional)) continue;
      groups.add(f.logic_group);
      total++;
      if (members.some((m) => (values.get(m.uuid!) ?? '') !== '') && members.every((m) => !fieldProblem(m, values.get(m.uuid!) ?? '', values, own))) done++;
      continue;
    }
    if (f.optional) continue;
    total++;
    if (!fieldProblem(f, values.get(f.uuid!) ?? '', values, own)) done++;
  }
  return { done, total };
}

/** Sets one value, clearing the other members when a radio-group member is chosen. Returns a new map. */
export function withValue(values: ReadonlyMap<string, string>, f: FieldElement, value: string, own: readonly FieldElement[]): Map<string, string> {
  const next = new Map(values);
  next.set(f.uuid!, value);
  if (isRadio(f) && value !== '') {
    for (const m of own) if (m !== f && isRadio(m) && m.logic_group === f.logic_group) next.set(m.uuid!, '');
  }
  return next;
}

/** Case codes change the text as it is typed (length is kept, so the caret stays put). */
export function typedValue(f: FieldElement, raw: string): string {
  const typed = signerInput(f).typed;
  return typed ? typed(raw) : raw;
}

/**
 * Capture modes a signature/initials field allows: its `options` may name them (draw, type,
 * upload; one per line or comma-separated); empty means all. `restrict` (the element's `modes`
 * attribute) narrows every field. Never empty: falls back to draw.
 */
export function allowedModes(f: FieldElement, restrict?: readonly CaptureMode[]): CaptureMode[] {
  if (kindOf(f).name === 'drawn') return ['draw'];
  const named = f.options
    .split(/[\n,]/)
    .map((s) => s.trim().toLowerCase())
    .filter((s): s is CaptureMode => (CAPTURE_MODES as readonly string[]).includes(s));
  let modes = named.length ? CAPTURE_MODES.filter((m) => named.includes(m)) : [...CAPTURE_MODES];
  if (restrict?.length) modes = modes.filter((m) => restrict.includes(m));
  return modes.length ? modes : ['draw'];
}

/** The element's `modes` attribute (space or comma separated) as capture modes. */
export function parseModes(modes: string): CaptureMode[] {
  return modes.split(/[\s,]+/).filter((m): m is CaptureMode => (CAPTURE_MODES as readonly string[]).includes(m));
}

/** The values a completion (or save) sends: every own field except automatic dates. */
export function submission(own: readonly FieldElement[], values: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of own) if (!isAutomatic(f)) out[f.uuid!] = values.get(f.uuid!) ?? '';
  return out;
}

/** Initial values: what the server has saved (and prefilled defaults), automatic dates for today. */
export function initialValues(own: readonly FieldElement[], now = new Date()): Map<string, string> {
  return new Map(own.map((f) => [f.uuid!, isAutomatic(f) ? automaticValue(f, now) : String(f.value ?? '')]));
}
