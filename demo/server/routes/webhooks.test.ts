import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { createTestApp, createTenant, call, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';

const dev = { webhooks: { allowPrivateAddresses: true, workerEnabled: false } };

async function withApp(config: Parameters<typeof createTestApp>[0], run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3_600_000 }, ...config });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

test('the signing certificate is public PEM that Node parses', async () => {
  await withApp(dev, async (t) => {
    const res = await call(t.app, undefined, 'GET', '/api/v1/webhook-certificate/');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /application\/x-pem-file/);
    const cert = new X509Certificate(res.body);
    assert.equal(res.headers['x-certificate-fingerprint-sha256'], cert.fingerprint256);
    const again = await call(t.app, undefined, 'GET', '/api/v1/webhook-certificate/');
    assert.equal(again.body, res.body, 'one key per installation');
  });
});

test('subscribe, list, detail, idempotent re-subscribe, unsubscribe by url and by id', async () => {
  await withApp(dev, async (t) => {
    const created = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', {
      callback_url: 'http://127.0.0.1:9/hook',
      object: 'document',
      event: 'finalPdfCreated',
      group: `/api/v1/group/${t.groupId}/`,
      hmac_secret: 'a-long-enough-secret',
    });
    assert.equal(created.statusCode, 201, created.body);
    const reg = created.json();
    assert.equal(created.headers.location, `/api/v1/notifications/${reg.id}/`);
    assert.deepEqual(
      { object: reg.object, event: reg.event, eventFilter: reg.eventFilter, group: reg.group, notify: reg.notify, has: reg.has_hmac_secret },
      {
        object: 'document',
        event: 'finalPdfCreated',
        eventFilter: 'document.finalPdfCreated',
        group: `/api/v1/group/${t.groupId}/`,
        notify: 'realtime',
        has: true,
      },
    );
    assert.equal(JSON.stringify(reg).includes('a-long-enough-secret'), false, 'the secret is never returned');
    const same = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', {
      url: 'http://127.0.0.1:9/hook',
      eventFilter: 'document.finalPdfCreated',
      group: t.groupId,
      hmac_secret: 'another-long-secret!',
    });
    assert.equal(same.statusCode, 200);
    assert.equal(same.json().id, reg.id);
    const all = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: 'http://127.0.0.1:9/all', notify: 'all' });
    assert.equal(all.statusCode, 201);
    assert.equal(all.json().group, null);
    const list = await call(t.app, t.key, 'GET', '/api/v1/notifications/');
    assert.equal(list.json().length, 2);
    const listed = list.json().find((r: { id: string }) => r.id === all.json().id);
    assert.equal(listed.active, true);
    assert.equal(listed.notify_when, 1, "notify all is the description's 1 (every 6 minutes)");
    assert.equal(listed.url, 'http://127.0.0.1:9/all');
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/notifications/${reg.id}/`)).json().id, reg.id);
    const other = await createTenant(t.app, 'Other');
    assert.equal((await call(t.app, other.key, 'GET', `/api/v1/notifications/${reg.id}/`)).statusCode, 404, 'invisible to other users');
    assert.equal((await call(t.app, other.key, 'DELETE', `/api/v1/unsubscribe/${reg.id}/`)).statusCode, 404);
    const removed = await call(t.app, t.key, 'POST', '/api/v1/unsubscribe/', { url: 'http://127.0.0.1:9/hook' });
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(removed.json().removed, [reg.id]);
    const again = await call(t.app, t.key, 'POST', '/api/v1/unsubscribe/', { url: 'http://127.0.0.1:9/hook' });
    assert.equal(again.statusCode, 200, 'unsubscribing twice is fine');
    assert.deepEqual(again.json().removed, []);
    assert.equal((await call(t.app, t.key, 'POST', '/api/v1/unsubscribe/', { url: 'not a url' })).statusCode, 400);
    assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/unsubscribe/${all.json().id}/`)).statusCode, 204);
    assert.deepEqual((await call(t.app, t.key, 'GET', '/api/v1/notifications/')).json(), []);
  });
});

test('bad registrations get a clear 4xx naming the field', async () => {
  await withApp(dev, async (t) => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{}, 400, 'callback_url'],
      [{ callback_url: 'ftp://example.com/' }, 400, 'callback_url'],
      [{ callback_url: `https://example.com/${'x'.repeat(490)}` }, 400, 'callback_url'],
      [{ callback_url: 'http://127.0.0.1:9/', object: 'template' }, 400, 'object'],
      [{ callback_url: 'http://127.0.0.1:9/', object: 'document', event: 'completed' }, 400, 'event'],
      [{ callback_url: 'http://127.0.0.1:9/', event: 'rejected' }, 400, 'event'],
      [{ callback_url: 'http://127.0.0.1:9/', eventFilter: 'document' }, 400, 'eventFilter'],
      [{ callback_url: 'http://127.0.0.1:9/', notify: 'hourly' }, 400, 'notify'],
      [{ callback_url: 'http://127.0.0.1:9/', hmac_secret: 'short' }, 400, 'hmac_secret'],
      [{ callback_url: 'http://127.0.0.1:9/', group: 'no-such-group' }, 404, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', body);
      assert.equal(res.statusCode, status, `${JSON.stringify(body)} -> ${res.body}`);
      if (field)
        assert.ok(
          errorOf(res).fields?.some((f) => f.field.includes(field)),
          `${field} named in ${res.body}`,
        );
    }
    const event = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: 'http://127.0.0.1:9/', event: 'completed' });
    assert.equal(event.statusCode, 201, 'an event unique to one object implies the object');
    assert.equal(event.json().object, 'recipient');
  });
});

test('receiving team events needs group Admin permission', async () => {
  await withApp(dev, async (t) => {
    const member = await createTenant(t.app, 'Member');
    // A plain (non-admin) member of the admin's group, and admin of nothing.
    for (const groupId of await t.app.store.users.groupIds(member.userId))
      await t.app.store.members.remove((await t.app.store.members.find(member.userId, groupId))!.id);
    await t.app.store.users.addToGroup(member.userId, t.groupId, false);
    const none = await call(t.app, member.key, 'POST', '/api/v1/subscribe/', { callback_url: 'http://127.0.0.1:9/' });
    assert.equal(none.statusCode, 403);
    assert.equal(errorOf(none).code, 'group_admin_required');
    const group = await call(t.app, member.key, 'POST', '/api/v1/subscribe/', { callback_url: 'http://127.0.0.1:9/', group: t.groupId });
    assert.equal(group.statusCode, 403);
  });
});

test('outside development mode private and loopback callbacks are refused at registration', async () => {
  await withApp({ webhooks: { allowPrivateAddresses: false, workerEnabled: false } }, async (t) => {
    for (const url of ['http://127.0.0.1:8080/', 'http://localhost/', 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: url });
      assert.equal(res.statusCode, 400, url);
      assert.match(errorOf(res).message, /only public addresses|could not be resolved/, url);
    }
    // The refusal of a loopback receiver says how to allow it while developing.
    const loopback = errorOf(await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: 'http://127.0.0.1:9/hook' })).message;
    assert.match(loopback, /127\.0\.0\.1 \(loopback\); only public addresses are allowed\./);
    assert.match(loopback, /start the server with --dev \(or ESIGN_DEV=1;/);
  });
});

test('the delivery log is empty and scoped; replay of an unknown delivery is 404', async () => {
  const receiver = await startReceiver();
  try {
    await withApp(dev, async (t) => {
      const log = await call(t.app, t.key, 'GET', '/api/v1/webhook-deliveries/');
      assert.equal(log.statusCode, 200);
      assert.equal(log.json().meta.total_count, 0);
      assert.equal((await call(t.app, t.key, 'GET', '/api/v1/webhook-deliveries/12345/')).statusCode, 404);
      assert.equal((await call(t.app, t.key, 'POST', '/api/v1/webhook-deliveries/abc/replay/')).statusCode, 404);
      const trigger = await call(t.app, t.key, 'POST', '/api/v1/webhook-events/trigger/', { object: 'document', event: 'sent' });
      assert.equal(trigger.statusCode, 422);
    });
  } finally {
    await receiver.close();
  }
});
