import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { addMember, addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { explainDocumentList } from '../store/document-list.ts';

let t: TestApp;
let member: { userId: string; key: string };
const sent: string[] = []; // oldest first

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  member = await addMember(t.app, t.groupId, 'Member');
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  for (let i = 0; i < 23; i++) {
    const res = await call(t.app, i % 3 === 0 ? member.key : t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tpl.id, { name: `Doc ${i}` }));
    assert.equal(res.statusCode, 201, res.body);
    sent.push(res.json().uuid);
  }
});
after(() => t.close());

type Page = { meta: { offset: number; total_count: number; next: string | null; previous: string | null }; objects: { uuid: string }[] };
const page = async (url: string): Promise<Page> => {
  const res = await call(t.app, t.key, 'GET', url);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Page;
};

test('next cursors walk every document once, newest first, and previous cursors walk back the same pages', async () => {
  const pages: Page[] = [await page('/api/v1/document/?limit=5&nosigners=1')];
  while (pages.at(-1)!.meta.next) pages.push(await page(pages.at(-1)!.meta.next!));
  assert.deepEqual(
    pages.map((p) => p.meta.offset),
    [0, 5, 10, 15, 20],
  );
  assert.deepEqual(
    pages.flatMap((p) => p.objects.map((o) => o.uuid)),
    [...sent].reverse(),
  );
  // Offset links keep working.
  assert.deepEqual((await page('/api/v1/document/?limit=5&offset=10&nosigners=1')).objects, pages[2].objects);
  // A document sent meanwhile does not shift a cursor page (an offset page would repeat a row).
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const extra = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tpl.id));
  assert.equal(extra.statusCode, 201);
  const again = await page(pages[1].meta.next!);
  assert.deepEqual(again.objects, pages[2].objects);
  // Walking back from the last page gives the same pages in reverse.
  let back = pages.at(-1)!;
  for (let i = pages.length - 2; i >= 0; i--) {
    back = await page(back.meta.previous!);
    assert.deepEqual(
      back.objects.map((o) => o.uuid),
      pages[i].objects.map((o) => o.uuid),
      `page ${i}`,
    );
  }
  assert.equal(back.meta.previous, null);
});

test('total_count comes from the counters and stays right as documents change status', async () => {
  const all = await page('/api/v1/document/?limit=1');
  const bySender = await page(`/api/v1/document/?limit=1&sentUserId=${member.userId}`);
  assert.equal(bySender.meta.total_count, 8);
  const removed = await call(t.app, t.key, 'DELETE', `/api/v1/document/${sent[0]}/`);
  assert.ok(removed.statusCode < 300, removed.body);
  assert.equal((await page('/api/v1/document/?limit=1&status=40')).meta.total_count, 1);
  assert.equal((await page('/api/v1/document/?limit=1&archived=false')).meta.total_count, all.meta.total_count - 1);
  assert.equal((await page(`/api/v1/document/?limit=1&sentUserId=${member.userId}&status=10`)).meta.total_count, 7);
  assert.equal((await page('/api/v1/document/?limit=1')).meta.total_count, all.meta.total_count);
});

test('a cursor the server did not give out is 400 invalid_cursor', async () => {
  for (const cursor of ['garbage', Buffer.from('[1,2,3]').toString('base64url'), Buffer.from('["x",1,"n",-1]').toString('base64url')]) {
    const res = await call(t.app, t.key, 'GET', `/api/v1/document/?cursor=${cursor}`);
    assert.equal(res.statusCode, 400);
    assert.equal(errorOf(res).code, 'invalid_cursor');
  }
});

test('no list filter scans the documents table, for the page or the count', async () => {
  const db = t.app.store.sql;
  const base = { groupIds: [t.groupId], limit: 20, offset: 0 };
  const keyset = { created: new Date().toISOString(), rowid: 10, direction: 'next' as const };
  const filters = [
    {},
    { status: 10 },
    { archived: false },
    { userId: member.userId },
    { createdGt: '2000-01-01' },
    { modifiedGt: '2000-01-01' },
    { keyset },
    { status: 20, keyset: { ...keyset, direction: 'previous' as const } },
  ];
  for (const filter of filters) {
    const plan = await explainDocumentList(db, { ...base, ...filter });
    for (const step of [...plan.count, ...plan.page]) assert.doesNotMatch(step, /^SCAN documents\b/, `${JSON.stringify(filter)}: ${step}`);
  }
});
