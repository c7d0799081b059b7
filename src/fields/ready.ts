/**
 * The editor's pre-save check: beyond each field being valid (validateElements), is the template
 * usable for sending? Problems name the field by its index path or the signer by `signer[n]`.
 */
import type { FieldElement, FieldProblem } from './types.ts';
import { signerLabel, signerRef } from './signers.ts';
import { validateElements } from './validate.ts';

export interface ReadyOptions {
  /** How many signers the template has (roles 1..n); fields for others are reported. */
  signerCount?: number;
  pageCount?: number;
}

/**
 * Every problem that would stop the template being sent: invalid fields, a signer or witness with
 * fields but no signature field, fields for signers the template does not have, radio groups of one.
 */
export function checkTemplateReady(elements: unknown, opts: ReadyOptions = {}): FieldProblem[] {
  const { elements: valid, problems, indexes } = validateElements(elements, { pageCount: opts.pageCount });
  if (!Array.isArray(elements)) return problems;
  if (elements.length === 0) return [...problems, { field: '', code: 'no_fields', message: 'The template has no fields; add at least one signature field.' }];

  const bySigner = new Map<number, FieldElement[]>();
  for (const e of valid) {
    if (e.signer === null || e.signer === 0) continue;
    bySigner.set(e.signer, [...(bySigner.get(e.signer) ?? []), e]);
  }
  const numbers = [...bySigner.keys()].sort((a, b) => a - b);
  for (const n of numbers) {
    const { role, index } = signerRef(n);
    const fields = bySigner.get(n)!;
    if ((role === 'signer' || role === 'witness') && !fields.some((e) => e.element_type === 'signature')) {
      problems.push({ field: `signer[${n}]`, code: 'no_signature', message: `${signerLabel(n)} has fields but no signature field; add one for them to sign.` });
    }
    if (opts.signerCount !== undefined && index > opts.signerCount) {
      problems.push({
        field: `signer[${n}]`,
        code: 'unknown_signer',
        message: `${fields.length} field${fields.length === 1 ? '' : 's'} belong${fields.length === 1 ? 's' : ''} to ${signerLabel(n)}, but the template has ${opts.signerCount} signer${opts.signerCount === 1 ? '' : 's'}.`,
      });
    }
  }
  if (opts.signerCount !== undefined) {
    for (let n = 1; n <= opts.signerCount; n++) {
      // Signers with fields but no signature were reported above.
      if (!bySigner.has(n))
        problems.push({ field: `signer[${n}]`, code: 'no_signature', message: `${signerLabel(n)} has no signature field; add one for them to sign.` });
    }
  }
  if (bySigner.size === 0) {
    problems.push({ field: '', code: 'no_signature', message: 'No field belongs to a signer; assign at least one signature field to signer 1.' });
  }

  // Radio groups (logic_action 1) need at least two fields of the same signer.
  const groups = new Map<string, number[]>();
  valid.forEach((e, i) => {
    const key = `${e.signer}\u0000${e.logic_group}`;
    if (e.logic_action === 1) groups.set(key, [...(groups.get(key) ?? []), indexes[i]]);
  });
  for (const [key, members] of groups) {
    if (members.length < 2) {
      const group = key.split('\u0000')[1];
      problems.push({
        field: `[${members[0]}].logic_group`,
        code: 'lonely_radio',
        message: `Radio group "${group}" has only one field; add another choice or remove the group.`,
      });
    }
  }
  return problems;
}
