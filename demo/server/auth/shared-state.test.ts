/**
 * Rate-limit windows and single-use sign-in blocks are shared by every server process of a deployment
 * (issue 14): two stores opened on one database stand for two processes. Runs on SQLite and on a real
 * PostgreSQL 15 this file starts.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type Store } from '../store/index.ts';
import { MemoryWindows, RateLimiter, windowsOf } from './rate-limit.ts';
import { SingleUse } from './challenge-block.ts';
import { postgresForTests } from '../../../test/support/postgres.ts';

const postgres = postgresForTests();
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function twoProcesses(dialect: 'sqlite' | 'postgres', name: string): Promise<[Store, Store]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `esign-shared-${name}-`));
  dirs.push(dir);
  const databaseUrl = dialect === 'postgres' ? await postgres.database(name) : undefined;
  return [await openStore(dir, { databaseUrl }), await openStore(dir, { databaseUrl })];
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  test(`${dialect}: two processes count calls in one window: exactly the limit is allowed, then 429 until the window is over`, async () => {
    const [a, b] = await twoProcesses(dialect, 'rate');
    try {
      const windowMs = 60_000;
      const now = Date.now();
      const limiters = [new RateLimiter(a.sharedState, windowMs, 'api'), new RateLimiter(b.sharedState, windowMs, 'api')];
      // 80 calls at once, alternating between the processes, against a limit of 30.
      const states = await Promise.all(Array.from({ length: 80 }, (_, i) => limiters[i % 2]!.hit('key:k1', 30, now)));
      assert.equal(states.filter((s) => s.allowed).length, 30, 'no call is lost or counted twice between the processes');
      assert.deepEqual(
        [...states.filter((s) => s.allowed).map((s) => s.remaining)].sort((x, y) => x - y),
        Array.from({ length: 30 }, (_, i) => i),
      );
      assert.ok(states.every((s) => s.resetSeconds === 60));
      assert.deepEqual(await limiters[1]!.peek('key:k1', 30, now + 1000), { allowed: false, limit: 30, remaining: 0, resetSeconds: 59 });
      assert.equal((await limiters[0]!.hit('key:k2', 30, now)).remaining, 29, 'another bucket has its own window');
      const otherLimiter = new RateLimiter(b.sharedState, windowMs, 'verify');
      assert.equal((await otherLimiter.hit('key:k1', 30, now)).remaining, 29, 'another limiter has its own buckets');
      const next = await limiters[1]!.hit('key:k1', 30, now + windowMs);
      assert.deepEqual(next, { allowed: true, limit: 30, remaining: 29, resetSeconds: 60 }, 'a new window starts when the last is over');
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(`${dialect}: a sign-in block answered on one process is refused on the other`, async () => {
    const [a, b] = await twoProcesses(dialect, 'once');
    try {
      const expires = Date.now() + 60_000;
      const ids = Array.from({ length: 20 }, (_, i) => `block-${i}`);
      const onA = new SingleUse(a.sharedState);
      const onB = new SingleUse(b.sharedState);
      // Each block answered on both processes at once: exactly one of the two takes it.
      const taken = await Promise.all(ids.map(async (id) => [await onA.take(id, expires), await onB.take(id, expires)]));
      for (const [x, y] of taken) assert.equal(Number(x) + Number(y), 1);
      assert.equal(await onB.take('block-0', expires), false);
      // Expired ids are forgotten (an expired block is refused before its id is looked at).
      await a.sharedState.takeOnce('old', Date.now() - 1);
      assert.equal(await a.sharedState.pruneUsed(), 1);
    } finally {
      await a.close();
      await b.close();
    }
  });
}

test('windowsOf: the database on PostgreSQL, memory on SQLite (one process); memory windows count as the shared ones do', async () => {
  const [sqlite] = await twoProcesses('sqlite', 'which');
  const [pg, other] = await twoProcesses('postgres', 'which');
  try {
    assert.equal(windowsOf(pg), pg.sharedState);
    assert.ok(windowsOf(sqlite) instanceof MemoryWindows);
    assert.equal(windowsOf(sqlite), windowsOf(sqlite), 'one counter per store');
    const now = Date.now();
    const memory = new RateLimiter(new MemoryWindows(), 60_000, 'api');
    const states = await Promise.all(Array.from({ length: 40 }, () => memory.hit('k', 30, now)));
    assert.equal(states.filter((s) => s.allowed).length, 30);
    assert.deepEqual(await memory.peek('k', 30, now + 1000), { allowed: false, limit: 30, remaining: 0, resetSeconds: 59 });
    assert.equal((await memory.hit('k', 30, now + 60_000)).remaining, 29, 'a new window');
  } finally {
    await sqlite.close();
    await pg.close();
    await other.close();
  }
});
