/**
 * Recipients of a template as the editor shows them: who a field can belong to. A recipient is its
 * signer number (1..99 signer, 100+n witness of signer n, 200+n approver n, 0 the sender) and a name.
 */
import type { FieldElement } from '../fields/types.ts';
import { signerLabel, signerRef, type RecipientRole } from '../fields/signers.ts';
import type { EditorField, FieldDoc } from './editing/field-doc.ts';

export interface Recipient {
  signer: number;
  name: string;
}

/**
 * Reads the `signers` attribute or property: an array of `{ signer?, name?, role?, index? }` objects or
 * of names, as JSON or already parsed, or a comma-separated list of names. Unusable entries are skipped.
 */
export function parseRecipients(input: unknown): Recipient[] {
  let value = input;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return [];
    try {
      value = JSON.parse(text);
    } catch {
      value = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }
  }
  if (!Array.isArray(value)) return [];
  const out: Recipient[] = [];
  let nextSigner = 1;
  for (const entry of value) {
    let r: Recipient | null = null;
    if (typeof entry === 'string') r = { signer: nextSigner, name: entry };
    else if (entry && typeof entry === 'object') {
      const o = entry as { signer?: unknown; name?: unknown; role?: unknown; index?: unknown };
      const name = typeof o.name === 'string' ? o.name : '';
      if (typeof o.signer === 'number' && Number.isInteger(o.signer) && o.signer >= 0 && o.signer < 300) r = { signer: o.signer, name };
      else {
        const index = typeof o.index === 'number' && o.index >= 1 ? Math.floor(o.index) : o.role === 'signer' || !o.role ? nextSigner : 1;
        const base = o.role === 'witness' ? 100 : o.role === 'approver' ? 200 : o.role === 'sender' ? -1 : 0;
        r = { signer: base < 0 ? 0 : base + index, name };
      }
    }
    if (!r || out.some((x) => x.signer === r.signer)) continue;
    out.push(r);
    if (signerRef(r.signer).role === 'signer') nextSigner = Math.max(nextSigner, r.signer + 1);
  }
  return out;
}

/** The recipients to offer: the given ones, plus any signer number the fields use, plus Signer 1. */
export function effectiveRecipients(given: readonly Recipient[], elements: readonly Pick<FieldElement, 'signer' | 'element_type'>[]): Recipient[] {
  const list = [...given];
  const has = (n: number) => list.some((r) => r.signer === n);
  for (const el of elements) {
    const n = el.signer ?? 0;
    if (n > 0 && !has(n)) list.push({ signer: n, name: '' });
  }
  if (!list.some((r) => r.signer > 0)) list.unshift({ signer: 1, name: '' });
  return sortRecipients(list);
}

/** Signers in order, each followed by its witness; then approvers. */
export function sortRecipients(list: readonly Recipient[]): Recipient[] {
  const key = (n: number): number => {
    const { role, index } = signerRef(n);
    if (role === 'signer') return index * 2;
    if (role === 'witness') return index * 2 + 1;
    if (role === 'approver') return 1000 + index;
    return 2000;
  };
  return [...list].sort((a, b) => key(a.signer) - key(b.signer));
}

/** A recipient's name, or "Signer 2" / "Witness 1" when unnamed. */
export function recipientName(r: Recipient): string {
  return r.name.trim() || signerLabel(r.signer);
}

/** Adds a recipient of `role`: the next free signer or approver number, or the witness of `of`. */
export function addRecipient(list: readonly Recipient[], role: Exclude<RecipientRole, 'sender'>, of = 1): Recipient[] {
  let signer: number;
  if (role === 'witness') signer = 100 + of;
  else {
    const base = role === 'approver' ? 200 : 0;
    let n = 1;
    while (list.some((r) => r.signer === base + n)) n++;
    signer = base + n;
  }
  if (list.some((r) => r.signer === signer)) return [...list];
  return sortRecipients([...list, { signer, name: '' }]);
}

export function renameRecipient(list: readonly Recipient[], signer: number, name: string): Recipient[] {
  return list.map((r) => (r.signer === signer ? { ...r, name } : r));
}

/**
 * Moves signer `signer` one place up (-1) or down (+1) in the signing order. Signer numbers are the order,
 * so the two signers swap numbers (their witnesses with them); returns the new list and the renumbering
 * to apply to fields.
 */
export function moveSigner(list: readonly Recipient[], signer: number, direction: -1 | 1): { list: Recipient[]; renumber: Map<number, number> } {
  const renumber = new Map<number, number>();
  const { role, index } = signerRef(signer);
  const other = index + direction;
  if (role !== 'signer' || other < 1 || !list.some((r) => r.signer === other)) return { list: [...list], renumber };
  renumber
    .set(index, other)
    .set(other, index)
    .set(100 + index, 100 + other)
    .set(100 + other, 100 + index);
  const moved = list.map((r) => ({ ...r, signer: renumber.get(r.signer) ?? r.signer }));
  return { list: sortRecipients(moved), renumber };
}

/** Applies a signer renumbering to every field (new objects for changed ones only). */
export function renumberFields(doc: FieldDoc, renumber: ReadonlyMap<number, number>): EditorField[] {
  return doc.map((f) => {
    const to = renumber.get(f.el.signer ?? 0);
    return to === undefined ? f : { id: f.id, el: { ...f.el, signer: to } };
  });
}
