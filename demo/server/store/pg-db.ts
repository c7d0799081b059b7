/**
 * `SqlDb` on PostgreSQL (the `pg` driver's pool). Outside a transaction each statement takes any
 * pooled connection for itself (autocommit). `transaction(work)` checks one connection out and keeps
 * it in AsyncLocalStorage for `work`'s async context, so every query `work` makes, however deep,
 * runs on it; a nested `transaction` is a savepoint on the same connection.
 *
 * Unlike SQLite, a failed statement aborts the whole PostgreSQL transaction: `work` cannot catch a
 * query's error and carry on with the next query. Wrap the statement that may fail in a nested
 * `transaction()` (a savepoint) to recover from it, as the savepoint rolls back just that part.
 * Nested transactions of one transaction share its connection, so await one before starting the
 * next: savepoints started side by side (Promise.all) would roll back each other's work.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { IsolationLevel, SqlDb, SqlRow, SqlValue, TransactionOptions } from './sql.ts';
import { PlaceholderCache } from './pg/placeholders.ts';
import { PreparedNames, isStalePlan } from './pg/prepared.ts';
import { sqliteLikeTypes } from './pg/row-types.ts';
import { runPgMigrations } from './pg/migrate.ts';
import { pgMigrations } from './pg/migrations.ts';
import { databaseFault } from './outages.ts';

/**
 * Attempts of an outermost transaction that PostgreSQL aborted with a serialization failure (40001,
 * under `repeatable read`/`serializable`) or a deadlock (40P01). Such an abort is PostgreSQL saying
 * "run it again"; `work` is run again from the start, so it must only have database effects (which
 * the rollback undid). A savepoint is never retried on its own: the abort is the outer transaction's.
 * 30 with backoff growing to about a second: under constant contention on one row a serializable writer
 * can lose many rounds in a row (hot rows are bumped at COMMIT or by conditional updates instead).
 */
export const TRANSACTION_ATTEMPTS = 30;
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const QUERY_AFTER_END = 'A query ran after its transaction had ended (a promise started inside transaction() was not awaited)';

interface TransactionState {
  client: pg.PoolClient;
  /** Savepoints opened inside this transaction so far (names stay unique). */
  savepoints: number;
  /** Set at COMMIT/ROLLBACK: a promise `work` left running must not use the client after it went back to the pool. */
  finished: boolean;
  /** Run after COMMIT; a retried attempt starts with none (see afterCommit). */
  afterCommit: (() => void)[];
}

const ISOLATION_SQL: Record<IsolationLevel, string> = {
  'read committed': 'READ COMMITTED',
  'repeatable read': 'REPEATABLE READ',
  serializable: 'SERIALIZABLE',
};

/**
 * The driver takes a Buffer for bytea and bigint as text. Booleans go as 1/0, as on SQLite: the
 * schema's flags are `integer` columns (pg/core-migrations.ts), which refuse the text 'true' but
 * take '1', and a `boolean` column or context takes '1'/'0' as well.
 */
function bind(params: readonly SqlValue[]): unknown[] {
  return params.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    if (typeof value === 'bigint') return value.toString();
    return value;
  });
}

/**
 * A serialization failure or deadlock, also when the caller wrapped it (`new Error(…, { cause })`); or a prepared
 * statement gone stale (pg/prepared.ts), which runs afresh on the next attempt.
 */
function isRetryable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (RETRYABLE_CODES.has(String((current as { code?: unknown }).code)) || isStalePlan(current)) return true;
  }
  return false;
}

/** COMMIT found the transaction already aborted: a statement in it failed and `work` went on regardless. */
export class TransactionAbortedError extends Error {
  constructor() {
    super(
      'The transaction was rolled back, not committed: a statement in it failed and the error was caught inside it (use a nested transaction() to recover from a failing statement)',
    );
    this.name = 'TransactionAbortedError';
  }
}

/** What this store has asked of PostgreSQL so far (benches and operators: pg_send_rps_ratio counts per send). */
export interface PgSqlStats {
  /** Statements sent, each one round trip: queries, and BEGIN/COMMIT/ROLLBACK/savepoints. */
  roundTrips: number;
  /** Outermost transactions run again after a serialization failure, deadlock or stale prepared statement. */
  retries: number;
}

export class PgSqlDb implements SqlDb {
  readonly dialect = 'postgres';
  readonly pool: pg.Pool;
  readonly stats: PgSqlStats = { roundTrips: 0, retries: 0 };
  private readonly context = new AsyncLocalStorage<TransactionState>();
  private readonly placeholders = new PlaceholderCache();
  private readonly prepared = new PreparedNames();
  private closed = false;

  /** The pool must parse types as `sqliteLikeTypes` does (createPgPool sets that up). */
  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async all<R extends SqlRow = SqlRow>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    return (await this.query<R>(sql, params)).rows;
  }

  async get<R extends SqlRow = SqlRow>(sql: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    return (await this.query<R>(sql, params)).rows[0];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    // rowCount is null for statements that count nothing (DDL).
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  async exec(sql: string): Promise<void> {
    // Without parameters the driver uses the simple query protocol, which runs several statements.
    this.stats.roundTrips++;
    await this.connection().query(sql).catch(rethrowFault);
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

  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const current = this.context.getStore();
    if (current?.finished) throw new Error(QUERY_AFTER_END);
    if (current) return this.savepoint(current, work);
    const isolation = ISOLATION_SQL[options.isolation ?? 'read committed'];
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runTransaction(work, isolation);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(error)) throw databaseFault(error);
        this.stats.retries++;
        // Exponential backoff with full jitter (up to 2, 4, 8 … 1024 ms), so colliders fall out of step.
        await sleep(Math.random() * 2 ** Math.min(attempt, 10));
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Waits for checked-out connections (running transactions) to be released.
    await this.pool.end();
  }

  private query<R extends SqlRow>(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult<R>> {
    const numbered = this.placeholders.get(sql);
    if (numbered.count !== params.length) {
      return Promise.reject(new Error(`SQL has ${numbered.count} placeholder(s) but ${params.length} parameter(s) were given: ${sql.slice(0, 200)}`));
    }
    const connection = this.connection();
    const values = bind(params);
    const name = this.prepared.nameOf(numbered.text);
    this.stats.roundTrips++;
    if (name === undefined) return connection.query<R>(numbered.text, values).catch(rethrowFault);
    return connection
      .query<R>({ name, text: numbered.text, values })
      .catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        this.prepared.invalidate();
        // In a transaction PostgreSQL has aborted it, and transaction() runs it again (isRetryable); outside one, run it again here.
        if (connection !== this.pool) throw error;
        this.stats.roundTrips++;
        return this.pool.query<R>(numbered.text, values);
      })
      .catch(rethrowFault);
  }

  /** The current transaction's connection, or the pool (any free connection, autocommit). */
  private connection(): pg.Pool | pg.PoolClient {
    // A transaction running when close() was called may finish (close waits for it); nothing new starts.
    const state = this.context.getStore();
    if (state?.finished) throw new Error(QUERY_AFTER_END);
    if (state) return state.client;
    if (this.closed) throw new Error('The PostgreSQL store is closed');
    return this.pool;
  }

  private async runTransaction<T>(work: () => Promise<T>, isolation: string): Promise<T> {
    if (this.closed) throw new Error('The PostgreSQL store is closed');
    const client = await this.pool.connect().catch(rethrowFault);
    // A connection that failed (or whose ROLLBACK did) is in an unknown state: it is destroyed, not
    // pooled again. The pool stops listening for a checked-out client's errors, and an 'error' event
    // nobody listens to (the server ends the connection while `work` awaits) would crash the process.
    let broken: Error | undefined;
    const onConnectionError = (error: Error) => (broken = error);
    client.on('error', onConnectionError);
    const state: TransactionState = { client, savepoints: 0, finished: false, afterCommit: [] };
    try {
      this.stats.roundTrips += 2; // BEGIN, and COMMIT or ROLLBACK
      await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
      try {
        const result = await this.context.run(state, work);
        state.finished = true;
        // PostgreSQL answers COMMIT of a transaction aborted by an earlier failed statement (one that
        // `work` caught) with ROLLBACK and no error: nothing was saved, so the caller must not think it was.
        const commit = await client.query('COMMIT');
        if (commit.command === 'ROLLBACK') throw new TransactionAbortedError();
        this.notify(state.afterCommit);
        return result;
      } catch (error) {
        state.finished = true;
        // After a failed COMMIT PostgreSQL has already rolled back; ROLLBACK then only warns.
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      }
    } finally {
      client.removeListener('error', onConnectionError);
      client.release(broken);
    }
  }

  private async savepoint<T>(state: TransactionState, work: () => Promise<T>): Promise<T> {
    const name = `sp_${++state.savepoints}`;
    this.stats.roundTrips += 2; // SAVEPOINT, and RELEASE or ROLLBACK TO
    await state.client.query(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      await state.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      // If this fails too, the transaction stays aborted and its COMMIT refuses (above); `error` says why.
      await state.client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => undefined);
      throw error;
    }
  }
}

/**
 * A connection failure (the server restarting, refusing, gone) becomes the store's 503 error
 * (outages.ts); a prepared statement gone stale or a serialization failure stays as it is for the
 * retry above; everything else too.
 */
function rethrowFault(error: unknown): never {
  throw isRetryable(error) ? error : databaseFault(error);
}

/**
 * How long a request waits for a connection (default 5 s): a connect to a server that is down is refused
 * at once, but with every connection busy (a transaction per connection) the pool queues the caller, and
 * without a bound a request would hang through an outage instead of answering 503.
 */
export const CONNECT_TIMEOUT_MS = Number(process.env.ESIGN_PG_CONNECT_TIMEOUT_MS ?? 5000);

export interface PgPoolOptions {
  /** Most connections the pool opens (default 10): one per running transaction, plus autocommit queries. */
  max?: number;
}

/** A pool whose rows look like SQLite's (integers as numbers; see pg/row-types.ts). */
export function createPgPool(url: string, options: PgPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: sqliteLikeTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without closing its sockets (a fail-over) is noticed instead of awaited for ever.
    keepAlive: true,
  });
  // An idle connection that dies (server restart, network) is dropped by the pool, which emits
  // 'error'; unhandled, that event would crash the process. The next query opens a fresh one.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens the store's PostgreSQL database and brings its schema up to date (pg/migrations.ts) first. */
export async function openPgSqlDb(url: string, options: PgPoolOptions = {}): Promise<PgSqlDb> {
  const pool = createPgPool(url, options);
  try {
    await runPgMigrations(pool, pgMigrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new PgSqlDb(pool);
}
