/**
 * `SqlDb` on node:sqlite. SQLite has one writer, so writes queue for it: a transaction holds the
 * writer connection (behind a FIFO lock) from BEGIN IMMEDIATE to COMMIT, across its awaits, and a
 * single write outside a transaction takes the same lock for its one statement. Reads outside a
 * transaction go to a second connection: in WAL mode it sees only committed data, so a request
 * never reads another request's half-done transaction, and reads never wait for writers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SqlDb, SqlRow, SqlValue, TransactionOptions } from './sql.ts';
import { databaseFault } from './outages.ts';

interface TransactionState {
  /** Savepoints opened inside this transaction so far (names stay unique). */
  savepoints: number;
  /** Set at COMMIT or ROLLBACK: a promise that outlived `work` must not use the connection any more. */
  finished: boolean;
  afterCommit: (() => void)[];
}

const QUERY_AFTER_END = 'A query ran after its transaction had ended (a promise started inside transaction() was not awaited)';

/** A FIFO lock: `acquire()` resolves with the function that releases it. */
class WriterLock {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return acquired;
  }
}

/** Statements that only read can go to the reader connection. */
const READ_ONLY = /^\s*(?:SELECT|WITH)\b(?![\s\S]*\b(?:INSERT|UPDATE|DELETE|REPLACE)\b)/i;
const STATEMENT_CACHE_LIMIT = 1000;

class StatementCache {
  private readonly statements = new Map<string, StatementSync>();

  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  get(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Dynamic SQL (IN lists of many lengths) must not grow the cache without bound.
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function bind(params: readonly SqlValue[]): (string | number | bigint | null | Uint8Array)[] {
  return params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

function rethrowFault(error: unknown): never {
  throw databaseFault(error);
}

export class SqliteSqlDb implements SqlDb {
  readonly dialect = 'sqlite';
  private readonly lock = new WriterLock();
  private readonly context = new AsyncLocalStorage<TransactionState>();
  private readonly writerStatements: StatementCache;
  private readonly readerStatements: StatementCache;
  private closed = false;

  readonly writer: DatabaseSync;
  private readonly reader: DatabaseSync;

  /** `reader` must be a second connection to the same file (WAL mode); the writer runs migrations. */
  constructor(writer: DatabaseSync, reader: DatabaseSync) {
    this.writer = writer;
    this.reader = reader;
    this.writerStatements = new StatementCache(writer);
    this.readerStatements = new StatementCache(reader);
  }

  // A full disk (SQLITE_FULL) or a read-only data dir becomes the store's 507/503 error (outages.ts).
  async all<R extends SqlRow = SqlRow>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    return this.statement(
      sql,
      () => this.writerStatements.get(sql).all(...bind(params)) as R[],
      () => this.readerStatements.get(sql).all(...bind(params)) as R[],
    ).catch(rethrowFault);
  }

  async get<R extends SqlRow = SqlRow>(sql: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    return this.statement(
      sql,
      () => this.writerStatements.get(sql).get(...bind(params)) as R | undefined,
      () => this.readerStatements.get(sql).get(...bind(params)) as R | undefined,
    ).catch(rethrowFault);
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return this.write(() => ({ changes: Number(this.writerStatements.get(sql).run(...bind(params)).changes) })).catch(rethrowFault);
  }

  async exec(sql: string): Promise<void> {
    return this.write(() => this.writer.exec(sql)).catch(rethrowFault);
  }

  inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  afterCommit(listener: () => void): void {
    const state = this.context.getStore();
    if (state && !state.finished) state.afterCommit.push(listener);
    else this.notify([listener]);
  }

  private notify(listeners: (() => void)[]): void {
    if (listeners.length) this.context.exit(() => setImmediate(() => listeners.forEach((listener) => listener())));
  }

  async transaction<T>(work: () => Promise<T>, _options?: TransactionOptions): Promise<T> {
    const current = this.context.getStore();
    if (current?.finished) throw new Error(QUERY_AFTER_END);
    if (current) return this.savepoint(current, work);
    const release = await this.lock.acquire();
    try {
      this.writer.exec('BEGIN IMMEDIATE');
      const state: TransactionState = { savepoints: 0, finished: false, afterCommit: [] };
      try {
        const result = await this.context.run(state, work);
        state.finished = true;
        this.writer.exec('COMMIT');
        this.notify(state.afterCommit);
        return result;
      } catch (error) {
        state.finished = true;
        // A COMMIT that failed for want of space may have rolled back already: ROLLBACK then would
        // throw "no transaction is active" and hide why.
        if (this.writer.isTransaction) this.writer.exec('ROLLBACK');
        throw error;
      }
    } catch (error) {
      throw databaseFault(error);
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Queued writers finish first; nothing new starts once the lock is ours.
    const release = await this.lock.acquire();
    try {
      this.reader.close();
      this.writer.close();
    } finally {
      release();
    }
  }

  /** Runs a read on the writer inside a transaction (it must see the transaction's own writes), else on the reader. */
  private async statement<T>(sql: string, onWriter: () => T, onReader: () => T): Promise<T> {
    const state = this.context.getStore();
    if (state?.finished) throw new Error(QUERY_AFTER_END);
    if (state) return onWriter();
    if (READ_ONLY.test(sql)) return onReader();
    return this.write(onWriter);
  }

  private async write<T>(statement: () => T): Promise<T> {
    const state = this.context.getStore();
    if (state?.finished) throw new Error(QUERY_AFTER_END);
    if (state) return statement();
    const release = await this.lock.acquire();
    try {
      return statement();
    } finally {
      release();
    }
  }

  private async savepoint<T>(state: TransactionState, work: () => Promise<T>): Promise<T> {
    const name = `sp_${++state.savepoints}`;
    this.writer.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      this.writer.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.writer.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    }
  }
}
