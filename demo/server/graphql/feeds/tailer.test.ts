/**
 * The feed tailer across processes (issue 14): an event committed by process A reaches a subscriber of
 * process B; on PostgreSQL also one whose transaction took its seq first but committed after a later
 * one was already delivered. Two stores on one database stand for the two processes.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type Store } from '../../store/index.ts';
import { FeedHub, groupTopic } from './hub.ts';
import { FeedTailer } from './tailer.ts';
import { postgresForTests } from '../../../../test/support/postgres.ts';

const postgres = postgresForTests();
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function twoProcesses(dialect: 'sqlite' | 'postgres'): Promise<[Store, Store]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-tailer-'));
  dirs.push(dir);
  const databaseUrl = dialect === 'postgres' ? await postgres.database('tailer') : undefined;
  return [await openStore(dir, { databaseUrl }), await openStore(dir, { databaseUrl })];
}

const event = (body: string) => ({ feed: 'group' as const, groupId: 'g1', userId: null, body });

/** What the subscriber has received so far (without waiting for more). */
async function received(feed: AsyncIterableIterator<string>, count: number): Promise<string[]> {
  const got: string[] = [];
  for (let i = 0; i < count; i++) got.push((await feed.next()).value as string);
  return got;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  test(`${dialect}: an event committed by one process reaches a subscriber of another, once`, async () => {
    const [a, b] = await twoProcesses(dialect);
    await a.feedEvents.append(event('before process b started'));
    const hub = new FeedHub();
    const tailer = new FeedTailer(b, hub);
    try {
      const feed = hub.subscribe(groupTopic('g1'));
      await tailer.poll();
      await a.transaction(async () => {
        await a.feedEvents.append(event('one'));
        await a.feedEvents.append(event('two'));
      });
      await tailer.poll();
      await tailer.poll();
      assert.deepEqual(await received(feed, 2), ['one', 'two']);
      await a.feedEvents.append(event('three'));
      await tailer.poll();
      assert.deepEqual(await received(feed, 1), ['three'], 'nothing twice, nothing from before process b started');
      await feed.return!();
    } finally {
      tailer.stop();
      await a.close();
      await b.close();
    }
  });
}

test('postgres: an event whose transaction commits after a later one was delivered still arrives', async () => {
  const [a, b] = await twoProcesses('postgres');
  const hub = new FeedHub();
  const tailer = new FeedTailer(b, hub);
  try {
    const feed = hub.subscribe(groupTopic('g1'));
    await tailer.poll();
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let appended!: () => void;
    const hasSeq = new Promise<void>((resolve) => (appended = resolve));
    // A slow transaction takes the lower seq...
    const slow = a.transaction(async () => {
      await a.feedEvents.append(event('slow'));
      appended();
      await committing;
    });
    await hasSeq;
    // ...a quick one (another connection, as another process would) the higher, and commits first.
    await a.feedEvents.append(event('quick'));
    await tailer.poll();
    assert.deepEqual(await received(feed, 1), ['quick']);
    commit();
    await slow;
    await tailer.poll();
    assert.deepEqual(await received(feed, 1), ['slow'], 'the late commit is delivered, not skipped');
    await a.feedEvents.append(event('after'));
    await tailer.poll();
    assert.deepEqual(await received(feed, 1), ['after'], 'and not delivered twice');
    await feed.return!();
  } finally {
    tailer.stop();
    await a.close();
    await b.close();
  }
});
