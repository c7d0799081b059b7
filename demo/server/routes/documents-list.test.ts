import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, createTenant, call, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { addMember, addTemplate, person, sendBody } from '../../../test/support/server/documents.ts';

let t: TestApp;
let member: { userId: string; key: string };
let other: { userId: string; groupId: string; key: string };
let otherDoc: string;
const ids: string[] = [];
let between = '';

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  member = await addMember(t.app, t.groupId, 'Member');
  other = await createTenant(t.app, 'Other');
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  // Five documents: three by the admin, two by the member; a pause in the middle splits them in time.
  for (let i = 0; i < 5; i++) {
    if (i === 3) {
      await sleep(15);
      between = new Date().toISOString();
      await sleep(15);
    }
    const key = i % 2 === 0 ? t.key : member.key;
    const res = await call(t.app, key, 'POST', '/api/v1/document/', sendBody(t.groupId, tpl.id, { name: `Doc ${i}`, tag: `t${i}` }));
    assert.equal(res.statusCode, 201, res.body);
    ids.push(res.json().uuid);
  }
  const otherTpl = await addTemplate(t.app, { groupId: other.groupId, userId: other.userId });
  const res = await call(t.app, other.key, 'POST', '/api/v1/document/', sendBody(other.groupId, otherTpl.id));
  assert.equal(res.statusCode, 201, res.body);
  otherDoc = res.json().uuid;
});
after(() => t.close());

const names = (res: { json(): { objects: { name: string }[] } }) => res.json().objects.map((o) => o.name);

test("the list is newest first, with tag and location, and only the key's groups", async () => {
  const res = await call(t.app, t.key, 'GET', '/api/v1/document/');
  assert.equal(res.statusCode, 200);
  assert.deepEqual(names(res), ['Doc 4', 'Doc 3', 'Doc 2', 'Doc 1', 'Doc 0']);
  const first = res.json().objects[0];
  assert.equal(first.tag, 't4');
  assert.equal(first.location, `/api/v1/status/${ids[4]}/`);
  assert.equal(first.signers.length, 2);
  assert.deepEqual(res.json().meta, { limit: 20, offset: 0, total_count: 5, next: null, previous: null });
  const theirs = await call(t.app, other.key, 'GET', '/api/v1/document/');
  assert.deepEqual(
    theirs.json().objects.map((o: { uuid: string }) => o.uuid),
    [otherDoc],
  );
});

test('filters: sentUserId, created_gt, modified_gt, status, group, nosigners', async () => {
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?sentUserId=${member.userId}`)), ['Doc 3', 'Doc 1']);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?sentUserId=/api/v1/user/${t.adminId}/`)), ['Doc 4', 'Doc 2', 'Doc 0']);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?created_gt=${encodeURIComponent(between)}`)), ['Doc 4', 'Doc 3']);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?created_gt=2000-01-01`)).length, 5);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?created_gt=2999-01-01T00:00:00%2B02:00`)), []);

  const modifiedMark = new Date().toISOString();
  await sleep(15);
  assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/document/${ids[0]}/`)).statusCode, 204);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?modified_gt=${encodeURIComponent(modifiedMark)}`)), ['Doc 0']);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', '/api/v1/document/?status=40')), ['Doc 0']);
  assert.equal(names(await call(t.app, t.key, 'GET', '/api/v1/document/?status=10')).length, 4);
  assert.equal(names(await call(t.app, t.key, 'GET', '/api/v1/document/?archived=false')).length, 4);

  assert.equal(names(await call(t.app, t.key, 'GET', `/api/v1/document/?group=/api/v1/group/${t.groupId}/`)).length, 5);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?group=${other.groupId}`)), [], 'another group lists nothing');
  const bare = (await call(t.app, t.key, 'GET', '/api/v1/document/?nosigners=1')).json().objects[0];
  assert.equal('signers' in bare, false);
  assert.deepEqual(names(await call(t.app, t.key, 'GET', '/api/v1/document/?email=ANN@example.com')).length, 5);
});

test('bad filters answer 400 naming the field', async () => {
  for (const [query, field] of [
    ['created_gt=yesterday', 'created_gt'],
    ['modified_gt=2026-13-45', 'modified_gt'],
    ['status=11', 'status'],
    ['status=abc', 'status'],
    ['limit=0', 'limit'],
    ['sentUserId=/api/v1/group/x/', 'sentUserId'],
  ]) {
    const res = await call(t.app, t.key, 'GET', `/api/v1/document/?${query}`);
    assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
    assert.equal(errorOf(res).fields?.[0].field, field, query);
  }
});

test('next and previous carry every active filter and walk the whole list', async () => {
  const first = await call(t.app, t.key, 'GET', `/api/v1/document/?sentUserId=${t.adminId}&created_gt=2000-01-01&status=10&limit=1`);
  const meta = first.json().meta;
  assert.equal(meta.total_count, 2);
  assert.equal(meta.previous, null);
  const next = new URL(meta.next, 'http://x');
  assert.equal(next.pathname, '/api/v1/document/');
  const { cursor, ...kept } = Object.fromEntries(next.searchParams);
  assert.deepEqual(kept, { sentUserId: t.adminId, created_gt: '2000-01-01', status: '10', limit: '1' });
  assert.match(cursor, /^[A-Za-z0-9_-]+$/, 'next continues from an opaque keyset cursor');
  const second = await call(t.app, t.key, 'GET', meta.next);
  assert.deepEqual(names(second), ['Doc 2']);
  assert.equal(second.json().meta.offset, 1, 'a cursor page still says where it stands');
  const back = new URL(second.json().meta.previous, 'http://x');
  const { cursor: backCursor, ...backKept } = Object.fromEntries(back.searchParams);
  assert.deepEqual(backKept, { sentUserId: t.adminId, created_gt: '2000-01-01', status: '10', limit: '1' });
  assert.deepEqual(names(await call(t.app, t.key, 'GET', `/api/v1/document/?sentUserId=${t.adminId}&status=10&limit=1&cursor=${backCursor}`)), names(first));
  assert.equal(second.json().meta.next, null);
});

test("another group's key sees nothing of these documents: 404 everywhere", async () => {
  const id = ids[1];
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${id}/`)).json();
  const signerId = detail.signer_objects[0].uuid;
  const paths: [string, string][] = [
    ['GET', `/api/v1/document/${id}/`],
    ['GET', `/api/v1/status/${id}/`],
    ['GET', `/api/v1/pdf/${id}/`],
    ['GET', `/api/v1/document/${id}/fields/`],
    ['GET', `/api/v1/document/${id}/auditlog/`],
    ['DELETE', `/api/v1/document/${id}/`],
    ['GET', `/api/v1/signer/${signerId}/`],
    ['GET', `/api/v1/signer/${signerId}/component-token/`],
  ];
  for (const [method, path] of paths) {
    const res = await call(t.app, other.key, method as 'GET', path);
    assert.equal(res.statusCode, 404, `${method} ${path}: ${res.body}`);
    assert.ok(!res.body.includes('Doc 1') && !res.body.includes('ann@example.com'), `${path} leaks`);
  }
  // And the owner still sees it all (the 404s above were not accidents).
  for (const [method, path] of paths.filter(([m]) => m === 'GET')) {
    const res = await call(t.app, t.key, method as 'GET', path);
    assert.equal(res.statusCode, 200, `${method} ${path}: ${res.body}`);
  }
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/status/${id}/`)).json().status, 10, 'the foreign DELETE changed nothing');
});

test('sending into another group or from its template is refused without saying what exists', async () => {
  const mine = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const theirs = await addTemplate(t.app, { groupId: other.groupId, userId: other.userId });
  const intoTheirs = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(other.groupId, mine.id));
  assert.equal(intoTheirs.statusCode, 400);
  assert.deepEqual(
    errorOf(intoTheirs).fields?.map((f) => f.field),
    ['group'],
  );
  const fromTheirs = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, theirs.id, { signers: [person('Ann')] }));
  assert.equal(fromTheirs.statusCode, 400);
  assert.match(errorOf(fromTheirs).message, /not found, or your API key cannot see it/);
});
