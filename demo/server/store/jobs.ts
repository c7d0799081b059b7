/**
 * Background jobs (today: the final PDF of a document), one row per kind and document. A job is
 * claimed with a lease (owner + expiry) in one UPDATE, as webhook deliveries are; every claim counts
 * as an attempt, so even a run that kills the process is bounded. States: `pending` (due at
 * `next_attempt_at`), `done`, `failed` (attempts used up: waits for a person to retry it).
 */
import crypto from 'node:crypto';
import { ownsAllLeases, skipLocked, type SqlDb } from './sql.ts';

export type JobState = 'pending' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  kind: string;
  documentId: string;
  state: JobState;
  attempts: number;
  nextAttemptAt: number;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  lastError: string;
  createdMs: number;
  updatedMs: number;
}

/** A job as listings show it, with its document's group, name and status. */
export interface JobListing extends JobRecord {
  groupId: string;
  documentName: string;
  documentStatus: number;
}

type Row = Record<string, string | number | null>;

function fromRow(r: Row): JobRecord {
  return {
    id: String(r.id),
    kind: String(r.kind),
    documentId: String(r.document_id),
    state: String(r.state) as JobState,
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.next_attempt_at),
    leaseOwner: r.lease_owner === null ? null : String(r.lease_owner),
    leaseExpiresAt: r.lease_expires_at === null ? null : Number(r.lease_expires_at),
    lastError: String(r.last_error),
    createdMs: Number(r.created_ms),
    updatedMs: Number(r.updated_ms),
  };
}

function listingOf(r: Row): JobListing {
  return { ...fromRow(r), groupId: String(r.group_id), documentName: String(r.document_name), documentStatus: Number(r.document_status) };
}

const LISTING = `SELECT j.*, d.group_id, d.name AS document_name, d.status AS document_status
  FROM background_jobs j JOIN documents d ON d.id = j.document_id`;

export class SqlJobRepository {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  /**
   * The job of `kind` for a document, created pending when missing; a `done` job is made pending
   * again (the document needs the work once more). A pending or failed job is left as it is.
   */
  async ensure(kind: string, documentId: string, now = Date.now()): Promise<JobRecord> {
    return fromRow(
      ((await this.db.get(
        `INSERT INTO background_jobs (id, kind, document_id, state, attempts, next_attempt_at, created_ms, updated_ms)
       VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)
       ON CONFLICT (kind, document_id) DO UPDATE SET state = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at,
         last_error = '', lease_owner = NULL, lease_expires_at = NULL, updated_ms = excluded.updated_ms
         WHERE background_jobs.state = 'done'
       RETURNING *`,
        [crypto.randomUUID(), kind, documentId, now, now, now],
      )) as Row) ?? ((await this.db.get('SELECT * FROM background_jobs WHERE kind = ? AND document_id = ?', [kind, documentId])) as Row),
    );
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const row = (await this.db.get('SELECT * FROM background_jobs WHERE id = ?', [id])) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** A job by its id, or the job of a document (by the document id). */
  async find(ref: string): Promise<JobRecord | undefined> {
    const row = (await this.db.get('SELECT * FROM background_jobs WHERE id = ? OR document_id = ? ORDER BY created_ms LIMIT 1', [ref, ref])) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** A job with its document's group, name and status, by job id or document id. */
  async listing(ref: string): Promise<JobListing | undefined> {
    const row = (await this.db.get(`${LISTING} WHERE j.id = ? OR j.document_id = ? ORDER BY j.created_ms LIMIT 1`, [ref, ref])) as Row | undefined;
    return row ? listingOf(row) : undefined;
  }

  /** Claims one job if it is pending, due and not leased; counts the attempt. */
  async claim(id: string, owner: string, leaseMs: number, now = Date.now()): Promise<JobRecord | undefined> {
    const row = (await this.db.get(
      `UPDATE background_jobs SET lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1, updated_ms = ?
       WHERE id = ? AND state = 'pending' AND next_attempt_at <= ? AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
       RETURNING *`,
      [owner, now + leaseMs, now, id, now, now],
    )) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /**
   * Claims up to `limit` jobs that are pending, due and not leased (oldest due first), counting an
   * attempt on each. On PostgreSQL rows another process is claiming are skipped, so claimers
   * running together never get the same job.
   */
  async claimDue(owner: string, leaseMs: number, limit: number, now = Date.now()): Promise<JobRecord[]> {
    const due = "state = 'pending' AND next_attempt_at <= ? AND (lease_expires_at IS NULL OR lease_expires_at <= ?)";
    const rows = (await this.db.all(
      `UPDATE background_jobs SET lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1, updated_ms = ?
       WHERE ${due} AND id IN (
         SELECT id FROM background_jobs WHERE ${due} ORDER BY next_attempt_at, created_ms LIMIT ?${skipLocked(this.db)})
       RETURNING *`,
      [owner, now + leaseMs, now, now, now, now, now, limit],
    )) as Row[];
    return rows.map(fromRow).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.createdMs - b.createdMs);
  }

  async renew(id: string, owner: string, leaseMs: number, now = Date.now()): Promise<void> {
    await this.db.run('UPDATE background_jobs SET lease_expires_at = ? WHERE id = ? AND lease_owner = ?', [now + leaseMs, id, owner]);
  }

  /** Records the end of an attempt the lease still covers: done, a retry at `retryAt`, or failed for good. Returns whether it was recorded. */
  async finish(
    id: string,
    owner: string,
    outcome: { state: 'done' } | { state: 'pending'; retryAt: number; error: string } | { state: 'failed'; error: string },
    now = Date.now(),
  ): Promise<boolean> {
    const error = outcome.state === 'done' ? '' : outcome.error.slice(0, 2000);
    const next = outcome.state === 'pending' ? outcome.retryAt : now;
    const result = await this.db.run(
      `UPDATE background_jobs SET state = ?, next_attempt_at = ?, last_error = CASE WHEN ? = 'done' THEN last_error ELSE ? END,
         lease_owner = NULL, lease_expires_at = NULL, updated_ms = ?
       WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
      [outcome.state, next, outcome.state, error, now, id, owner],
    );
    return Number(result.changes) === 1;
  }

  /** A person's retry: the job is due now with a fresh set of attempts (the last error is kept until the next one); not while a run holds its lease. */
  async requeue(id: string, now = Date.now()): Promise<JobRecord | undefined> {
    const row = (await this.db.get(
      `UPDATE background_jobs SET state = 'pending', attempts = 0, next_attempt_at = ?, lease_owner = NULL, lease_expires_at = NULL, updated_ms = ?
       WHERE id = ? AND state IN ('failed', 'pending') AND (lease_expires_at IS NULL OR lease_expires_at <= ?) RETURNING *`,
      [now, now, id, now],
    )) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /**
   * At server start on SQLite: leases of processes that are gone (a run still in flight elsewhere is harmless,
   * see the final-PDF job). On PostgreSQL other processes may be alive: their leases stay until they expire.
   */
  async releaseLeases(now = Date.now()): Promise<number> {
    if (!ownsAllLeases(this.db)) return 0;
    return Number(
      (
        await this.db.run(
          "UPDATE background_jobs SET lease_owner = NULL, lease_expires_at = NULL, updated_ms = ? WHERE state = 'pending' AND lease_owner IS NOT NULL",
          [now],
        )
      ).changes,
    );
  }

  /** Jobs, most recently changed first; only of the given groups when `groupIds` is given. */
  async list(filter: { state?: JobState; groupIds?: string[]; limit?: number; offset?: number } = {}): Promise<{ total: number; jobs: JobListing[] }> {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (filter.state) {
      where.push('j.state = ?');
      params.push(filter.state);
    }
    if (filter.groupIds) {
      where.push(`d.group_id IN (${filter.groupIds.map(() => '?').join(', ') || 'NULL'})`);
      params.push(...filter.groupIds);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = ((await this.db.get(`SELECT COUNT(*) AS n FROM (${LISTING} ${clause}) AS matching`, params)) as { n: number }).n;
    const rows = (await this.db.all(`${LISTING} ${clause} ORDER BY j.updated_ms DESC, j.id LIMIT ? OFFSET ?`, [
      ...params,
      filter.limit ?? 100,
      filter.offset ?? 0,
    ])) as Row[];
    return {
      total,
      jobs: rows.map(listingOf),
    };
  }
}
