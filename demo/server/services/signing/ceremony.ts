/**
 * The signer operations: visit, save progress, complete (sign / witness / approve) and reject.
 * Each re-reads the document and recipients inside one transaction (BEGIN IMMEDIATE on a
 * synchronous store: two submissions can never interleave), moves statuses only through the
 * transition table, records the history with IP and user agent, writes webhook events to the
 * outbox and queues emails in that same transaction. The document reaches "fields complete"
 * exactly once; whoever moves it there gets `finalPdfDue` and the caller runs the final-PDF job.
 */
import type { Store } from '../../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import type { AuditActor } from '../../store/documents-history.ts';
import {
  DOCUMENT_STATUS,
  RECIPIENT_STATUS,
  assertDocumentOpenForRecipients,
  canRecipient,
  documentTransition,
  recipientTransition,
} from '../../domain/statuses.ts';
import type { RecipientStatus } from '../../domain/statuses.ts';
import { conflict, invalidInput, unprocessable } from '../../domain/errors.ts';
import type { FieldElement } from '../../../../src/fields/types.ts';
import { assertCanAct, assertCanSave } from './turn.ts';
import { attachmentValueProblem, isAttachmentField } from './attachments.ts';
import { asConflict } from '../documents/remove.ts';
import { emitEvent } from '../../webhooks/emit.ts';
import { queueInvitation, queueCompletedNotices, queueRejectedNotices } from '../../email/messages.ts';
import {
  queueReviewRequests,
  queueReviewerCompletedNotices,
  queueReviewerFinishedNotices,
  queueReviewerRejectedNotices,
} from '../../email/reviewer-messages.ts';
import { planFinish, planReject } from './flow.ts';
import type { RecipientMove } from './flow.ts';
import { completionProblems, signatureCodeProblems, filledFields, isImageField, readValues, type PatternVerdicts } from './submission.ts';
import { codeKind } from '../../../../src/fields/index.ts';

export interface CeremonyContext {
  store: Store;
  dataDir: string;
  baseUrl: string;
}

export const MAX_REASON_LENGTH = 1000;

function current(store: Store, recipientId: string): { doc: DocumentRecord; me: RecipientRecord; all: RecipientRecord[] } {
  const { documents } = store;
  const me = documents.recipient(recipientId)!;
  const doc = documents.get(me.documentId)!;
  return { doc, me, all: documents.recipients(doc.id) };
}

function ownFields(store: Store, doc: DocumentRecord, me: RecipientRecord) {
  const all = store.documents.fields(doc.id);
  return { all, own: all.filter((f) => f.signer === me.signerNumber) };
}

/** Attachment fields take only the name of the file uploaded for them. */
function attachmentCheck(store: Store, doc: DocumentRecord) {
  return (f: FieldElement, value: string) => (isAttachmentField(f) ? attachmentValueProblem(store, doc, f, value) : null);
}

function applyMoves(ctx: CeremonyContext, doc: DocumentRecord, moves: readonly RecipientMove[], actor: AuditActor): void {
  const { documents, history } = ctx.store;
  for (const m of moves) {
    documents.setRecipientStatus(m.recipientId, m.to);
    history.record(
      doc.id,
      `recipient_${m.event}`,
      m.event === 'send' || m.event === 'withdraw' || m.event === 'witness_released' ? { ...actor, type: 'system', id: '', label: 'esign-elements' } : actor,
      { from: m.from, to: m.to },
      m.recipientId,
    );
  }
}

/** Marks the recipient visited (status 20 the first time) and emits `recipient.visiting`. */
export function visit(ctx: CeremonyContext, recipientId: string, actor: AuditActor): RecipientStatus {
  const { store } = ctx;
  return store.transaction(() => {
    const { doc, me } = current(store, recipientId);
    let to: RecipientStatus;
    try {
      assertDocumentOpenForRecipients(doc.status, 'visit');
      if (me.status === RECIPIENT_STATUS.unsent || me.status === RECIPIENT_STATUS.scheduled) {
        throw conflict('It is not your turn yet: you will be invited when the recipients before you have finished.', 'not_your_turn');
      }
      if (!canRecipient(me.status, 'visit')) return me.status; // finished or rejected: reading is fine, nothing to record
      to = recipientTransition(me.status, 'visit');
    } catch (error) {
      asConflict(error);
    }
    if (to !== me.status) store.documents.setRecipientStatus(me.id, to);
    store.history.record(doc.id, 'recipient_visited', actor, { status: to }, me.id);
    emitEvent(store, { object: 'recipient', event: 'visiting', documentId: doc.id, recipientId: me.id });
    return to;
  });
}

/** Saves values without completing; moves to 30/35 when every field (or all but signatures) is filled. */
export function saveProgress(ctx: CeremonyContext, recipientId: string, body: unknown, actor: AuditActor, patterns?: PatternVerdicts) {
  const { store } = ctx;
  return store.transaction(() => {
    const { doc, me } = current(store, recipientId);
    assertCanSave(doc, me);
    const { all, own } = ownFields(store, doc, me);
    const { values, problems } = readValues((body as { values?: unknown } | undefined)?.values, own, all, attachmentCheck(store, doc));
    if (problems.length) throw unprocessable(`Nothing was saved: ${problems[0].message.replace(/\.$/, '')}.`, problems);
    const { documents, history } = store;
    documents.saveFieldValues(doc.id, values);
    const filled = filledFields(own, values, new Date());
    const remaining = completionProblems(filled, patterns);
    let status = me.status;
    const onlySignatures =
      remaining.length > 0 &&
      remaining.every((p) => {
        const f = filled.find((e) => `values.${e.uuid}` === p.field);
        return f !== undefined && isImageField(f) && codeKind(f.validation) !== 'drawn';
      });
    const event = remaining.length === 0 ? 'fields_complete' : onlySignatures ? 'fields_complete_excluding_signature' : null;
    if (event && canRecipient(status, event)) {
      status = recipientTransition(status, event);
      if (status !== me.status) documents.setRecipientStatus(me.id, status);
    }
    history.record(doc.id, 'recipient_saved', actor, { fields: values.size, status }, me.id);
    return { saved: values.size, status, problems: remaining };
  });
}

export interface CompleteResult {
  status: RecipientStatus;
  documentStatus: number;
  invited: string[];
  finalPdfDue: boolean;
}

/** Completes the recipient with `values` (all its required fields), then moves the flow on. */
export function complete(
  ctx: CeremonyContext,
  recipientId: string,
  body: unknown,
  actor: AuditActor,
  now = new Date(),
  patterns?: PatternVerdicts,
): CompleteResult {
  const { store } = ctx;
  return store.transaction(() => {
    const { doc, me, all: recipients } = current(store, recipientId);
    assertCanAct(doc, me, 'complete');
    let plan;
    try {
      plan = planFinish(recipients, me.id, doc.signersInOrder);
    } catch (error) {
      asConflict(error);
    }
    const { all, own } = ownFields(store, doc, me);
    const { values, problems } = readValues((body as { values?: unknown } | undefined)?.values, own, all, attachmentCheck(store, doc));
    if (problems.length) throw unprocessable(`The submission was refused: ${problems[0].message.replace(/\.$/, '')}.`, problems);
    const filled = filledFields(own, values, now);
    const missing = [...completionProblems(filled, patterns), ...signatureCodeProblems(filled, (body as { codes?: unknown } | undefined)?.codes)];
    if (missing.length) throw unprocessable(`Not complete: ${missing[0].message}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}`, missing);

    const { documents, history } = store;
    documents.saveFieldValues(doc.id, new Map(filled.map((f) => [f.uuid!, f.value])));
    applyMoves(ctx, doc, plan.moves, actor);
    history.record(
      doc.id,
      me.role === 'approver' ? 'recipient_approved' : me.role === 'witness' ? 'recipient_witnessed' : 'recipient_signed',
      actor,
      { fields: filled.length, signed_at: now.toISOString() },
      me.id,
    );
    for (const m of plan.moves) {
      if (m.to === RECIPIENT_STATUS.completed) emitEvent(store, { object: 'recipient', event: 'completed', documentId: doc.id, recipientId: m.recipientId });
    }
    if (doc.doEmail) {
      for (const id of plan.invite) {
        const invited = documents.recipient(id)!;
        queueInvitation(store, ctx.dataDir, ctx.baseUrl, doc, invited);
        history.record(doc.id, 'invitation_queued', { ...actor, type: 'system', id: '', label: 'esign-elements' }, {}, id);
        queueReviewRequests(ctx, doc, invited);
      }
    }
    let documentStatus: number = doc.status;
    const finalPdfDue = plan.documentDone && doc.status === DOCUMENT_STATUS.available;
    if (doc.doEmail && !finalPdfDue) {
      // Reviewers hear that their recipient finished (when the document completes, its notice says it all).
      for (const m of plan.moves) if (m.to === RECIPIENT_STATUS.completed) queueReviewerFinishedNotices(ctx, doc, documents.recipient(m.recipientId)!);
    }
    if (finalPdfDue) {
      documentStatus = documentTransition(doc.status, 'fields_complete');
      documents.setStatus(doc.id, documentStatus as 20);
      history.record(doc.id, 'document_fields_complete', { ...actor, type: 'system', id: '', label: 'esign-elements' }, {});
      if (doc.doEmail) {
        queueCompletedNotices(store, doc, documents.recipients(doc.id), ctx);
        queueReviewerCompletedNotices(ctx, doc, documents.recipients(doc.id));
      }
    }
    return { status: plan.moves[0].to, documentStatus, invited: plan.invite, finalPdfDue };
  });
}

/** Rejects with a reason: the recipient moves to 60, the document to 50, everyone pending is withdrawn. */
export function reject(ctx: CeremonyContext, recipientId: string, body: unknown, actor: AuditActor): { status: RecipientStatus; documentStatus: number } {
  const raw = (body as { reason?: unknown } | undefined)?.reason;
  if (typeof raw !== 'string' || raw.trim() === '')
    throw invalidInput('Give a reason for rejecting (body: { "reason": "…" }).', [{ field: 'reason', message: 'is required' }], 'reason_required');
  const reason = raw.trim();
  if (reason.length > MAX_REASON_LENGTH)
    throw invalidInput(`The reason is too long: at most ${MAX_REASON_LENGTH} characters.`, [
      { field: 'reason', message: `at most ${MAX_REASON_LENGTH} characters` },
    ]);
  const { store } = ctx;
  return store.transaction(() => {
    const { doc, me, all } = current(store, recipientId);
    assertCanAct(doc, me, 'reject');
    let moves: RecipientMove[];
    let documentStatus;
    try {
      moves = planReject(all, me.id);
      documentStatus = documentTransition(doc.status, 'reject');
    } catch (error) {
      asConflict(error);
    }
    const { documents, history } = store;
    applyMoves(ctx, doc, moves.slice(1), actor);
    documents.setRecipientStatus(me.id, moves[0].to, reason);
    documents.setStatus(doc.id, documentStatus);
    history.record(doc.id, 'recipient_rejected', actor, { reason }, me.id);
    history.record(doc.id, 'document_rejected', actor, { by: me.id });
    emitEvent(store, { object: 'recipient', event: 'rejected', documentId: doc.id, recipientId: me.id });
    emitEvent(store, { object: 'document', event: 'rejected', documentId: doc.id });
    if (doc.doEmail) {
      queueRejectedNotices(store, doc, all, me);
      queueReviewerRejectedNotices(ctx, doc, all, me);
    }
    return { status: moves[0].to, documentStatus };
  });
}
