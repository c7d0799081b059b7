/**
 * The one way repositories reach a database, whichever it is (node:sqlite or PostgreSQL). It is
 * asynchronous because PostgreSQL is; the SQLite implementation answers from the synchronous
 * driver. Repositories write one SQL text for both dialects where they can, with `?` placeholders
 * (the PostgreSQL implementation numbers them `$1, $2, …`), and branch on `dialect` where the two
 * differ (date functions, upserts that SQLite spells differently, `FOR UPDATE SKIP LOCKED`).
 *
 * Transactions follow the caller's async context (AsyncLocalStorage): inside `transaction(work)`,
 * every query any repository makes — however deep the call — runs in that transaction, so
 * repositories never pass a transaction handle around. Nested calls become savepoints. `work` must
 * only await database calls: a transaction holds a connection (PostgreSQL) or the single writer
 * (SQLite) for as long as it runs, so rendering a PDF or calling the network inside one stalls others.
 */

/** A row as the driver gives it: column name → value. Integers arrive as numbers on both dialects. */
export type SqlRow = Record<string, unknown>;

export type SqlValue = string | number | bigint | null | Uint8Array | boolean;

/**
 * Chosen per operation and stated where it is used. `read committed` is the default on both; SQLite
 * transactions are always serializable (one writer), so this only changes what PostgreSQL does.
 */
export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionOptions {
  isolation?: IsolationLevel;
}

export interface SqlDb {
  readonly dialect: 'sqlite' | 'postgres';
  /** Every row the query returns. */
  all<R extends SqlRow = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<R[]>;
  /** The first row, or undefined. */
  get<R extends SqlRow = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<R | undefined>;
  /** A statement without rows to read; `changes` is the number of rows it inserted, updated or deleted. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /** Several statements without parameters (migrations, pragmas). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. A call
   * inside another transaction's `work` becomes a savepoint of it.
   */
  transaction<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** True while the current async context is inside `transaction(work)`. */
  inTransaction(): boolean;
  /**
   * Runs `listener` once the current transaction has committed (soon, when there is none), in no
   * transaction's context; dropped when it rolls back. For waking in-process workers about rows the
   * transaction wrote: started any earlier, they would not see them, or would run inside it.
   */
  afterCommit(listener: () => void): void;
  close(): Promise<void>;
}

/**
 * ` FOR UPDATE SKIP LOCKED` on PostgreSQL, '' on SQLite. Claims select their rows with it: a claimer
 * passes over rows another process is claiming instead of waiting for it or taking them too. SQLite
 * has no row locks and needs none: its one writer runs each claiming UPDATE alone.
 */
export function skipLocked(db: SqlDb): string {
  return db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
}

/**
 * Whether a starting process may drop every lease at once (SQLite: one process owns the database, so
 * any lease left is a dead process's). On PostgreSQL other live processes hold leases: a dead
 * process's claims are taken over when their leases expire.
 */
export function ownsAllLeases(db: SqlDb): boolean {
  return db.dialect === 'sqlite';
}
