import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { call, createTestApp, errorOf } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument } from '../../../test/support/server/signing.ts';
import { signingServiceOf } from '../services/signing/service.ts';

test('do_email: invitations go to the local outbox (.eml files) and GET /api/v1/outbox/ lists them with their links', async () => {
  const t = await createTestApp({ rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3600_000 } });
  try {
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { do_email: true });
    await signingServiceOf(t.app.store)!.email.flush();
    const files = fs.readdirSync(path.join(t.dataDir, 'outbox'));
    assert.equal(files.length, 1, 'only the first signer is invited');
    const eml = fs.readFileSync(path.join(t.dataDir, 'outbox', files[0]), 'utf8');
    assert.match(eml, /^To: ann@example\.com/m);
    assert.match(eml, /sign\.html\?signer=/);
    const outbox = (await call(t.app, t.key, 'GET', `/api/v1/outbox/?document=${sent.documentId}`)).json();
    assert.equal(outbox.mode, 'local');
    assert.equal(outbox.objects.length, 1);
    assert.ok(outbox.objects[0].sent_at);
    const link = outbox.objects[0].text.match(/\?signer=([0-9a-f-]+)#link=([^\s"]+)/)!;
    const session = await call(t.app, undefined, 'POST', `/api/v1/signer/${link[1]}/link-session/`, { link: decodeURIComponent(link[2]) });
    assert.equal(session.statusCode, 200, session.body);
  } finally {
    await t.close();
  }
});

test('the demo session answers only loopback requests with the demo header, and off in production', async () => {
  const t = await createTestApp();
  try {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/demo/session/', headers: { host: '127.0.0.1:8080', 'x-esign-demo': '1' } });
    assert.equal(ok.statusCode, 200, ok.body);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/demo/session/', headers: { host: 'localhost:8080', 'x-esign-demo': '1' } });
    assert.equal(again.json().key, ok.json().key, 'one demo key, reused');
    assert.equal((await call(t.app, ok.json().key, 'GET', '/api/v1/group/')).statusCode, 200);
    const noHeader = await t.app.inject({ method: 'GET', url: '/api/v1/demo/session/', headers: { host: '127.0.0.1:8080' } });
    assert.equal(errorOf(noHeader).code, 'demo_disabled');
    const rebinding = await t.app.inject({ method: 'GET', url: '/api/v1/demo/session/', headers: { host: 'evil.example.com', 'x-esign-demo': '1' } });
    assert.equal(rebinding.statusCode, 403);
    const remote = await t.app.inject({
      method: 'GET',
      url: '/api/v1/demo/session/',
      remoteAddress: '203.0.113.9',
      headers: { host: '127.0.0.1:8080', 'x-esign-demo': '1' },
    });
    assert.equal(remote.statusCode, 403);
    process.env.NODE_ENV = 'production';
    try {
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/api/v1/demo/session/', headers: { host: '127.0.0.1:8080', 'x-esign-demo': '1' } })).statusCode,
        403,
      );
    } finally {
      delete process.env.NODE_ENV;
    }
  } finally {
    await t.close();
  }
});

test('an email queued while a delivery pass is running goes out with the flush that follows it', async () => {
  const t = await createTestApp({ rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3600_000 } });
  try {
    const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: true });
    const { email } = signingServiceOf(t.app.store)!;
    await email.flush();
    // Hold the next pass between claiming from the outbox (nothing there yet) and acting on what it claimed.
    const { history } = t.app.store;
    const claimEmails = history.claimEmails.bind(history);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    history.claimEmails = async (...args) => {
      const emails = await claimEmails(...args);
      await held;
      return emails;
    };
    const running = email.flush();
    await history.queueEmail({
      documentId: sent.documentId,
      recipientId: sent.recipients[0].id,
      kind: 'reminder',
      to: 'ann@example.com',
      cc: [],
      subject: 'Reminder',
      text: 'x',
      html: '',
    });
    const after = email.flush();
    release();
    await Promise.all([running, after]);
    history.claimEmails = claimEmails;
    assert.deepEqual(await history.emails({ unsentOnly: true }), [], 'nothing is left in the outbox');
    assert.equal(fs.readdirSync(path.join(t.dataDir, 'outbox')).length, 2);
  } finally {
    await t.close();
  }
});

test('an email claim lasts the configured lease (ESIGN_EMAIL_LEASE_MS in serve)', async () => {
  const t = await createTestApp({ email: { leaseMs: 4321 } });
  try {
    await sendDocument(t, [field({ signer: 1 })], { do_email: true });
    const { history } = t.app.store;
    const claimEmails = history.claimEmails.bind(history);
    const leases: number[] = [];
    history.claimEmails = async (owner, leaseMs, ...rest) => {
      leases.push(leaseMs);
      return await claimEmails(owner, leaseMs, ...rest);
    };
    await signingServiceOf(t.app.store)!.email.flush();
    history.claimEmails = claimEmails;
    assert.ok(leases.length > 0, 'the flush claimed from the outbox');
    assert.deepEqual([...new Set(leases)], [4321]);
  } finally {
    await t.close();
  }
});
