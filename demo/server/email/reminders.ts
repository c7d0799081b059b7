/**
 * Automatic reminders: a recipient who was invited by email and has not finished gets a reminder
 * email at each step of a configurable schedule, counted from its invitation (e.g. 3 days, 7 days,
 * 14 days; `ESIGN_REMINDER_SCHEDULE=3d,7d,14d`; empty: no automatic reminders). Reminders are
 * queued in the email outbox with kind `reminder`; when the transport hands one over, the
 * recipient's `autoReminderEmail` webhook is emitted (webhooks/emit.ts, emitEmailSentEvent).
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/index.ts';
import type { ReminderCandidate } from '../store/documents-history.ts';
import { DOCUMENT_STATUS, RECIPIENT_STATUS } from '../domain/statuses.ts';
import { reminderEmail } from './messages.ts';

/** Statuses of a recipient who was invited and still has to act. */
const WAITING: readonly number[] = [
  RECIPIENT_STATUS.sent,
  RECIPIENT_STATUS.emailOpened,
  RECIPIENT_STATUS.visited,
  RECIPIENT_STATUS.fieldsComplete,
  RECIPIENT_STATUS.fieldsCompleteExcludingSignature,
];

/**
 * Queues the reminders that are due at `now`; returns how many. Each recipient's reminder is
 * decided in its own transaction that locks the recipient (SKIP LOCKED on PostgreSQL: a process
 * deciding it already is passed over) and re-counts the reminders, so two processes never send the
 * same step twice.
 */
export async function queueDueReminders(
  store: Store,
  context: { dataDir: string; baseUrl: string },
  scheduleMs: readonly number[],
  now = Date.now(),
): Promise<number> {
  if (scheduleMs.length === 0) return 0;
  const candidates = await store.history.reminderCandidates(DOCUMENT_STATUS.available, WAITING);
  let queued = 0;
  for (const c of candidates) {
    if (!c.invited || c.reminders >= scheduleMs.length) continue;
    if (Date.parse(c.invited) + scheduleMs[c.reminders] > now) continue;
    if (await queueReminder(store, context, { ...c, invited: c.invited }, scheduleMs, now)) queued++;
  }
  return queued;
}

async function queueReminder(
  store: Store,
  context: { dataDir: string; baseUrl: string },
  c: ReminderCandidate & { invited: string },
  scheduleMs: readonly number[],
  now: number,
): Promise<boolean> {
  const { documents, history } = store;
  return await store.transaction(async () => {
    if (!(await history.lockForReminder(c.recipient_id))) return false;
    const count = await history.reminderCount(c.recipient_id);
    if (count !== c.reminders || Date.parse(c.invited) + scheduleMs[count] > now) return false;
    const doc = await documents.get(c.document_id);
    const r = await documents.recipient(c.recipient_id);
    if (!doc || !r || doc.status !== DOCUMENT_STATUS.available || !WAITING.includes(r.status)) return false;
    const { subject, text, html } = await reminderEmail(store, context.dataDir, context.baseUrl, doc, r);
    await history.queueEmail({ documentId: doc.id, recipientId: r.id, kind: 'reminder', to: r.email, cc: [], subject, text, html });
    await history.record(doc.id, 'reminder_queued', { type: 'system', id: '', label: 'esign-elements', ip: '', userAgent: '' }, { step: count + 1 }, r.id);
    return true;
  });
}

/**
 * Checks for due reminders every `intervalMs` while the app runs; returns a stop function. `deliver` starts
 * sending what was queued (the signing service's delivery, passed in: email/ does not call up into services/).
 */
export function startReminders(app: FastifyInstance, scheduleMs: readonly number[], intervalMs: number, deliver: () => void): () => void {
  if (scheduleMs.length === 0) return () => {};
  const check = async () => {
    try {
      // Read the base URL each time: the CLI only knows it after listening (port 0).
      const context = { dataDir: app.config.dataDir, baseUrl: app.config.baseUrl };
      if ((await queueDueReminders(app.store, context, scheduleMs)) > 0) deliver();
    } catch (error) {
      app.log.error({ err: error }, 'automatic reminders failed; retried at the next check');
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
