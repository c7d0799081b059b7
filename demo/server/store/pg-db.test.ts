/**
 * What only the PostgreSQL `SqlDb` does (the shared contract is sql-db.test.ts): retrying
 * serialization failures and deadlocks, isolation levels, SKIP LOCKED not waiting, refusing to
 * report an aborted transaction as committed, bigint bounds, and the factory's migrations.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresForTests } from '../../../test/support/postgres.ts';
import { PgSqlDb, TRANSACTION_ATTEMPTS, TransactionAbortedError, createPgPool, openPgSqlDb } from './pg-db.ts';
import { pgMigrations } from './pg/migrations.ts';

const postgres = postgresForTests();

/** Two stores on one fresh database: `other` works outside `db`'s transactions, as another process would. */
async function withDbs(label: string, body: (db: PgSqlDb, other: PgSqlDb) => Promise<void>): Promise<void> {
  const url = await postgres.database(`pgdb_${label}`);
  const db = new PgSqlDb(createPgPool(url, { max: 4 }));
  const other = new PgSqlDb(createPgPool(url, { max: 2 }));
  try {
    await db.exec('CREATE TABLE counters (id integer PRIMARY KEY, n integer NOT NULL); INSERT INTO counters VALUES (1, 0), (2, 0);');
    await body(db, other);
  } finally {
    await Promise.all([db.close(), other.close()]);
  }
}

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

test('postgres: a serialization failure (40001) runs the transaction again, on a fresh snapshot', async () => {
  await withDbs('retry', async (db, other) => {
    let attempts = 0;
    await db.transaction(
      async () => {
        attempts++;
        const { n } = (await db.get<{ n: number }>('SELECT n FROM counters WHERE id = 1'))!;
        // Another writer commits after this transaction's snapshot: its update below must not overwrite it.
        if (attempts === 1) await other.run('UPDATE counters SET n = n + 10 WHERE id = 1');
        await db.run('UPDATE counters SET n = ? WHERE id = 1', [n + 1]);
      },
      { isolation: 'repeatable read' },
    );
    assert.equal(attempts, 2);
    assert.deepEqual(await db.get('SELECT n FROM counters WHERE id = 1'), { n: 11 });
  });
});

test('postgres: retries are bounded; the last serialization failure is the answer', async () => {
  await withDbs('retry_bound', async (db, other) => {
    let attempts = 0;
    const failing = db.transaction(
      async () => {
        attempts++;
        await db.get('SELECT n FROM counters WHERE id = 1');
        await other.run('UPDATE counters SET n = n + 1 WHERE id = 1');
        await db.run('UPDATE counters SET n = 0 WHERE id = 1');
      },
      { isolation: 'serializable' },
    );
    await assert.rejects(failing, { code: '40001' });
    assert.equal(attempts, TRANSACTION_ATTEMPTS);
    assert.deepEqual(await db.get('SELECT n FROM counters WHERE id = 1'), { n: TRANSACTION_ATTEMPTS });
  });
});

test('postgres: of two transactions that deadlock (40P01), the one PostgreSQL aborts is run again', { timeout: 30_000 }, async () => {
  await withDbs('deadlock', async (db) => {
    const lockedOne = gate();
    const lockedTwo = gate();
    let attempts = 0;
    // Each locks one row, waits until the other holds the other row (first attempt only), then wants it.
    const crossing = (first: number, second: number, mine: ReturnType<typeof gate>, theirs: ReturnType<typeof gate>) =>
      db.transaction(async () => {
        attempts++;
        await db.run('UPDATE counters SET n = n + 1 WHERE id = ?', [first]);
        mine.open();
        await theirs.opened;
        await db.run('UPDATE counters SET n = n + 1 WHERE id = ?', [second]);
      });
    await Promise.all([crossing(1, 2, lockedOne, lockedTwo), crossing(2, 1, lockedTwo, lockedOne)]);
    // At least one rerun; on a loaded machine a rerun can meet the other transaction again and be rerun
    // once more. Either way each committed exactly once, which the counters show.
    assert.ok(attempts >= 3, `an aborted transaction ran again (${attempts} attempts)`);
    assert.deepEqual(await db.all('SELECT id, n FROM counters ORDER BY id'), [
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});

test('postgres: the isolation level is the one asked for, read committed by default', async () => {
  await withDbs('isolation_level', async (db) => {
    const shown = (options?: { isolation: 'read committed' | 'repeatable read' | 'serializable' }) =>
      db.transaction(async () => (await db.get<{ transaction_isolation: string }>('SHOW transaction_isolation'))!.transaction_isolation, options);
    assert.equal(await shown(), 'read committed');
    for (const isolation of ['read committed', 'repeatable read', 'serializable'] as const) assert.equal(await shown({ isolation }), isolation);
  });
});

test('postgres: FOR UPDATE SKIP LOCKED hands a second claimer the next row at once, not after the first commits', async () => {
  await withDbs('skip_locked', async (db) => {
    const claim = 'SELECT id FROM counters WHERE n = 0 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED';
    const holding = gate();
    const release = gate();
    const first = db.transaction(async () => {
      const row = await db.get<{ id: number }>(claim);
      holding.open();
      await release.opened;
      return row?.id;
    });
    await holding.opened;
    // Resolves while the first claimer still holds row 1: a plain FOR UPDATE would wait here for ever.
    const second = await db.transaction(async () => (await db.get<{ id: number }>(claim))?.id);
    release.open();
    assert.deepEqual([await first, second], [1, 2]);
  });
});

test('postgres: a transaction whose work caught a failed statement is not reported as committed', async () => {
  await withDbs('aborted', async (db) => {
    const work = db.transaction(async () => {
      await db.run('UPDATE counters SET n = 5 WHERE id = 1');
      await assert.rejects(db.run('INSERT INTO counters VALUES (1, 0)'), /duplicate key/);
    });
    await assert.rejects(work, TransactionAbortedError);
    assert.deepEqual(await db.get('SELECT n FROM counters WHERE id = 1'), { n: 0 });
  });
});

test('postgres: a connection lost inside a transaction fails that transaction only; the store goes on', async () => {
  await withDbs('lost_connection', async (db, other) => {
    const started = gate();
    const resume = gate();
    const transaction = db.transaction(async () => {
      await db.run('UPDATE counters SET n = 9 WHERE id = 1');
      started.open();
      await resume.opened;
      await db.get('SELECT 1 AS one');
    });
    await started.opened;
    // The server ends the transaction's connection while `work` is between queries.
    const ended = await other.get<{ ended: boolean }>(
      "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'",
    );
    assert.equal(ended?.ended, true);
    await sleep(50); // let the driver see the connection close
    resume.open();
    await assert.rejects(transaction);
    assert.deepEqual(await db.get('SELECT n FROM counters WHERE id = 1'), { n: 0 });
    assert.equal(await db.transaction(async () => (await db.get<{ one: number }>('SELECT 1 AS one'))?.one), 1);
  });
});

test('postgres: a query left running after its transaction ended is refused, not run on a pooled connection', async () => {
  await withDbs('after_end', async (db) => {
    let late: Promise<unknown> | undefined;
    let lateTransaction: Promise<unknown> | undefined;
    await db.transaction(async () => {
      late = sleep(20).then(() => db.get('SELECT 1 AS one'));
      lateTransaction = sleep(20).then(() => db.transaction(async () => undefined));
    });
    await assert.rejects(late!, /after its transaction had ended/);
    await assert.rejects(lateTransaction!, /after its transaction had ended/);
  });
});

test('postgres: a parameter count that does not match the placeholders is refused', async () => {
  await withDbs('param_count', async (db) => {
    await assert.rejects(db.get('SELECT n FROM counters WHERE id = ? AND n = ?', [1]), /2 placeholder\(s\) but 1 parameter\(s\)/);
    await assert.rejects(db.run("UPDATE counters SET n = 1 WHERE id = 'why?'", [1]), /0 placeholder\(s\) but 1 parameter\(s\)/);
  });
});

test('postgres: booleans go as 1/0, which integer flag columns and boolean contexts both take', async () => {
  await withDbs('booleans', async (db) => {
    await db.exec('CREATE TABLE flags (id integer PRIMARY KEY, flag integer NOT NULL, yes boolean NOT NULL)');
    await db.run('INSERT INTO flags VALUES (?, ?, ?), (?, ?, ?)', [1, true, true, 2, false, false]);
    assert.deepEqual(await db.all('SELECT id, flag, yes FROM flags WHERE flag = ? OR yes = ? ORDER BY id', [true, true]), [{ id: 1, flag: 1, yes: true }]);
    assert.deepEqual(await db.get('SELECT count(*) AS n FROM flags WHERE ?', [false]), { n: 0 });
  });
});

test('postgres: bigint within Number.MAX_SAFE_INTEGER is a number; beyond it the query fails instead of rounding', async () => {
  await withDbs('bigint', async (db) => {
    assert.deepEqual(await db.get('SELECT 9007199254740991::bigint AS n, ARRAY[1, 2]::bigint[] AS list, 2.5::numeric AS half'), {
      n: Number.MAX_SAFE_INTEGER,
      list: [1, 2],
      half: 2.5,
    });
    await assert.rejects(db.get('SELECT 9007199254740993::bigint AS n'), /beyond Number\.MAX_SAFE_INTEGER/);
    assert.deepEqual(await db.get('SELECT ?::bigint AS n', [2n ** 40n]), { n: 2 ** 40 });
  });
});

test("postgres: openPgSqlDb brings the store's schema up to date first; a refused connection fails fast", async () => {
  const url = await postgres.database('pgdb_open');
  const db = await openPgSqlDb(url, { max: 2 });
  try {
    const applied = await db.all<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    assert.deepEqual(
      applied.map((row) => row.id),
      pgMigrations.map((m) => m.id).sort(),
    );
    assert.deepEqual(await db.get('SELECT count(*) AS n FROM documents'), { n: 0 });
  } finally {
    await db.close();
  }
  const closedPort = new URL(url);
  closedPort.port = '1';
  await assert.rejects(openPgSqlDb(closedPort.href), /ECONNREFUSED/);
});

test('postgres: a text run again becomes a named prepared statement on the connection', async () => {
  await withDbs('prepared', async (db) => {
    const sql = 'SELECT n FROM counters WHERE id = ?';
    const prepared = () => db.all<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT n FROM%'");
    await db.transaction(async () => {
      assert.deepEqual(await db.get(sql, [1]), { n: 0 });
      assert.equal((await prepared()).length, 0, 'a first use runs unnamed');
      assert.deepEqual(await db.get(sql, [2]), { n: 0 });
      assert.deepEqual(await db.get(sql, [1]), { n: 0 });
      assert.deepEqual(
        (await prepared()).map((row) => row.statement),
        ['SELECT n FROM counters WHERE id = $1'],
      );
    });
  });
});

test('postgres: a prepared SELECT * whose table another process altered runs again, in and outside a transaction', async () => {
  await withDbs('prepared_stale', async (db, other) => {
    const sql = 'SELECT * FROM counters WHERE id = ?';
    // Prepared on every pooled connection the two uses may land on.
    for (let i = 0; i < 8; i++) await Promise.all([db.get(sql, [1]), db.get(sql, [1]), db.get(sql, [1]), db.get(sql, [1])]);
    await other.exec("ALTER TABLE counters ADD COLUMN label text NOT NULL DEFAULT 'x'");
    assert.deepEqual(await db.get(sql, [1]), { id: 1, n: 0, label: 'x' });
    await other.exec('ALTER TABLE counters ADD COLUMN note text');
    let attempts = 0;
    const row = await db.transaction(async () => {
      attempts++;
      await db.run('UPDATE counters SET n = n + 1 WHERE id = 2');
      return await db.get(sql, [2]);
    });
    assert.deepEqual(row, { id: 2, n: 1, label: 'x', note: null });
    assert.ok(attempts <= 2, `ran ${attempts} times`);
  });
});
