/**
 * Resolves a parsed send request against its group and template(s): who the recipients are (roles,
 * signer numbers, skip and the witness rule, initial statuses through the transition table) and
 * what the document's fields are (bundle page offsets, pdftext/signertext applied,
 * convert_sender_to_signer). Pure: the caller loads the group and templates and stores the plan.
 */
import type { FieldElement } from 'esign-elements/fields';
import { RECIPIENT_STATUS, recipientTransition } from '../../domain/statuses.ts';
import type { RecipientStatus } from '../../domain/statuses.ts';
import type { InputProblem } from './input.ts';
import { Problems } from './input.ts';
import type { SendRequest, SendRole, SendSigner } from './send-request.ts';

export interface SendTemplate {
  id: string;
  title: string;
  fields: FieldElement[];
  pageCount: number;
}

export interface SendGroup {
  defaultCc: string[];
  /** The group's default message, used when a send gives neither a message nor a message_template. */
  defaultMessageTemplate: string;
  /** The group's named messages (name → text), picked by `message_template` (names ignore case). */
  messageTemplates: Record<string, string>;
}

export interface PlannedRecipient extends SendSigner {
  role: SendRole;
  /** The number the template's fields use: n signer, 100+n witness of signer n, 200+n approver n. */
  signerNumber: number;
  /** For a witness: the signer number it witnesses. */
  witnessOf: number | null;
  status: RecipientStatus;
  hasFields: boolean;
}

export interface SkippedRecipient {
  signer: SendSigner;
  role: SendRole;
  signerNumber: number;
  reason: 'skip' | 'witness of a skipped signer';
}

export interface BundlePart {
  templateId: string;
  /** 1-based page of the document where this template's first page lands. */
  firstPage: number;
  pageCount: number;
}

export interface SendPlan {
  recipients: PlannedRecipient[];
  skipped: SkippedRecipient[];
  fields: FieldElement[];
  cc: string[];
  /** The message for the recipients: the send's `message`, else the named message template's text, else the group default. */
  message: string;
  messageTemplate: string;
  parts: BundlePart[];
  pageCount: number;
}

export interface PlanOptions {
  /** New UUIDs for the document's fields. */
  newId: () => string;
  /** The field model's value rule: a message when `value` is not acceptable for `element`. */
  checkValue?: (element: FieldElement, value: string) => string | null;
  /** The field model's stored form of an accepted value (trimmed, case codes applied, ...). */
  normalizeValue?: (element: FieldElement, value: string) => string;
}

export type PlanResult = { ok: true; plan: SendPlan } | { ok: false; problems: InputProblem[] };

type SlotKind = 0 | 1 | 2; // signer, witness, approver (the order within one index)
const KIND_ROLE: Record<SlotKind, SendRole> = { 0: 'signer', 1: 'witness', 2: 'approver' };

function slotOf(signer: number): { index: number; kind: SlotKind } | null {
  if (!Number.isInteger(signer) || signer <= 0) return null;
  if (signer > 200) return { index: signer - 200, kind: 2 };
  if (signer > 100) return { index: signer - 100, kind: 1 };
  return { index: signer, kind: 0 };
}

function describe(signer: number): string {
  const slot = slotOf(signer);
  if (!slot) return 'the sender';
  return `${KIND_ROLE[slot.kind]} ${slot.index} (signer number ${signer})`;
}

/** The template's parties in send order: by index, and signer before its witness before approver n. */
export function templateParties(fields: readonly FieldElement[]): number[] {
  const numbers = new Set<number>();
  for (const f of fields) if (f.element_type !== 'admin' && f.signer != null && slotOf(f.signer)) numbers.add(f.signer);
  return [...numbers].sort((a, b) => {
    const x = slotOf(a)!,
      y = slotOf(b)!;
    return x.index - y.index || x.kind - y.kind;
  });
}

export function planSend(request: SendRequest, group: SendGroup, templates: readonly SendTemplate[], options: PlanOptions): PlanResult {
  const p = new Problems();

  // Bundle: concatenate the templates' pages; every template numbers its parties the same way.
  const parts: BundlePart[] = [];
  const templateFields: FieldElement[] = [];
  let page = 1;
  for (const t of templates) {
    parts.push({ templateId: t.id, firstPage: page, pageCount: t.pageCount });
    for (const f of t.fields) templateFields.push({ ...f, page: f.page + page - 1 });
    page += t.pageCount;
  }

  const recipients = assignRoles(request.signers, templateParties(templateFields), p);
  if (!p.empty) return { ok: false, problems: p.list };

  // Skip, and the witnesses following a skipped signer.
  const skippedNumbers = new Set<number>();
  const skipped: SkippedRecipient[] = [];
  const active: PlannedRecipient[] = [];
  for (const r of recipients) {
    if (r.skip) {
      skippedNumbers.add(r.signerNumber);
      skipped.push({ signer: r, role: r.role, signerNumber: r.signerNumber, reason: 'skip' });
    } else if (r.witnessOf !== null && skippedNumbers.has(r.witnessOf)) {
      skippedNumbers.add(r.signerNumber);
      skipped.push({ signer: r, role: r.role, signerNumber: r.signerNumber, reason: 'witness of a skipped signer' });
    } else {
      active.push(r);
    }
  }
  if (active.length === 0) p.add('signers', 'Every signer is skipped; at least one recipient must remain.');
  requireWitnessNumbers(active, p);

  // Every party the template's fields name needs a recipient (unless skipped).
  const taken = new Set(recipients.map((r) => r.signerNumber));
  const source = request.textSource ? 'The text has tags' : 'The template has fields';
  for (const n of templateParties(templateFields)) {
    if (!taken.has(n)) p.add('signers', `${source} for ${describe(n)} but no recipient takes that place; add a recipient or give roles explicitly.`);
  }
  if (!p.empty) return { ok: false, problems: p.list };

  const fields = buildFields(templateFields, request, active, skippedNumbers, options, p);
  if (!p.empty) return { ok: false, problems: p.list };

  const withFields = new Set(fields.map((f) => f.signer));
  const firstToSend = active.find((r) => r.role !== 'witness');
  for (const r of active) {
    r.hasFields = withFields.has(r.signerNumber);
    // Witnesses wait for their signer; otherwise the first in order, or everyone when not in order.
    const sendNow = r.role !== 'witness' && (!request.signersInOrder || r === firstToSend);
    r.status = sendNow ? recipientTransition(RECIPIENT_STATUS.unsent, 'send') : RECIPIENT_STATUS.unsent;
  }

  const message = request.message || (request.messageTemplate ? namedMessage(request.messageTemplate, group, p) : group.defaultMessageTemplate);
  if (!p.empty) return { ok: false, problems: p.list };
  return {
    ok: true,
    plan: {
      recipients: active,
      skipped,
      fields,
      cc: request.cc === 'default' ? [...group.defaultCc] : request.cc,
      message,
      messageTemplate: request.messageTemplate,
      parts,
      pageCount: page - 1,
    },
  };
}

/** The text of the group's message template with that name (ignoring case); an unknown name is a problem naming the known ones. */
function namedMessage(name: string, group: SendGroup, p: Problems): string {
  const key = name.trim().toLowerCase();
  const found = Object.entries(group.messageTemplates).find(([n]) => n.toLowerCase() === key);
  if (found) return found[1];
  const known = Object.keys(group.messageTemplates);
  p.add(
    'message_template',
    `The group has no message template named ${JSON.stringify(name)}; ${known.length ? `it has ${known.map((n) => JSON.stringify(n)).join(', ')}` : 'it has none (set them with PATCH /api/v1/group/{id}/ message_templates)'}.`,
  );
  return '';
}

/**
 * The description's `sms`: "Required if a witness or a witnessed signer." Both verify by a one-time
 * code sent there before signing (issue 29; services/signing/verification.ts).
 */
function requireWitnessNumbers(active: readonly PlannedRecipient[], p: Problems): void {
  const witnessed = new Set(active.flatMap((r) => (r.witnessOf !== null ? [r.witnessOf] : [])));
  for (const r of active) {
    const kind = r.witnessOf !== null ? 'a witness' : r.role === 'signer' && witnessed.has(r.signerNumber) ? 'a witnessed signer' : '';
    if (kind && !r.tel)
      p.add(
        `signers[${r.index}].sms`,
        `signers[${r.index}].sms is required for ${kind}: a phone number in international format, where the one-time code to sign is sent.`,
      );
  }
}

/** Roles (given, or from the template's party at the same position) and signer numbers by counting. */
function assignRoles(signers: readonly SendSigner[], parties: readonly number[], p: Problems): PlannedRecipient[] {
  let signerCount = 0;
  let approverCount = 0;
  let lastSigner: number | null = null;
  const witnessed = new Set<number>();
  return signers.map((s, position) => {
    const at = `signers[${s.index}]`;
    const party = parties[position];
    const role: SendRole = s.role ?? (party !== undefined ? KIND_ROLE[slotOf(party)!.kind] : 'signer');
    let signerNumber = 0;
    let witnessOf: number | null = null;
    if (role === 'signer') {
      signerNumber = ++signerCount;
      lastSigner = signerNumber;
    } else if (role === 'approver') {
      signerNumber = 200 + ++approverCount;
    } else if (lastSigner === null) {
      p.add(`${at}.role`, `${at} is a witness but no signer comes before it in order; a witness follows the signer it witnesses.`);
    } else if (witnessed.has(lastSigner)) {
      p.add(`${at}.role`, `${at} is a second witness for signer ${lastSigner}; each signer has at most one witness.`);
    } else {
      witnessed.add(lastSigner);
      witnessOf = lastSigner;
      signerNumber = 100 + lastSigner;
    }
    return { ...s, role, signerNumber, witnessOf, status: RECIPIENT_STATUS.unsent, hasFields: false };
  });
}

function matchKey(f: FieldElement, key: string): boolean {
  const k = key.trim().toLowerCase();
  return (f.uuid !== undefined && f.uuid.toLowerCase() === k) || (f.label !== '' && f.label.trim().toLowerCase() === k);
}

function buildFields(
  templateFields: readonly FieldElement[],
  request: SendRequest,
  active: readonly PlannedRecipient[],
  skippedNumbers: ReadonlySet<number>,
  options: PlanOptions,
  p: Problems,
): FieldElement[] {
  const kept = templateFields.filter((f) => f.element_type === 'admin' || f.signer == null || !skippedNumbers.has(f.signer));
  const values = new Map<FieldElement, string>();

  const apply = (map: Record<string, string>, name: 'pdftext' | 'signertext') => {
    const wantAdmin = name === 'pdftext';
    for (const [key, value] of Object.entries(map)) {
      const matches = templateFields.filter((f) => matchKey(f, key));
      const targets = kept.filter((f) => matches.includes(f) && (wantAdmin ? f.element_type === 'admin' : f.element_type === 'text'));
      if (targets.length === 0) {
        if (!request.strictFields) continue; // the hosted service ignores unknown keys unless strict_fields
        const other = matches.find((f) => (wantAdmin ? f.element_type !== 'admin' : f.element_type !== 'text'));
        const hint = other
          ? wantAdmin
            ? 'it is a signer field; pre-fill it with signertext'
            : `it is a ${other.element_type} field; only text fields can be pre-filled (sender fields take pdftext)`
          : `no ${wantAdmin ? 'sender (admin)' : 'signer text'} field has that label or UUID`;
        p.add(`${name}.${key}`, `${name}.${key}: ${matches.length && !other ? 'that field belongs to a skipped recipient' : hint}.`);
        continue;
      }
      for (const f of targets) {
        // The sender's text is normalised first (trimmed, case codes applied), then checked.
        const normalised = options.normalizeValue ? options.normalizeValue(f, value) : value;
        const problem = options.checkValue?.(f, normalised) ?? null;
        if (problem) {
          if (request.strictFields) p.add(`${name}.${key}`, `${name}.${key}: ${problem}`);
          continue; // without strict_fields an invalid value is left out
        }
        values.set(f, normalised);
      }
    }
  };
  apply(request.pdftext, 'pdftext');
  apply(request.signertext, 'signertext');

  const firstSigner = active.find((r) => r.role === 'signer') ?? active[0];
  return kept.map((f) => {
    const value = values.get(f) ?? f.value;
    const field: FieldElement = { ...f, uuid: options.newId(), value };
    if (f.element_type === 'admin') {
      // Admin elements belong to the sender (signer 0) unless converted below.
      field.signer = f.signer ?? 0;
      if (request.convertSenderToSigner && value === '' && firstSigner) {
        field.element_type = 'text';
        field.signer = firstSigner.signerNumber;
      }
    }
    return field;
  });
}
