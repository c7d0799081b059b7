/**
 * Checking a recipient's filled-in fields as a whole when they complete: every field's value rule,
 * plus radio groups (logic_action 1), where "required" applies to the group: exactly one member of
 * a required group is filled, and never more than one of any group.
 */
import type { FieldElement, FieldProblem } from './types.ts';
import { checkFieldValue } from './values.ts';

export interface CompletionOptions {
  /** Check only this signer's fields (a signer number as in `element.signer`). */
  signer?: number | null;
  /** Values by element uuid; an element without an entry is checked with its own `value`. */
  values?: Readonly<Record<string, string>>;
}

function valueOf(e: FieldElement, values?: Readonly<Record<string, string>>): string {
  return e.uuid && values && Object.hasOwn(values, e.uuid) ? String(values[e.uuid] ?? '') : e.value;
}

/** Every problem stopping completion, each at `[i].value` (i = index in `elements`). */
export function checkCompletion(elements: readonly FieldElement[], opts: CompletionOptions = {}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const mine = elements.map((e, i) => ({ e, i, value: valueOf(e, opts.values) })).filter(({ e }) => opts.signer === undefined || e.signer === opts.signer);
  const groups = new Map<string, typeof mine>();
  for (const item of mine) {
    if (item.e.logic_action === 1 && item.e.logic_group.trim() !== '') {
      groups.set(item.e.logic_group, [...(groups.get(item.e.logic_group) ?? []), item]);
      // Members are individually optional: the group carries the requirement.
      if (item.value.trim() === '') continue;
      const p = checkFieldValue({ ...item.e, optional: true }, item.value);
      if (p) problems.push({ ...p, field: `[${item.i}].value`, message: where(item.e, p.message) });
      continue;
    }
    const p = checkFieldValue(item.e, item.value);
    if (p) problems.push({ ...p, field: `[${item.i}].value`, message: where(item.e, p.message) });
  }
  for (const [group, members] of groups) {
    const filled = members.filter((m) => m.value.trim() !== '');
    const required = members.some((m) => !m.e.optional);
    if (filled.length > 1) {
      problems.push({ field: `[${filled[1].i}].value`, code: 'radio_multiple', message: `Choose only one option in "${group}".` });
    } else if (filled.length === 0 && required) {
      problems.push({ field: `[${members[0].i}].value`, code: 'required', message: `Choose one option in "${group}".` });
    }
  }
  return problems;
}

/** Names an unlabelled field by its page, so a message read away from the document still points somewhere. */
function where(e: FieldElement, message: string): string {
  if (e.label) return message;
  return message.startsWith('This field') ? `The field on page ${e.page}${message.slice('This field'.length)}` : `Page ${e.page}: ${message}`;
}
