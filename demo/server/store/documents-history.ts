/**
 * A document's history (audit events: who did what, when, from which IP and user agent) and the
 * email outbox. Emails are queued here in the same transaction as the change that causes them;
 * a sender (SMTP when configured, otherwise the local outbox the demo shows) delivers them.
 */
import crypto from 'node:crypto';
import { skipLocked, type SqlDb } from './sql.ts';
import { nowIso } from './db.ts';
import { insertRows } from './multi-row.ts';
import { chainedDocumentIds, chainHead, eventHash, verifyChain } from './audit-chain.ts';
import type { ChainCheck } from './audit-chain.ts';

/** `reviewer`: someone a recipient or the document names as a reviewer (reads, never signs). */
export type ActorType = 'user' | 'recipient' | 'system' | 'reviewer';

export interface AuditActor {
  type: ActorType;
  id: string;
  /** A readable name: the user's or recipient's name and email. */
  label: string;
  ip: string;
  userAgent: string;
}

export interface AuditEvent {
  id: number;
  documentId: string;
  recipientId: string | null;
  event: string;
  actor: AuditActor;
  details: Record<string, unknown>;
  created: string;
  /** This event's link in the document's audit hash chain (null for rows not chained yet). */
  hash: string | null;
}

export interface QueuedEmail {
  id: string;
  documentId: string | null;
  recipientId: string | null;
  /** e.g. `document_removed`, `invitation`, `completed`. */
  kind: string;
  to: string;
  cc: string[];
  subject: string;
  text: string;
  html: string;
  created: string;
  sentAt: string | null;
  attempts: number;
  lastError: string;
}

type Row = Record<string, string | number | null>;

/** One event to append: what happened, who did it, and about which recipient (if any). */
export interface NewAuditEvent {
  event: string;
  actor: AuditActor;
  details?: Record<string, unknown>;
  recipientId?: string | null;
}

/** The chained content's columns, then the chain's two. */
const EVENT_COLUMNS = [
  'document_id',
  'recipient_id',
  'event',
  'actor_type',
  'actor_id',
  'actor_label',
  'ip',
  'user_agent',
  'details_json',
  'created',
  'prev_hash',
  'hash',
];

/** An outbox row as the delivery reads it. */
function emailOf(r: Row): QueuedEmail {
  return {
    id: String(r.id),
    documentId: r.document_id === null ? null : String(r.document_id),
    recipientId: r.recipient_id === null ? null : String(r.recipient_id),
    kind: String(r.kind),
    to: String(r.to_address),
    cc: JSON.parse(String(r.cc_json)) as string[],
    subject: String(r.subject),
    text: String(r.text_body),
    html: String(r.html_body),
    created: String(r.created),
    sentAt: r.sent_at === null ? null : String(r.sent_at),
    attempts: Number(r.attempts),
    lastError: String(r.last_error),
  };
}

export class SqliteDocumentHistory {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  /** Appends an event to the document's hash chain (audit-chain.ts). */
  async record(documentId: string, event: string, actor: AuditActor, details: Record<string, unknown> = {}, recipientId: string | null = null): Promise<void> {
    await this.recordMany(documentId, [{ event, actor, details, recipientId }]);
  }

  /**
   * Appends events to the document's hash chain in this order, with one read of the chain's head and
   * one INSERT. On SQLite nothing can come between the read and the insert (one writer); on PostgreSQL a
   * serializable transaction (store.transaction's default) makes a concurrent append to the same chain retry.
   */
  async recordMany(documentId: string, entries: readonly NewAuditEvent[]): Promise<void> {
    if (entries.length === 0) return;
    await this.append(documentId, await chainHead(this.db, documentId), entries);
  }

  /**
   * A new document's first events, in one INSERT: the caller inserted the document in this transaction,
   * so no other event can be in its chain yet, and the chain's (empty) head is not read.
   */
  async startChain(documentId: string, entries: readonly NewAuditEvent[]): Promise<void> {
    await this.append(documentId, '', entries);
  }

  private async append(documentId: string, head: string, entries: readonly NewAuditEvent[]): Promise<void> {
    let prev = head;
    const rows = entries.map(({ event, actor, details = {}, recipientId = null }) => {
      const content = {
        document_id: documentId,
        recipient_id: recipientId,
        event,
        actor_type: actor.type,
        actor_id: actor.id,
        actor_label: actor.label,
        ip: actor.ip.slice(0, 100),
        user_agent: actor.userAgent.slice(0, 500),
        details_json: JSON.stringify(details),
        created: nowIso(),
      };
      const hash = eventHash(prev, content);
      const row = [...EVENT_COLUMNS.slice(0, -2).map((column) => content[column as keyof typeof content]), prev, hash];
      prev = hash;
      return row;
    });
    await insertRows(this.db, 'document_events', EVENT_COLUMNS, rows);
  }

  async events(documentId: string): Promise<AuditEvent[]> {
    const rows = (await this.db.all('SELECT * FROM document_events WHERE document_id = ? ORDER BY id', [documentId])) as Row[];
    return rows.map((r) => ({
      id: Number(r.id),
      documentId: String(r.document_id),
      recipientId: r.recipient_id === null ? null : String(r.recipient_id),
      event: String(r.event),
      actor: {
        type: String(r.actor_type) as ActorType,
        id: String(r.actor_id),
        label: String(r.actor_label),
        ip: String(r.ip),
        userAgent: String(r.user_agent),
      },
      details: JSON.parse(String(r.details_json)) as Record<string, unknown>,
      created: String(r.created),
      hash: r.hash === null || r.hash === undefined ? null : String(r.hash),
    }));
  }

  async queueEmail(email: Omit<QueuedEmail, 'id' | 'created' | 'sentAt' | 'attempts' | 'lastError'>): Promise<string> {
    const id = crypto.randomUUID();
    await this.db.run(
      `INSERT INTO email_outbox (id, document_id, recipient_id, kind, to_address, cc_json, subject, text_body, html_body, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, email.documentId, email.recipientId, email.kind, email.to, JSON.stringify(email.cc), email.subject, email.text, email.html, nowIso()],
    );
    return id;
  }

  async emails(filter: { documentId?: string; unsentOnly?: boolean } = {}): Promise<QueuedEmail[]> {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.documentId !== undefined) {
      where.push('document_id = ?');
      params.push(filter.documentId);
    }
    if (filter.unsentOnly) where.push('sent_at IS NULL');
    const sql = `SELECT * FROM email_outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created, rowid`;
    return ((await this.db.all(sql, params)) as Row[]).map(emailOf);
  }

  /**
   * Leases up to `limit` unsent emails with attempts left to `owner`, oldest first, so that one
   * process sends each: rows another process is claiming are skipped (PostgreSQL), and a lease that
   * is not given back (the process died mid-send) lapses after `leaseMs`, when the email is sent again.
   */
  async claimEmails(owner: string, leaseMs: number, limit: number, maxAttempts: number, now = Date.now()): Promise<QueuedEmail[]> {
    const claimable = 'sent_at IS NULL AND attempts < ? AND (lease_expires_at IS NULL OR lease_expires_at <= ?)';
    const rows = (await this.db.all(
      `UPDATE email_outbox SET lease_owner = ?, lease_expires_at = ?
       WHERE ${claimable} AND id IN (SELECT id FROM email_outbox WHERE ${claimable} ORDER BY created, rowid LIMIT ?${skipLocked(this.db)})
       RETURNING *`,
      [owner, now + leaseMs, maxAttempts, now, maxAttempts, now, limit],
    )) as Row[];
    return rows.map(emailOf).sort((a, b) => a.created.localeCompare(b.created));
  }

  /** Marks a leased email sent; false when the lease was lost (another process took the email over). */
  async markEmailSent(id: string, owner: string): Promise<boolean> {
    const result = await this.db.run(
      'UPDATE email_outbox SET sent_at = ?, attempts = attempts + 1, lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ?',
      [nowIso(), id, owner],
    );
    return Number(result.changes) === 1;
  }

  /** Gives a leased email back untried (it goes to the next pass, here or in another process). */
  async releaseEmail(id: string, owner: string): Promise<void> {
    await this.db.run('UPDATE email_outbox SET lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ?', [id, owner]);
  }

  /** Counts a failed attempt at a leased email and gives the lease back (the next pass tries again). */
  async markEmailFailed(id: string, owner: string, error: string): Promise<boolean> {
    const result = await this.db.run(
      'UPDATE email_outbox SET attempts = attempts + 1, last_error = ?, lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ?',
      [error.slice(0, 1000), id, owner],
    );
    return Number(result.changes) === 1;
  }

  /**
   * Recipients who may be due an automatic reminder: the document is in `documentStatus` and sends
   * email, the recipient is in one of `recipientStatuses`; with the time of its first invitation
   * (null if never invited) and how many reminders it has had.
   */
  async reminderCandidates(documentStatus: number, recipientStatuses: readonly number[]): Promise<ReminderCandidate[]> {
    const placeholders = recipientStatuses.map(() => '?').join(', ');
    return (await this.db.all(
      `SELECT r.id AS recipient_id, r.document_id,
                (SELECT MIN(created) FROM email_outbox e WHERE e.recipient_id = r.id AND e.kind = 'invitation') AS invited,
                (SELECT COUNT(*) FROM email_outbox e WHERE e.recipient_id = r.id AND e.kind = 'reminder') AS reminders
         FROM document_recipients r JOIN documents d ON d.id = r.document_id
         WHERE d.do_email = 1 AND d.status = ? AND r.status IN (${placeholders})`,
      [documentStatus, ...recipientStatuses],
    )) as unknown as ReminderCandidate[];
  }

  /** The hash of the document's newest event ('' when none); chains rows older than the chain first. */
  async chainHead(documentId: string): Promise<string> {
    return await chainHead(this.db, documentId);
  }

  /** Checks one document's hash chain; reports the first broken link. */
  async verifyChain(documentId: string): Promise<ChainCheck> {
    return await verifyChain(this.db, documentId);
  }

  /** Every document that has events, oldest first. */
  async chainedDocumentIds(): Promise<string[]> {
    return await chainedDocumentIds(this.db);
  }

  /**
   * Inside a transaction: locks a recipient for deciding its reminder; false when another process holds
   * it (PostgreSQL, SKIP LOCKED: that process decides) or it is gone. SQLite's one writer is the lock.
   */
  async lockForReminder(recipientId: string): Promise<boolean> {
    return (await this.db.get(`SELECT id FROM document_recipients WHERE id = ?${skipLocked(this.db)}`, [recipientId])) !== undefined;
  }

  async reminderCount(recipientId: string): Promise<number> {
    return ((await this.db.get(`SELECT COUNT(*) AS n FROM email_outbox WHERE recipient_id = ? AND kind = 'reminder'`, [recipientId])) as { n: number }).n;
  }
}

export interface ReminderCandidate {
  recipient_id: string;
  document_id: string;
  invited: string | null;
  reminders: number;
}
