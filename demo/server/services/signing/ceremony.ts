/**
 * The signer operations: visit, save progress, complete (sign / witness / approve) and reject.
 * Each re-reads the document and recipients inside one transaction (BEGIN IMMEDIATE on a
 * synchronous store: two submissions can never interleave), moves statuses only through the
 * transition table, records the history with IP and user agent, writes webhook events to the
 * outbox and queues emails in that same transaction. The document reaches "fields complete"
 * exactly once; whoever moves it there gets `finalPdfDue` and the caller runs the final-PDF job.
 */
import type { JobRecord } from '../../store/jobs.ts';
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
import type { FieldElement } from 'esign-elements/fields';
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
import { codeKind } from 'esign-elements/fields';
import { crashPoint } from '../../domain/crash-points.ts';

export interface CeremonyContext {
  store: Store;
  dataDir: string;
  baseUrl: string;
  /** Creates and claims the final-PDF job in the completing transaction (JobRunner.reserve); without it the caller creates the job after. */
  reserveFinalPdf?: (documentId: string) => Promise<JobRecord | undefined>;
}

export const MAX_REASON_LENGTH = 1000;

async function current(store: Store, recipientId: string): Promise<{ doc: DocumentRecord; me: RecipientRecord; all: RecipientRecord[] }> {
  const { documents } = store;
  const me = (await documents.recipient(recipientId))!;
  const doc = (await documents.get(me.documentId))!;
  return { doc, me, all: await documents.recipients(doc.id) };
}

async function ownFields(store: Store, doc: DocumentRecord, me: RecipientRecord) {
  const all = await store.documents.fields(doc.id);
  return { all, own: all.filter((f) => f.signer === me.signerNumber) };
}

/** Attachment fields take only the name of the file uploaded for them. */
/**
 * The attachment check readValues runs, answered from what was looked up beforehand (readValues is
 * synchronous; the lookup reads the store). A value not looked up is refused, never waved through.
 */
async function attachmentCheck(store: Store, doc: DocumentRecord, own: readonly FieldElement[], input: unknown) {
  const checked = new Map<string, string | null>();
  const given = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  for (const f of own) {
    const value = Object.hasOwn(given, f.uuid!) ? given[f.uuid!] : undefined;
    if (isAttachmentField(f) && typeof value === 'string') checked.set(`${f.uuid}\n${value.trim()}`, await attachmentValueProblem(store, doc, f, value.trim()));
  }
  return (f: FieldElement, value: string) => {
    if (!isAttachmentField(f)) return null;
    const problem = checked.get(`${f.uuid}\n${value}`);
    return problem === undefined ? 'the attachment could not be checked' : problem;
  };
}

async function applyMoves(ctx: CeremonyContext, doc: DocumentRecord, moves: readonly RecipientMove[], actor: AuditActor): Promise<void> {
  const { documents, history } = ctx.store;
  for (const m of moves) {
    await documents.setRecipientStatus(m.recipientId, m.to);
    await history.record(
      doc.id,
      `recipient_${m.event}`,
      m.event === 'send' || m.event === 'withdraw' || m.event === 'witness_released' ? { ...actor, type: 'system', id: '', label: 'esign-elements' } : actor,
      { from: m.from, to: m.to },
      m.recipientId,
    );
  }
}

/** Marks the recipient visited (status 20 the first time) and emits `recipient.visiting`. */
export async function visit(ctx: CeremonyContext, recipientId: string, actor: AuditActor): Promise<RecipientStatus> {
  const { store } = ctx;
  return await store.transaction(async () => {
    const { doc, me } = await current(store, recipientId);
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
    if (to !== me.status) await store.documents.setRecipientStatus(me.id, to);
    await store.history.record(doc.id, 'recipient_visited', actor, { status: to }, me.id);
    await emitEvent(store, { object: 'recipient', event: 'visiting', documentId: doc.id, recipientId: me.id });
    return to;
  });
}

/** Saves values without completing; moves to 30/35 when every field (or all but signatures) is filled. */
export async function saveProgress(ctx: CeremonyContext, recipientId: string, body: unknown, actor: AuditActor, patterns?: PatternVerdicts) {
  const { store } = ctx;
  return await store.transaction(async () => {
    const { doc, me } = await current(store, recipientId);
    assertCanSave(doc, me);
    const { all, own } = await ownFields(store, doc, me);
    const input = (body as { values?: unknown } | undefined)?.values;
    const { values, problems } = readValues(input, own, all, await attachmentCheck(store, doc, own, input));
    if (problems.length) throw unprocessable(`Nothing was saved: ${problems[0].message.replace(/\.$/, '')}.`, problems);
    const { documents, history } = store;
    await documents.saveFieldValues(doc.id, values);
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
      if (status !== me.status) await documents.setRecipientStatus(me.id, status);
    }
    await history.record(doc.id, 'recipient_saved', actor, { fields: values.size, status }, me.id);
    return { saved: values.size, status, problems: remaining };
  });
}

export interface CompleteResult {
  status: RecipientStatus;
  documentStatus: number;
  invited: string[];
  finalPdfDue: boolean;
  /** The final-PDF job the completing transaction claimed for this process (reserveFinalPdf): run it now. */
  finalPdfJob?: JobRecord;
}

/** Completes the recipient with `values` (all its required fields), then moves the flow on. */
export async function complete(
  ctx: CeremonyContext,
  recipientId: string,
  body: unknown,
  actor: AuditActor,
  now = new Date(),
  patterns?: PatternVerdicts,
): Promise<CompleteResult> {
  const { store } = ctx;
  const result = await store.transaction(async () => {
    const { doc, me, all: recipients } = await current(store, recipientId);
    assertCanAct(doc, me, 'complete');
    let plan;
    try {
      plan = planFinish(recipients, me.id, doc.signersInOrder);
    } catch (error) {
      asConflict(error);
    }
    const { all, own } = await ownFields(store, doc, me);
    const input = (body as { values?: unknown } | undefined)?.values;
    const { values, problems } = readValues(input, own, all, await attachmentCheck(store, doc, own, input));
    if (problems.length) throw unprocessable(`The submission was refused: ${problems[0].message.replace(/\.$/, '')}.`, problems);
    const filled = filledFields(own, values, now);
    const missing = [...completionProblems(filled, patterns), ...signatureCodeProblems(filled, (body as { codes?: unknown } | undefined)?.codes)];
    if (missing.length) throw unprocessable(`Not complete: ${missing[0].message}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}`, missing);

    const { documents, history } = store;
    await documents.saveFieldValues(doc.id, new Map(filled.map((f) => [f.uuid!, f.value])));
    await applyMoves(ctx, doc, plan.moves, actor);
    await history.record(
      doc.id,
      me.role === 'approver' ? 'recipient_approved' : me.role === 'witness' ? 'recipient_witnessed' : 'recipient_signed',
      actor,
      { fields: filled.length, signed_at: now.toISOString() },
      me.id,
    );
    for (const m of plan.moves) {
      if (m.to === RECIPIENT_STATUS.completed)
        await emitEvent(store, { object: 'recipient', event: 'completed', documentId: doc.id, recipientId: m.recipientId });
    }
    if (doc.doEmail) {
      for (const id of plan.invite) {
        const invited = (await documents.recipient(id))!;
        await queueInvitation(store, ctx.dataDir, ctx.baseUrl, doc, invited);
        await history.record(doc.id, 'invitation_queued', { ...actor, type: 'system', id: '', label: 'esign-elements' }, {}, id);
        await queueReviewRequests(ctx, doc, invited);
      }
    }
    let documentStatus: number = doc.status;
    let finalPdfJob: JobRecord | undefined;
    const finalPdfDue = plan.documentDone && doc.status === DOCUMENT_STATUS.available;
    if (doc.doEmail && !finalPdfDue) {
      // Reviewers hear that their recipient finished (when the document completes, its notice says it all).
      for (const m of plan.moves)
        if (m.to === RECIPIENT_STATUS.completed) await queueReviewerFinishedNotices(ctx, doc, (await documents.recipient(m.recipientId))!);
    }
    if (finalPdfDue) {
      documentStatus = documentTransition(doc.status, 'fields_complete');
      await documents.setStatus(doc.id, documentStatus as 20);
      await history.record(doc.id, 'document_fields_complete', { ...actor, type: 'system', id: '', label: 'esign-elements' }, {});
      finalPdfJob = await ctx.reserveFinalPdf?.(doc.id);
      if (doc.doEmail) {
        await queueCompletedNotices(store, doc, await documents.recipients(doc.id), ctx);
        await queueReviewerCompletedNotices(ctx, doc, await documents.recipients(doc.id));
      }
    }
    return { status: plan.moves[0].to, documentStatus, invited: plan.invite, finalPdfDue, finalPdfJob };
  });
  if (result.finalPdfDue) crashPoint('completion:committed');
  return result;
}

/** Rejects with a reason: the recipient moves to 60, the document to 50, everyone pending is withdrawn. */
export async function reject(
  ctx: CeremonyContext,
  recipientId: string,
  body: unknown,
  actor: AuditActor,
): Promise<{ status: RecipientStatus; documentStatus: number }> {
  const raw = (body as { reason?: unknown } | undefined)?.reason;
  if (typeof raw !== 'string' || raw.trim() === '')
    throw invalidInput('Give a reason for rejecting (body: { "reason": "…" }).', [{ field: 'reason', message: 'is required' }], 'reason_required');
  const reason = raw.trim();
  if (reason.length > MAX_REASON_LENGTH)
    throw invalidInput(`The reason is too long: at most ${MAX_REASON_LENGTH} characters.`, [
      { field: 'reason', message: `at most ${MAX_REASON_LENGTH} characters` },
    ]);
  const { store } = ctx;
  return await store.transaction(async () => {
    const { doc, me, all } = await current(store, recipientId);
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
    await applyMoves(ctx, doc, moves.slice(1), actor);
    await documents.setRecipientStatus(me.id, moves[0].to, reason);
    await documents.setStatus(doc.id, documentStatus);
    await history.record(doc.id, 'recipient_rejected', actor, { reason }, me.id);
    await history.record(doc.id, 'document_rejected', actor, { by: me.id });
    await emitEvent(store, { object: 'recipient', event: 'rejected', documentId: doc.id, recipientId: me.id });
    await emitEvent(store, { object: 'document', event: 'rejected', documentId: doc.id });
    if (doc.doEmail) {
      await queueRejectedNotices(store, doc, all, me);
      await queueReviewerRejectedNotices(ctx, doc, all, me);
    }
    return { status: moves[0].to, documentStatus };
  });
}
