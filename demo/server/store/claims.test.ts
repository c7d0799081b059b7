/**
 * Claiming background work when several processes share one database (issue 14): two stores opened
 * on the same database stand for two server processes. On both dialects, claimers running at the
 * same time never get the same row (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite: its one writer),
 * and a claim whose lease has lapsed (its process died) is taken over. Every case runs on SQLite and
 * on a real PostgreSQL 15 this file starts.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type Store } from './index.ts';
import { ensureInitialSetup } from '../services/bootstrap.ts';
import { postgresForTests } from '../../../test/support/postgres.ts';

const postgres = postgresForTests();
const LEASE = 60_000;

interface Pair {
  a: Store;
  b: Store;
  groupId: string;
  userId: string;
}

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Two stores on one database: what two `serve` processes have. */
async function pair(dialect: 'sqlite' | 'postgres', name: string): Promise<Pair> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `esign-claims-${name}-`));
  dirs.push(dir);
  const databaseUrl = dialect === 'postgres' ? await postgres.database(name) : undefined;
  const a = await openStore(dir, { databaseUrl });
  const b = await openStore(dir, { databaseUrl });
  const setup = (await ensureInitialSetup(a))!;
  const admin = (await a.users.firstAdmin())!;
  return { a, b, groupId: setup.groupId, userId: admin.id };
}

async function closeBoth(p: Pair): Promise<void> {
  await p.a.close();
  await p.b.close();
}

/** Claims in small batches until nothing is left; returns every id it got. */
async function drain(claim: () => Promise<string[]>): Promise<string[]> {
  const got: string[] = [];
  for (;;) {
    const ids = await claim();
    if (ids.length === 0) return got;
    got.push(...ids);
  }
}

function assertSplit(a: string[], b: string[], all: string[]): void {
  assert.equal(new Set([...a, ...b]).size, a.length + b.length, 'no row was claimed by both');
  assert.deepEqual([...a, ...b].sort(), [...all].sort(), 'every row was claimed');
}

async function addDocuments(p: Pair, count: number): Promise<string[]> {
  const ids: string[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await p.a.sql.run(
      `INSERT INTO documents (id, group_id, user_id, name, status, template_ids_json, page_count, pages_json, source_file, created, modified)
       VALUES (?, ?, ?, ?, 10, '[]', 1, '[]', ?, ?, ?)`,
      [id, p.groupId, p.userId, `doc ${i}`, `source-${id}`, now, now],
    );
    ids.push(id);
  }
  return ids;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  test(`${dialect}: background jobs: two processes claiming together never get the same job; a lapsed lease is taken over`, async () => {
    const p = await pair(dialect, 'jobs');
    try {
      const all: string[] = [];
      for (const documentId of await addDocuments(p, 40)) all.push((await p.a.jobs.ensure('final_pdf', documentId)).id);
      const claimer = (store: Store, owner: string) => drain(async () => (await store.jobs.claimDue(owner, LEASE, 3)).map((j) => j.id));
      const [a, b] = await Promise.all([claimer(p.a, 'process-a'), claimer(p.b, 'process-b')]);
      assertSplit(a, b, all);
      assert.deepEqual(await p.a.jobs.claimDue('process-c', LEASE, 100), [], 'nothing is claimable while the leases run');
      // Process a died: once its leases lapse, another process takes its jobs over (one more attempt each).
      const later = Date.now() + LEASE + 1;
      const taken = await p.b.jobs.claimDue('process-c', LEASE, 100, later);
      assert.deepEqual(taken.map((j) => j.id).sort(), [...all].sort());
      assert.ok(taken.every((j) => j.leaseOwner === 'process-c' && j.attempts === 2));
      assert.equal(await p.a.jobs.finish(a[0]!, 'process-a', { state: 'done' }), false, 'the dead owner can no longer record an outcome');
      assert.equal(await p.a.jobs.releaseLeases(), dialect === 'sqlite' ? all.length : 0, 'on PostgreSQL a starting process leaves live leases alone');
    } finally {
      await closeBoth(p);
    }
  });

  test(`${dialect}: webhook deliveries: two processes claiming together never get the same delivery; a lapsed lease is taken over`, async () => {
    const p = await pair(dialect, 'webhooks');
    try {
      const now = Date.now();
      const registrations = ['r1', 'r2', 'r3'];
      for (const id of registrations) {
        await p.a.webhooks.insertRegistration({
          id,
          userId: p.userId,
          callbackUrl: `https://example.com/${id}`,
          objectFilter: '',
          eventFilter: '',
          groupId: p.groupId,
          notify: '',
          hmacSecret: null,
          now,
        });
      }
      const all: string[] = [];
      for (let i = 0; i < 30; i++) {
        const eventId = crypto.randomUUID();
        await p.a.webhooks.insertEvent({
          id: eventId,
          object: 'document',
          event: 'created',
          subjectId: 'x',
          documentId: null,
          recipientId: null,
          groupId: p.groupId,
          onceKey: null,
          origin: 'event',
          body: '{}',
          now,
        });
        all.push(String(await p.a.webhooks.insertDelivery(eventId, registrations[i % 3]!, 'pending', now)));
      }
      const claimer = (store: Store, owner: string) =>
        drain(async () => (await store.webhooks.claimDue(owner, Date.now() + LEASE, 100, 2, Date.now())).map(String));
      const [a, b] = await Promise.all([claimer(p.a, 'process-a'), claimer(p.b, 'process-b')]);
      assertSplit(a, b, all);
      const later = Date.now() + LEASE + 1;
      const taken = await p.b.webhooks.claimDue('process-c', later + LEASE, 100, 100, later);
      assert.deepEqual(taken.map(String).sort(), [...all].sort(), 'every delivery of the dead process is taken over');
    } finally {
      await closeBoth(p);
    }
  });

  test(`${dialect}: batch tasks: two processes claiming together never get the same task; a lapsed lease is taken over`, async () => {
    const p = await pair(dialect, 'tasks');
    try {
      const all: string[] = [];
      for (let i = 0; i < 20; i++) {
        const id = crypto.randomUUID();
        await p.a.tasks.create({ id, kind: 'batch', groupId: p.groupId, userId: p.userId, title: `batch ${i}`, status: 'TODO', total: 1 });
        all.push(id);
      }
      const claimer = (store: Store, owner: string) => drain(async () => (await store.tasks.claimOpen(owner, LEASE, 2)).map((t) => t.id));
      const [a, b] = await Promise.all([claimer(p.a, 'process-a'), claimer(p.b, 'process-b')]);
      assertSplit(a, b, all);
      const taken = await p.b.tasks.claimOpen('process-c', LEASE, 100, Date.now() + LEASE + 1);
      assert.deepEqual(taken.map((t) => t.id).sort(), [...all].sort());
      assert.ok(taken.every((t) => t.status === 'INPROGRESS'));
    } finally {
      await closeBoth(p);
    }
  });

  test(`${dialect}: emails: two processes claiming together never get the same email; a lapsed lease is taken over; only the owner marks it`, async () => {
    const p = await pair(dialect, 'emails');
    try {
      const all: string[] = [];
      for (let i = 0; i < 30; i++) {
        all.push(
          await p.a.history.queueEmail({
            documentId: null,
            recipientId: null,
            kind: 'test',
            to: `p${i}@example.com`,
            cc: [],
            subject: 's',
            text: 't',
            html: '',
          }),
        );
      }
      const claimer = (store: Store, owner: string) => drain(async () => (await store.history.claimEmails(owner, LEASE, 2, 10)).map((e) => e.id));
      const [a, b] = await Promise.all([claimer(p.a, 'process-a'), claimer(p.b, 'process-b')]);
      assertSplit(a, b, all);
      const later = Date.now() + LEASE + 1;
      const taken = await p.b.history.claimEmails('process-c', LEASE, 100, 10, later);
      assert.deepEqual(taken.map((e) => e.id).sort(), [...all].sort());
      assert.equal(await p.a.history.markEmailSent(a[0]!, 'process-a'), false, 'the lapsed owner cannot mark it sent');
      assert.equal(await p.b.history.markEmailSent(a[0]!, 'process-c'), true);
      assert.equal(await p.b.history.markEmailFailed(a[1]!, 'process-c', 'refused'), true);
      const rows = await p.a.history.emails();
      assert.equal(rows.find((e) => e.id === a[0])!.sentAt !== null, true);
      assert.deepEqual(
        (await p.a.history.claimEmails('process-d', LEASE, 100, 10, later)).map((e) => e.id),
        [a[1]],
        'a failed email is free again at once; a sent one never',
      );
    } finally {
      await closeBoth(p);
    }
  });

  test(`${dialect}: a recipient whose reminder another process is deciding is passed over`, async () => {
    const p = await pair(dialect, 'reminders');
    try {
      const [documentId] = await addDocuments(p, 1);
      const recipientId = crypto.randomUUID();
      await p.a.sql.run(
        `INSERT INTO document_recipients (id, document_id, position, order_no, role, signer_number, email, firstname, lastname, status, created, modified)
         VALUES (?, ?, 0, 1, 'signer', 1, 'r@example.com', 'R', 'R', 20, ?, ?)`,
        [recipientId, documentId!, new Date().toISOString(), new Date().toISOString()],
      );
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const first = p.a.transaction(async () => {
        assert.equal(await p.a.history.lockForReminder(recipientId), true);
        locked();
        await held;
      });
      await isLocked;
      if (dialect === 'postgres') {
        // Process b does not wait for process a: it skips the recipient a is deciding.
        assert.equal(await p.b.transaction(() => p.b.history.lockForReminder(recipientId)), false);
      }
      release();
      await first;
      assert.equal(await p.b.transaction(() => p.b.history.lockForReminder(recipientId)), true, 'free again once a committed');
      assert.equal(await p.b.transaction(() => p.b.history.lockForReminder('no-such-recipient')), false);
    } finally {
      await closeBoth(p);
    }
  });
}
