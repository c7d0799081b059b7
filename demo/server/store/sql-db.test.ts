/**
 * The `SqlDb` contract (sql.ts), the same cases against every implementation: node:sqlite
 * (sqlite-db.ts) and a real PostgreSQL 15 (pg-db.ts, test/support/postgres.ts). Where the dialects
 * spell a statement differently (blob type, row locks) the case branches on `db.dialect`, as
 * repositories do.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresForTests } from '../../../test/support/postgres.ts';
import { PgSqlDb, createPgPool } from './pg-db.ts';
import type { SqlDb, SqlRow, SqlValue } from './sql.ts';
import { SqliteSqlDb } from './sqlite-db.ts';
import { openDatabase, openReader } from './db.ts';

const postgres = postgresForTests();

interface Implementation {
  name: string;
  /** A new, empty database. */
  open(label: string): Promise<SqlDb>;
}

const implementations: Implementation[] = [
  {
    name: 'sqlite',
    // The two connections the store opens (store/index.ts): the writer in WAL mode, and a reader.
    open: async (label) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `esign-sqldb-${label}-`));
      after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const writer = openDatabase(dataDir);
      return new SqliteSqlDb(writer, openReader(dataDir));
    },
  },
  {
    name: 'postgres',
    // Without the store's migrations: these cases make their own tables.
    open: async (label) => new PgSqlDb(createPgPool(await postgres.database(`sqldb_${label}`), { max: 4 })),
  },
];

/**
 * `db` with rows as plain objects: node:sqlite's rows have a null prototype, pg's do not, and the
 * contract is about columns and values, which is what assert.deepEqual should compare.
 */
function withPlainRows(db: SqlDb): SqlDb {
  const plain = <R extends SqlRow>(row: R): R => ({ ...row });
  return {
    dialect: db.dialect,
    all: async <R extends SqlRow>(sql: string, params?: readonly SqlValue[]) => (await db.all<R>(sql, params)).map(plain),
    get: async <R extends SqlRow>(sql: string, params?: readonly SqlValue[]) => {
      const row = await db.get<R>(sql, params);
      return row && plain(row);
    },
    run: (sql, params) => db.run(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (work, options) => db.transaction(work, options),
    inTransaction: () => db.inTransaction(),
    afterCommit: (listener) => db.afterCommit(listener),
    close: () => db.close(),
  };
}

/** Opens a fresh database with the tables the cases use, runs `body`, and always closes it. */
async function withDb(implementation: Implementation, label: string, body: (db: SqlDb) => Promise<void>): Promise<void> {
  const db = withPlainRows(await implementation.open(label));
  try {
    const blob = db.dialect === 'postgres' ? 'bytea' : 'BLOB';
    await db.exec(`
      CREATE TABLE items (id INTEGER PRIMARY KEY, small INTEGER, big BIGINT, label TEXT, data ${blob}, flag INTEGER);
      CREATE TABLE counters (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
      INSERT INTO counters (id, n) VALUES (1, 0);
      CREATE TABLE claims (id INTEGER PRIMARY KEY, claimed_by TEXT);
    `);
    await body(db);
  } finally {
    await db.close();
  }
}

/** `SELECT … FOR UPDATE` on PostgreSQL; SQLite has no row locks (its one writer serializes transactions). */
function forUpdate(db: SqlDb, lock: 'FOR UPDATE' | 'FOR UPDATE SKIP LOCKED'): string {
  return db.dialect === 'postgres' ? ` ${lock}` : '';
}

/** A promise and the function that resolves it: lets a case hold a transaction open at a chosen point. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

for (const implementation of implementations) {
  const name = implementation.name;

  test(`${name}: rows come back as SQLite gives them: integers as numbers, text, null, blobs`, async () => {
    await withDb(implementation, 'types', async (db) => {
      const bytes = new Uint8Array([0, 1, 127, 128, 255]);
      await db.run('INSERT INTO items (id, small, big, label, data, flag) VALUES (?, ?, ?, ?, ?, ?)', [1, 42, 2 ** 40, 'héllo', bytes, true]);
      await db.run('INSERT INTO items (id, small, big, label, data, flag) VALUES (?, ?, ?, ?, ?, ?)', [2, null, 12n, null, null, false]);
      const rows = await db.all('SELECT id, small, big, label, data, flag FROM items ORDER BY id');
      assert.equal(rows.length, 2);
      const [first, second] = rows;
      assert.deepEqual({ ...first, data: undefined }, { id: 1, small: 42, big: 2 ** 40, label: 'héllo', data: undefined, flag: 1 });
      assert.ok(first.data instanceof Uint8Array, 'a blob is a Uint8Array');
      assert.deepEqual([...(first.data as Uint8Array)], [...bytes]);
      assert.deepEqual(second, { id: 2, small: null, big: 12, label: null, data: null, flag: 0 });
      const totals = await db.get('SELECT count(*) AS n, sum(big) AS total, max(small) AS biggest FROM items');
      assert.deepEqual(totals, { n: 2, total: 2 ** 40 + 12, biggest: 42 });
      // Beyond Number.MAX_SAFE_INTEGER the query fails rather than hand back a rounded number.
      await assert.rejects(db.get('SELECT 9007199254740993 AS n'));
      assert.equal(await db.get('SELECT id FROM items WHERE id = ?', [99]), undefined);
      assert.deepEqual(await db.all('SELECT id FROM items WHERE id > ?', [99]), []);
    });
  });

  test(`${name}: run() counts the rows it changed`, async () => {
    await withDb(implementation, 'changes', async (db) => {
      assert.deepEqual(await db.run('INSERT INTO items (id, small) VALUES (?, ?), (?, ?), (?, ?)', [1, 1, 2, 1, 3, 2]), { changes: 3 });
      assert.deepEqual(await db.run('UPDATE items SET label = ? WHERE small = ?', ['one', 1]), { changes: 2 });
      assert.deepEqual(await db.run('DELETE FROM items WHERE id = ?', [99]), { changes: 0 });
      assert.deepEqual(await db.run('DELETE FROM items'), { changes: 3 });
    });
  });

  test(`${name}: ? is a placeholder in SQL, not inside a string literal, an identifier or a comment`, async () => {
    await withDb(implementation, 'placeholders', async (db) => {
      await db.run("INSERT INTO items (id, label, small) VALUES (?, 'why? it''s', ?) -- a comment?", [1, 7]);
      const row = await db.get(`SELECT label AS "label?", small /* ? */ FROM items WHERE label = 'why? it''s' AND id = ?`, [1]);
      assert.deepEqual(row, { 'label?': "why? it's", small: 7 });
    });
  });

  test(`${name}: a transaction commits when its work resolves, and its reads see its own writes`, async () => {
    await withDb(implementation, 'commit', async (db) => {
      assert.equal(db.inTransaction(), false);
      const result = await db.transaction(async () => {
        assert.equal(db.inTransaction(), true);
        await db.run('INSERT INTO items (id, label) VALUES (?, ?)', [1, 'kept']);
        return (await db.get<{ label: string }>('SELECT label FROM items WHERE id = ?', [1]))?.label;
      });
      assert.equal(result, 'kept');
      assert.equal(db.inTransaction(), false);
      assert.deepEqual(await db.all('SELECT id, label FROM items'), [{ id: 1, label: 'kept' }]);
    });
  });

  test(`${name}: a transaction whose work throws is rolled back and rejects with that error`, async () => {
    await withDb(implementation, 'rollback', async (db) => {
      const failure = new Error('changed my mind');
      const rejected = db.transaction(async () => {
        await db.run('INSERT INTO items (id) VALUES (?)', [1]);
        await db.run('UPDATE counters SET n = 5');
        throw failure;
      });
      await assert.rejects(rejected, (error) => error === failure);
      assert.deepEqual(await db.all('SELECT id FROM items'), []);
      assert.deepEqual(await db.get('SELECT n FROM counters'), { n: 0 });
    });
  });

  test(`${name}: a nested transaction is a savepoint: its rollback keeps the outer work`, async () => {
    await withDb(implementation, 'savepoint', async (db) => {
      await db.transaction(async () => {
        await db.run('INSERT INTO items (id, label) VALUES (?, ?)', [1, 'outer before']);
        await assert.rejects(
          db.transaction(async () => {
            await db.run('INSERT INTO items (id, label) VALUES (?, ?)', [2, 'inner']);
            throw new Error('inner fails');
          }),
          /inner fails/,
        );
        // A failing statement inside a savepoint (duplicate key) is recoverable the same way.
        await assert.rejects(db.transaction(() => db.run('INSERT INTO items (id, label) VALUES (?, ?)', [1, 'duplicate'])));
        await db.transaction(() => db.run('INSERT INTO items (id, label) VALUES (?, ?)', [3, 'inner kept']));
        await db.run('INSERT INTO items (id, label) VALUES (?, ?)', [4, 'outer after']);
      });
      assert.deepEqual(await db.all('SELECT id, label FROM items ORDER BY id'), [
        { id: 1, label: 'outer before' },
        { id: 3, label: 'inner kept' },
        { id: 4, label: 'outer after' },
      ]);
    });
  });

  // Serializable retries (PostgreSQL 40001) are tested in pg-db.test.ts with a forced conflict: two writers in a
  // tight loop on one row make a retried transaction lose again about half the time, so any retry bound is flaky here.
  for (const variant of ['UPDATE n = n + 1', 'read-modify-write with FOR UPDATE']) {
    test(`${name}: two concurrent writers incrementing one counter 50 times each add 100 (${variant})`, async () => {
      await withDb(implementation, 'counter', async (db) => {
        const increment = (): Promise<void> => {
          if (variant === 'UPDATE n = n + 1') return db.transaction(async () => void (await db.run('UPDATE counters SET n = n + 1 WHERE id = 1')));
          return db.transaction(async () => {
            const row = await db.get<{ n: number }>(`SELECT n FROM counters WHERE id = 1${forUpdate(db, 'FOR UPDATE')}`);
            await sleep(0); // widen the window between read and write, where a lost update would happen
            await db.run('UPDATE counters SET n = ? WHERE id = 1', [row!.n + 1]);
          });
        };
        const writer = async (): Promise<void> => {
          for (let i = 0; i < 50; i++) await increment();
        };
        await Promise.all([writer(), writer()]);
        assert.deepEqual(await db.get('SELECT n FROM counters WHERE id = 1'), { n: 100 });
      });
    });
  }

  test(`${name}: two concurrent job claimers never claim the same row`, async () => {
    await withDb(implementation, 'claims', async (db) => {
      for (let id = 1; id <= 30; id++) await db.run('INSERT INTO claims (id) VALUES (?)', [id]);
      // PostgreSQL: lock the first free row, skipping rows another claimer holds; SQLite: the writer is the lock.
      const claimSql = `SELECT id FROM claims WHERE claimed_by IS NULL ORDER BY id LIMIT 1${forUpdate(db, 'FOR UPDATE SKIP LOCKED')}`;
      const claimer = async (who: string): Promise<number[]> => {
        const claimed: number[] = [];
        for (;;) {
          const id = await db.transaction(async () => {
            const row = await db.get<{ id: number }>(claimSql);
            if (!row) return undefined;
            await sleep(0);
            await db.run('UPDATE claims SET claimed_by = ? WHERE id = ?', [who, row.id]);
            return row.id;
          });
          if (id === undefined) return claimed;
          claimed.push(id);
        }
      };
      const [a, b] = await Promise.all([claimer('a'), claimer('b')]);
      assert.deepEqual(
        [...a, ...b].sort((x, y) => x - y),
        Array.from({ length: 30 }, (_, i) => i + 1),
        'every row claimed exactly once',
      );
      const owners = await db.all<{ id: number; claimed_by: string }>('SELECT id, claimed_by FROM claims ORDER BY id');
      for (const { id, claimed_by } of owners) assert.equal(claimed_by, a.includes(id) ? 'a' : 'b');
    });
  });

  test(`${name}: afterCommit runs once the transaction committed, outside it, and not after a rollback`, async () => {
    await withDb(implementation, 'after_commit', async (db) => {
      const seen: string[] = [];
      const heard = new Promise<void>((resolve) => {
        void db.transaction(async () => {
          await db.run('INSERT INTO items (id, label) VALUES (?, ?)', [1, 'committed']);
          db.afterCommit(() => {
            // A listener reading the row the transaction wrote sees it, and is in no transaction.
            void db.get<{ label: string }>('SELECT label FROM items WHERE id = ?', [1]).then((row) => {
              seen.push(`${row?.label} in transaction: ${db.inTransaction()}`);
              resolve();
            });
          });
        });
      });
      await db
        .transaction(async () => {
          db.afterCommit(() => seen.push('rolled back'));
          throw new Error('no');
        })
        .catch(() => undefined);
      await heard;
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(seen, ['committed in transaction: false']);
    });
  });

  test(`${name}: a query from a promise that outlived its transaction is refused`, async () => {
    await withDb(implementation, 'outlived', async (db) => {
      let late: Promise<unknown> | undefined;
      await db.transaction(async () => {
        late = new Promise((resolve) => setTimeout(resolve, 10)).then(() => db.get('SELECT 1 AS one'));
      });
      await assert.rejects(late!, /after its transaction had ended/);
    });
  });

  test(`${name}: reads outside a transaction do not see its uncommitted writes`, async () => {
    await withDb(implementation, 'isolation', async (db) => {
      const written = gate();
      const finish = gate();
      const transaction = db.transaction(async () => {
        await db.run('INSERT INTO items (id, label) VALUES (?, ?)', [1, 'uncommitted']);
        await db.run('UPDATE counters SET n = 7 WHERE id = 1');
        written.open();
        await finish.opened;
      });
      await written.opened;
      try {
        assert.equal(db.inTransaction(), false, 'this test context is outside the transaction');
        assert.deepEqual(await db.all('SELECT id FROM items'), []);
        assert.deepEqual(await db.get('SELECT n FROM counters WHERE id = 1'), { n: 0 });
      } finally {
        finish.open(); // also when an assertion failed: close() would wait for the transaction for ever
      }
      await transaction;
      assert.deepEqual(await db.get('SELECT n FROM counters WHERE id = 1'), { n: 7 });
    });
  });

  test(`${name}: close() lets a running transaction commit, then refuses new queries`, async () => {
    const db = await implementation.open('close');
    await db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY)');
    const started = gate();
    const finish = gate();
    const transaction = db.transaction(async () => {
      await db.run('INSERT INTO items (id) VALUES (?)', [1]);
      started.open();
      await finish.opened;
      await db.run('INSERT INTO items (id) VALUES (?)', [2]);
    });
    await started.opened;
    const closed = db.close();
    finish.open();
    await transaction;
    await closed;
    await assert.rejects(db.get('SELECT 1 AS one'));
    await assert.rejects(db.transaction(async () => undefined));
    await db.close(); // twice is fine
  });
}
