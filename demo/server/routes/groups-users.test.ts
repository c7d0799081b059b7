import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { call, createTenant, createTestApp, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { verifyPassword } from '../auth/passwords.ts';

describe('groups', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('create with only a name; the creator becomes a member; Location points at it', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'Sales Team' });
    assert.equal(res.statusCode, 201);
    const group = res.json() as { uuid: string; resource_uri: string; slug: string; name: string; xframe_allow: boolean; components_enabled: boolean };
    assert.equal(res.headers.location, group.resource_uri);
    assert.equal(group.name, 'Sales Team');
    assert.equal(group.slug, 'sales-team');
    assert.equal(group.xframe_allow, false);
    assert.equal(group.components_enabled, true);
    const detail = await call(t.app, t.key, 'GET', group.resource_uri);
    assert.equal(detail.statusCode, 200);
    assert.equal((await call(t.app, t.key, 'GET', '/api/v1/group/sales-team/')).statusCode, 200);
  });

  test('the changelog path /api/v1/group/name/ creates too, with xframe_allow and settings', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/group/name/', {
      name: 'Legal',
      xframe_allow: 'true',
      default_cc: 'a@example.com, b@example.com',
      default_message_template: 'Please sign {{name}}',
      components_enabled: 0,
      deletion_requires_approval: 1,
      retention_days: 30,
    });
    assert.equal(res.statusCode, 201, res.body);
    const group = res.json() as Record<string, unknown>;
    assert.equal(group.xframe_allow, true);
    assert.equal(group.default_cc, 'a@example.com, b@example.com');
    assert.equal(group.default_message_template, 'Please sign {{name}}');
    assert.equal(group.components_enabled, false);
    assert.equal(group.deletion_requires_approval, true);
    assert.equal(group.retention_days, 30);
  });

  test("PATCH answers 202; the description's group properties are kept and shown", async () => {
    const res = await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { public_name: 'Acme Ltd', pagesize: 2, header: 'ACME' });
    assert.equal(res.statusCode, 202, res.body);
    const group = (await call(t.app, t.key, 'GET', `/api/v1/group/${t.groupId}/`)).json() as Record<string, unknown>;
    assert.equal(group.public_name, 'Acme Ltd');
    assert.equal(group.pagesize, 2);
    assert.equal(group.header, 'ACME');
    assert.equal(group.is_active, true);
    assert.equal(group.user, `/api/v1/user/${t.adminId}/`);
    assert.ok(
      Array.isArray(group.members) && (group.members as string[]).every((m) => /^\/api\/v1\/member\/[0-9a-f-]{36}\/$/.test(m)),
      JSON.stringify(group.members),
    );
    assert.equal((await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { public_name: 5 })).statusCode, 400);
  });

  test('bad group input: blank name, bad cc, wrong types', async () => {
    assert.equal((await call(t.app, t.key, 'POST', '/api/v1/group/', { name: '   ' })).statusCode, 400);
    const cc = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'x', default_cc: 'not-an-email' });
    assert.equal(cc.statusCode, 400);
    assert.equal(errorOf(cc).fields![0]!.field, 'default_cc');
    const days = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'x', retention_days: 'ten' });
    assert.equal(days.statusCode, 400);
    assert.equal(errorOf(days).fields![0]!.field, 'retention_days');
  });

  test('list is paginated in the {meta, objects} shape', async () => {
    const res = await call(t.app, t.key, 'GET', '/api/v1/group/?limit=1');
    const body = res.json() as {
      meta: { limit: number; offset: number; total_count: number; next: string | null; previous: string | null };
      objects: { resource_uri: string }[];
    };
    assert.equal(body.meta.limit, 1);
    assert.ok(body.meta.total_count >= 3);
    assert.equal(body.objects.length, 1);
    assert.equal(body.meta.next, '/api/v1/group/?limit=1&offset=1');
    const next = (await call(t.app, t.key, 'GET', body.meta.next!)).json() as { meta: { previous: string } };
    assert.equal(next.meta.previous, '/api/v1/group/?limit=1&offset=0');
  });

  test('a key of another group sees none of these groups', async () => {
    const other = await createTenant(t.app, 'Stranger');
    const list = (await call(t.app, other.key, 'GET', '/api/v1/group/')).json() as { objects: { uuid: string }[] };
    assert.deepEqual(
      list.objects.map((g) => g.uuid),
      [other.groupId],
    );
    for (const ref of [t.groupId, 'sales-team', 'default']) {
      const res = await call(t.app, other.key, 'GET', `/api/v1/group/${ref}/`);
      assert.equal(res.statusCode, 404);
      assert.ok(!res.body.includes('Default'));
      assert.equal((await call(t.app, other.key, 'PATCH', `/api/v1/group/${ref}/`, { name: 'hijacked' })).statusCode, 404);
    }
  });
});

describe('users', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('an admin creates a sub-user with a permanent, hashed password', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/user/', {
      email: 'Sub@Example.com',
      first_name: 'Sub',
      last_name: 'User',
      password: 'correct horse battery',
      groups: `/api/v1/group/${t.groupId}/`,
    });
    assert.equal(res.statusCode, 201, res.body);
    const user = res.json() as { uuid: string; resource_uri: string; groups: string[]; password_permanent: boolean; password?: string };
    assert.equal(res.headers.location, user.resource_uri);
    assert.deepEqual(user.groups, [`/api/v1/group/${t.groupId}/`]);
    assert.equal(user.password_permanent, true);
    assert.equal(user.password, undefined);
    const stored = (await t.app.store.users.get(user.uuid))!;
    assert.ok(stored.passwordHash!.startsWith('scrypt$'));
    assert.ok(verifyPassword('correct horse battery', stored.passwordHash!));
    assert.ok(!verifyPassword('wrong', stored.passwordHash!));
  });

  test('without a password one is generated and shown once', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/user/', { email: 'gen@example.com', first_name: 'Gen', last_name: 'Erated' });
    assert.equal(res.statusCode, 201);
    const user = res.json() as { uuid: string; password: string };
    assert.ok(user.password.length >= 20);
    assert.ok(verifyPassword(user.password, (await t.app.store.users.get(user.uuid))!.passwordHash!));
  });

  test('duplicates 400, bad email 400, names required 400, foreign group 400, non-admin 403', async () => {
    const names = { first_name: 'Ann', last_name: 'Other' };
    const duplicate = await call(t.app, t.key, 'POST', '/api/v1/user/', { email: 'sub@example.com', ...names });
    assert.equal(duplicate.statusCode, 400);
    assert.equal(errorOf(duplicate).code, 'user_exists');
    const noLastName = await call(t.app, t.key, 'POST', '/api/v1/user/', { email: 'half@example.com', first_name: 'Half' });
    assert.equal(noLastName.statusCode, 400);
    assert.ok(
      errorOf(noLastName).fields!.some((f) => f.field === 'last_name'),
      noLastName.body,
    );
    assert.equal(await t.app.store.users.findByEmail('half@example.com'), undefined);
    const bad = await call(t.app, t.key, 'POST', '/api/v1/user/', { email: 'nope', ...names });
    assert.equal(bad.statusCode, 400);
    assert.equal(errorOf(bad).fields![0]!.field, 'email');
    const other = await createTenant(t.app, 'Elsewhere');
    const foreign = await call(t.app, t.key, 'POST', '/api/v1/user/', { email: 'x@example.com', groups: [`/api/v1/group/${other.groupId}/`], ...names });
    assert.equal(foreign.statusCode, 400);
    const notAdmin = await call(t.app, other.key, 'POST', '/api/v1/user/', { email: 'y@example.com', ...names });
    assert.equal(notAdmin.statusCode, 403);
    assert.equal(errorOf(notAdmin).code, 'admin_required');
  });

  test("PATCH /api/v1/user/{id}/ changes names and time zone (202); others' users stay hidden", async () => {
    const me = (await call(t.app, t.key, 'GET', '/api/v1/user/')).json() as { uuid: string };
    const res = await call(t.app, t.key, 'PATCH', `/api/v1/user/${me.uuid}/`, { first_name: 'Ada', timezone: 'Europe/London' });
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.json().first_name, 'Ada');
    assert.equal(res.json().timezone, 'Europe/London');
    assert.equal((await t.app.store.users.get(me.uuid))!.firstName, 'Ada');
    assert.equal((await call(t.app, t.key, 'PATCH', `/api/v1/user/${me.uuid}/`, { timezone: 'Mars/Olympus' })).statusCode, 400);
    const other = await createTenant(t.app, 'Stranger');
    assert.equal((await call(t.app, t.key, 'PATCH', `/api/v1/user/${other.userId}/`, { first_name: 'X' })).statusCode, 404);
  });

  test('GET /api/v1/user/ is the caller; user detail only within shared groups', async () => {
    const me = (await call(t.app, t.key, 'GET', '/api/v1/user/')).json() as { uuid: string; is_admin: boolean; email: string };
    assert.equal(me.uuid, t.adminId);
    assert.equal(me.is_admin, true);
    const sub = (await t.app.store.users.findByEmail('sub@example.com'))!;
    const detail = await call(t.app, t.key, 'GET', `/api/v1/user/${sub.id}/`);
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.json().last_login, null, 'never signed in: null (conformance.test.ts signs one in for the value)');
    const loner = await createTenant(t.app, 'Loner');
    assert.equal((await call(t.app, loner.key, 'GET', `/api/v1/user/${sub.id}/`)).statusCode, 404);
    assert.equal((await call(t.app, loner.key, 'GET', `/api/v1/user/${loner.userId}/`)).statusCode, 200);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/user/${loner.userId}/`)).statusCode, 404);
  });

  test('keys are stored hashed: no raw secret in the database files', async () => {
    const legacy = (await t.app.store.apiKeys.create(t.adminId, 'production', true)).key;
    const fresh = (await t.app.store.apiKeys.create(t.adminId, 'production', false)).key;
    assert.equal((await call(t.app, legacy, 'GET', '/api/v1/group/')).statusCode, 200);
    assert.equal((await call(t.app, fresh, 'GET', '/api/v1/group/')).statusCode, 200);
    await t.app.store.checkpoint();
    const secret = fresh.split('.')[1]!;
    for (const file of fs.readdirSync(t.dataDir).filter((f) => f.startsWith('esign.db'))) {
      const content = fs.readFileSync(path.join(t.dataDir, file)).toString('latin1');
      for (const raw of [t.key.split('.')[1]!, secret, legacy]) assert.ok(!content.includes(raw), `${file} contains a raw secret`);
    }
  });

  test('a key whose env prefix was changed does not work', async () => {
    const forged = t.key.replace('ak_sandbox_', 'ak_production_');
    assert.equal((await call(t.app, forged, 'GET', '/api/v1/group/')).statusCode, 401);
  });
});
