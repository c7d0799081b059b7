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

interface TransactionState {
  /** Savepoints opened inside this transaction so far (names stay unique). */
  savepoints: number;
}

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

  async all<R extends SqlRow = SqlRow>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    return this.statement(
      sql,
      () => this.writerStatements.get(sql).all(...bind(params)) as R[],
      () => this.readerStatements.get(sql).all(...bind(params)) as R[],
    );
  }

  async get<R extends SqlRow = SqlRow>(sql: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    return this.statement(
      sql,
      () => this.writerStatements.get(sql).get(...bind(params)) as R | undefined,
      () => this.readerStatements.get(sql).get(...bind(params)) as R | undefined,
    );
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return this.write(() => ({ changes: Number(this.writerStatements.get(sql).run(...bind(params)).changes) }));
  }

  async exec(sql: string): Promise<void> {
    return this.write(() => this.writer.exec(sql));
  }

  inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  async transaction<T>(work: () => Promise<T>, _options?: TransactionOptions): Promise<T> {
    const current = this.context.getStore();
    if (current) return this.savepoint(current, work);
    const release = await this.lock.acquire();
    try {
      this.writer.exec('BEGIN IMMEDIATE');
      try {
        const result = await this.context.run({ savepoints: 0 }, work);
        this.writer.exec('COMMIT');
        return result;
      } catch (error) {
        this.writer.exec('ROLLBACK');
        throw error;
      }
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
    if (this.context.getStore()) return onWriter();
    if (READ_ONLY.test(sql)) return onReader();
    return this.write(onWriter);
  }

  private async write<T>(statement: () => T): Promise<T> {
    if (this.context.getStore()) return statement();
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
