/**
 * Tasks (GraphQL `task(id)`): what a `send` or a started batch answered with, kept 90 days. A batch
 * task is claimed with a lease (owner + expiry) in one UPDATE, as background jobs are (store/jobs.ts),
 * so a restarted server takes over a batch another process left half done. Table: batches.ts migration.
 */
import { ownsAllLeases, skipLocked, type SqlDb } from './sql.ts';

export type TaskStatus = 'TODO' | 'INPROGRESS' | 'COMPLETED' | 'FAILED';

export interface TaskRecord {
  id: string;
  kind: 'send' | 'batch';
  groupId: string;
  userId: string;
  title: string;
  batchId: string | null;
  status: TaskStatus;
  total: number;
  done: number;
  failed: number;
  /** A send task's document ids (a batch task's are its batch rows'). */
  documents: string[];
  createdMs: number;
  expiresMs: number;
}

/** Tasks are kept 90 days (GRAPHQL.md §4). */
export const TASK_RETENTION_MS = 90 * 86_400_000;

type Row = Record<string, string | number | null>;

const taskOf = (r: Row): TaskRecord => ({
  id: String(r.id),
  kind: String(r.kind) as TaskRecord['kind'],
  groupId: String(r.group_id),
  userId: String(r.user_id),
  title: String(r.title),
  batchId: r.batch_id === null ? null : String(r.batch_id),
  status: String(r.status) as TaskStatus,
  total: Number(r.total),
  done: Number(r.done),
  failed: Number(r.failed),
  documents: JSON.parse(String(r.documents)) as string[],
  createdMs: Number(r.created_ms),
  expiresMs: Number(r.expires_ms),
});

export class SqlTaskRepository {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  async create(
    task: {
      id: string;
      kind: TaskRecord['kind'];
      groupId: string;
      userId: string;
      title: string;
      batchId?: string;
      status: TaskStatus;
      total: number;
      documents?: string[];
    },
    now = Date.now(),
  ): Promise<TaskRecord> {
    const done = task.status === 'COMPLETED' ? task.total : 0;
    return taskOf(
      (await this.db.get(
        `INSERT INTO tasks (id, kind, group_id, user_id, title, batch_id, status, total, done, documents, created_ms, expires_ms, updated_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        [
          task.id,
          task.kind,
          task.groupId,
          task.userId,
          task.title,
          task.batchId ?? null,
          task.status,
          task.total,
          done,
          JSON.stringify(task.documents ?? []),
          now,
          now + TASK_RETENTION_MS,
          now,
        ],
      )) as Row,
    );
  }

  /** A task not yet past its 90 days. */
  async get(id: string, now = Date.now()): Promise<TaskRecord | undefined> {
    const row = (await this.db.get('SELECT * FROM tasks WHERE id = ? AND expires_ms > ?', [id, now])) as Row | undefined;
    return row ? taskOf(row) : undefined;
  }

  /** Claims an open task not leased elsewhere (TODO → INPROGRESS). */
  async claim(id: string, owner: string, leaseMs: number, now = Date.now()): Promise<TaskRecord | undefined> {
    const row = (await this.db.get(
      `UPDATE tasks SET status = 'INPROGRESS', lease_owner = ?, lease_expires_at = ?, updated_ms = ?
         WHERE id = ? AND status IN ('TODO', 'INPROGRESS') AND (lease_expires_at IS NULL OR lease_expires_at <= ?) RETURNING *`,
      [owner, now + leaseMs, now, id, now],
    )) as Row | undefined;
    return row ? taskOf(row) : undefined;
  }

  /**
   * Claims up to `limit` open tasks whose lease is free or lapsed (crash recovery), oldest first; on
   * PostgreSQL rows another process is claiming are skipped, so no two processes get the same task.
   */
  async claimOpen(owner: string, leaseMs: number, limit: number, now = Date.now()): Promise<TaskRecord[]> {
    const open = "status IN ('TODO', 'INPROGRESS') AND (lease_expires_at IS NULL OR lease_expires_at <= ?)";
    const rows = (await this.db.all(
      `UPDATE tasks SET status = 'INPROGRESS', lease_owner = ?, lease_expires_at = ?, updated_ms = ?
         WHERE ${open} AND id IN (SELECT id FROM tasks WHERE ${open} ORDER BY created_ms LIMIT ?${skipLocked(this.db)}) RETURNING *`,
      [owner, now + leaseMs, now, now, now, limit],
    )) as Row[];
    return rows.map(taskOf).sort((a, b) => a.createdMs - b.createdMs);
  }

  /** Renews the lease and records progress; false when the lease was lost (another process took over). */
  async progress(id: string, owner: string, counts: { done: number; failed: number }, leaseMs: number, now = Date.now()): Promise<boolean> {
    const result = await this.db.run('UPDATE tasks SET done = ?, failed = ?, lease_expires_at = ?, updated_ms = ? WHERE id = ? AND lease_owner = ?', [
      counts.done,
      counts.failed,
      now + leaseMs,
      now,
      id,
      owner,
    ]);
    return Number(result.changes) === 1;
  }

  async finish(id: string, owner: string, status: 'COMPLETED' | 'FAILED', counts: { done: number; failed: number }, now = Date.now()): Promise<boolean> {
    const result = await this.db.run(
      'UPDATE tasks SET status = ?, done = ?, failed = ?, lease_owner = NULL, lease_expires_at = NULL, updated_ms = ? WHERE id = ? AND lease_owner = ?',
      [status, counts.done, counts.failed, now, id, owner],
    );
    return Number(result.changes) === 1;
  }

  /** At server start on SQLite: leases of processes that are gone (as background jobs do, store/jobs.ts releaseLeases); PostgreSQL: none. */
  async releaseLeases(now = Date.now()): Promise<number> {
    if (!ownsAllLeases(this.db)) return 0;
    return Number(
      (
        await this.db.run(
          "UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL, updated_ms = ? WHERE status IN ('TODO', 'INPROGRESS') AND lease_owner IS NOT NULL",
          [now],
        )
      ).changes,
    );
  }

  /** Gives up this process's leases (shutdown): the next process resumes at once instead of after the lease. */
  async release(owner: string): Promise<void> {
    await this.db.run('UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner = ?', [owner]);
  }
}
