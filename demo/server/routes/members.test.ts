import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, errorOf } from '../../../test/support/server/app.ts';

test('a registered user joins at once; anyone else is invited, by email when asked; repeats are 400', async () => {
  const t = await createTestApp({ rateLimits: { sandbox: 1000, production: 1000, windowMs: 3600_000 } });
  try {
    const group = `/api/v1/group/${t.groupId}/`;
    const other = await createTenant(t.app, 'Bob');
    const invitations = async () => (await t.app.store.history.emails({})).filter((e) => e.kind === 'group_invitation');

    const joined = await call(t.app, t.key, 'POST', '/api/v1/member/', { group, email: 'bob@example.com', permission: 3 });
    assert.equal(joined.statusCode, 201, joined.body);
    assert.match(String(joined.headers.location), /^\/api\/v1\/member\/[0-9a-f-]{36}\/$/);
    assert.equal((await t.app.store.members.find(other.userId, t.groupId))?.id, String(joined.headers.location).split('/')[4]);
    const again = await call(t.app, t.key, 'POST', '/api/v1/member/', { group, email: 'bob@example.com' });
    assert.equal(again.statusCode, 400);
    assert.equal(errorOf(again).code, 'member_exists');

    const quiet = await call(t.app, t.key, 'POST', '/api/v1/member/', { group, email: 'quiet@example.com' });
    assert.equal(quiet.statusCode, 201, quiet.body);
    assert.match(String(quiet.headers.location), /^\/api\/v1\/invited\/[0-9a-f-]{36}\/$/);
    assert.equal((await invitations()).length, 0, 'no email without do_email');

    const emailed = await call(t.app, t.key, 'POST', '/api/v1/member/', { group, email: 'new@example.com', do_email: true });
    assert.equal(emailed.statusCode, 201, emailed.body);
    const sent = await invitations();
    assert.equal(sent.length, 1);
    assert.equal(sent[0].to, 'new@example.com');
    assert.match(sent[0].subject, /^You are invited to join /);
    assert.match(sent[0].text, /admin@localhost invites you to join/);
    const twice = await call(t.app, t.key, 'POST', '/api/v1/member/', { group, email: 'new@example.com', do_email: true });
    assert.equal(twice.statusCode, 400);
    assert.equal(errorOf(twice).code, 'already_invited');
    assert.equal((await invitations()).length, 1, 'a refused invitation queues nothing');
  } finally {
    await t.close();
  }
});
