/**
 * The signing order as pure decisions over a document's recipients: who may act now, what a
 * recipient's finishing moves (its own status, its witnessed signer, the next recipients to invite,
 * the document), and what a rejection withdraws. Every status comes from the one transition table
 * in domain/statuses.ts; this file only decides which event applies to whom.
 */
import { RECIPIENT_STATUS, canRecipient, recipientTransition } from '../../domain/statuses.ts';
import type { RecipientEvent, RecipientStatus } from '../../domain/statuses.ts';
import type { RecipientRecord } from '../../store/documents.ts';

const R = RECIPIENT_STATUS;

type FlowRecipient = Pick<RecipientRecord, 'id' | 'position' | 'role' | 'signerNumber' | 'witnessOf' | 'status'>;

/** One status change to apply: `event` moves `recipientId` from `from` to `to`. */
export interface RecipientMove {
  recipientId: string;
  event: RecipientEvent;
  from: RecipientStatus;
  to: RecipientStatus;
}

export interface FinishPlan {
  moves: RecipientMove[];
  /** Recipients to invite now (their `send` move is in `moves`). */
  invite: string[];
  /** Every recipient is done: the document moves to fields complete and the final PDF is made. */
  documentDone: boolean;
}

const DONE: readonly number[] = [R.completed, R.downloadedFinal];

function move(r: FlowRecipient, event: RecipientEvent): RecipientMove {
  return { recipientId: r.id, event, from: r.status, to: recipientTransition(r.status, event) };
}

/** The witness recipient of a signer, if the document has one. */
function witnessOf(all: readonly FlowRecipient[], signer: FlowRecipient): FlowRecipient | undefined {
  return signer.role === 'signer' ? all.find((r) => r.role === 'witness' && r.witnessOf === signer.signerNumber) : undefined;
}

/**
 * Recipients that should be invited now, given the statuses in `all`: a witness once its signer
 * waits at 39; otherwise, in order, the first unsent non-witness when everyone before it is done
 * (or every unsent non-witness when the document is not signed in order).
 */
export function dueInvitations(all: readonly FlowRecipient[], inOrder: boolean): FlowRecipient[] {
  const sorted = [...all].sort((a, b) => a.position - b.position);
  const due: FlowRecipient[] = [];
  for (const r of sorted) {
    if (r.status !== R.unsent) continue;
    if (r.role === 'witness') {
      const signer = sorted.find((s) => s.role === 'signer' && s.signerNumber === r.witnessOf);
      if (signer?.status === R.witnessingRequired) due.push(r);
      continue;
    }
    if (!inOrder) {
      due.push(r);
      continue;
    }
    const before = sorted.filter((s) => s.position < r.position);
    if (before.every((s) => DONE.includes(s.status))) due.push(r);
    break; // in order: nobody after the first unsent non-witness is due
  }
  return due;
}

/**
 * What happens when `actorId` finishes (signs, witnesses or approves). Throws TransitionError when
 * the recipient cannot finish from its status (not invited yet, already finished, rejected).
 */
export function planFinish(all: readonly FlowRecipient[], actorId: string, inOrder: boolean): FinishPlan {
  const actor = all.find((r) => r.id === actorId);
  if (!actor) throw new Error(`recipient ${actorId} is not on this document`);
  const moves: RecipientMove[] = [];
  const status = new Map(all.map((r) => [r.id, r.status]));
  const apply = (m: RecipientMove): void => {
    moves.push(m);
    status.set(m.recipientId, m.to);
  };

  if (actor.role === 'approver') apply(move(actor, 'approve'));
  else if (actor.role === 'signer' && witnessOf(all, actor)) apply(move(actor, 'witness_required'));
  else apply(move(actor, 'complete'));

  if (actor.role === 'witness') {
    const signer = all.find((r) => r.role === 'signer' && r.signerNumber === actor.witnessOf);
    if (signer && signer.status === R.witnessingRequired) apply(move(signer, 'witness_released'));
  }

  const now = all.map((r) => ({ ...r, status: status.get(r.id)! }));
  const invite = dueInvitations(now, inOrder);
  for (const r of invite) apply(move(r, 'send'));
  const documentDone = now.every((r) => DONE.includes(r.status));
  return { moves, invite: invite.map((r) => r.id), documentDone };
}

/** On a rejection: the rejecting recipient moves to 60, everyone who still had work is withdrawn. */
export function planReject(all: readonly FlowRecipient[], actorId: string): RecipientMove[] {
  const actor = all.find((r) => r.id === actorId);
  if (!actor) throw new Error(`recipient ${actorId} is not on this document`);
  const moves = [move(actor, 'reject')];
  for (const r of all) if (r.id !== actorId && canRecipient(r.status, 'withdraw')) moves.push(move(r, 'withdraw'));
  return moves;
}
