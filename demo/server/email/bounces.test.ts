/**
 * Bounces from a real SMTP conversation (a small SMTP server on 127.0.0.1 that refuses some
 * recipients) become `recipient.bounced` webhooks with the bounce kind and the server's words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, call } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument } from '../../../test/support/server/signing.ts';
import { EmailDelivery } from './delivery.ts';
import { classifySmtpFailure } from './bounces.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';
import { assertSpecPayloads } from '../../../test/support/server/webhooks-spec-payload.ts';

/** Answers RCPT TO with 550 for hard@, 452 for full@, and accepts everything else. */
async function fakeSmtp(): Promise<{ url: string; accepted: string[]; close(): void }> {
  const accepted: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let rcpt = '';
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            accepted.push(rcpt);
            socket.write('250 2.0.0 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') socket.write('250 2.1.0 ok\r\n');
        else if (verb === 'RCPT') {
          rcpt = line.match(/<([^>]*)>/)?.[1] ?? '';
          if (rcpt.startsWith('hard@')) socket.write('550 5.1.1 <hard@example.com>: user unknown\r\n');
          else if (rcpt.startsWith('full@')) socket.write('452 4.2.2 mailbox full\r\n');
          else socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 5.5.2 not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, accepted, close: () => server.close() };
}

test('SMTP refusals become recipient.bounced: hard (5xx) and soft (4xx), each reported once per email', { timeout: 30_000 }, async () => {
  const t = await createTestApp({
    rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 },
    webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 20, 40], pollIntervalMs: 20 },
  });
  const smtp = await fakeSmtp();
  const receiver = await startReceiver();
  try {
    assert.equal(
      (await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: 'recipient', event: 'bounced' })).statusCode,
      201,
    );
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 }), field({ signer: 3, page: 2, ay: 0.5, by: 0.55 })], {
      signers: [
        { firstname: 'Hard', lastname: 'Bounce', email: 'hard@example.com' },
        { firstname: 'Full', lastname: 'Box', email: 'full@example.com' },
        { firstname: 'Fine', lastname: 'Reader', email: 'fine@example.com' },
      ],
    });
    const [hard, full, fine] = sent.recipients;
    const { history } = t.app.store;
    await t.app.store.transaction(async () => {
      for (const r of sent.recipients) {
        await history.queueEmail({
          documentId: sent.documentId,
          recipientId: r.id,
          kind: 'invitation',
          to: r.email,
          cc: [],
          subject: 'Please sign',
          text: 'hi',
          html: '',
        });
      }
    });
    const delivery = new EmailDelivery(t.app.store, t.dataDir, { smtpUrl: smtp.url, from: 'esign <no-reply@example.com>' });
    assert.equal(await delivery.flush(), 1, 'only fine@ is accepted');
    assert.equal(await delivery.flush(), 0, 'the refused ones fail again on the retry pass');
    delivery.close();
    assert.deepEqual(smtp.accepted, ['fine@example.com']);

    const written = (await t.app.store.webhooks.eventsOf(sent.documentId)).filter((e) => e.event === 'bounced');
    assert.equal(written.length, 2, 'one event per email and kind, although each email was tried twice');
    await receiver.waitFor((r) => r.length >= 2);
    const bounces = receiver.received.map((r) => r.json.data as { uuid: string; emailBounce: number; emailBounceMessage: string });
    assert.equal(bounces.length, 2);
    const byRecipient = new Map(bounces.map((b) => [b.uuid, b]));
    assert.equal(byRecipient.get(hard.id)?.emailBounce, 1);
    assert.match(byRecipient.get(hard.id)!.emailBounceMessage, /^hard bounce: 550 5\.1\.1 .*user unknown/);
    assert.equal(byRecipient.get(full.id)?.emailBounce, 2);
    assert.match(byRecipient.get(full.id)!.emailBounceMessage, /^soft bounce: 452 4\.2\.2 mailbox full/);
    assert.equal(byRecipient.has(fine.id), false);
    assert.equal(assertSpecPayloads(receiver.received), 2);
  } finally {
    await receiver.close();
    smtp.close();
    await t.close();
  }
});

test('classification of transport failures', () => {
  assert.deepEqual(classifySmtpFailure({ responseCode: 554, response: '554 5.7.1 rejected' }), { kind: 1, message: 'hard bounce: 554 5.7.1 rejected' });
  assert.deepEqual(classifySmtpFailure({ responseCode: 421, response: '421 4.7.0 try later' }), { kind: 2, message: 'soft bounce: 421 4.7.0 try later' });
  assert.equal(classifySmtpFailure({ code: 'ETIMEDOUT', message: 'Connection timeout' })?.kind, 3);
  assert.match(classifySmtpFailure({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' })!.message, /^delayed message: /);
  assert.equal(classifySmtpFailure({ code: 'EENVELOPE', message: 'No recipients defined' }), null, 'not a bounce');
  assert.equal(classifySmtpFailure(new Error('disk full')), null);
});

test(
  'an SMTP server that cannot be reached becomes recipient.bounced "delayed message" (3), once, and the email stays queued',
  { timeout: 30_000 },
  async () => {
    const t = await createTestApp({
      rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 },
      webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 20, 40], pollIntervalMs: 20 },
    });
    // A port that was free a moment ago: nothing listens there, so the connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const receiver = await startReceiver();
    try {
      assert.equal(
        (await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: 'recipient', event: 'bounced' })).statusCode,
        201,
      );
      const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [{ firstname: 'Far', lastname: 'Away', email: 'far@example.com' }] });
      const [far] = sent.recipients;
      await t.app.store.transaction(async () => {
        await t.app.store.history.queueEmail({
          documentId: sent.documentId,
          recipientId: far.id,
          kind: 'invitation',
          to: far.email,
          cc: [],
          subject: 'Please sign',
          text: 'hi',
          html: '',
        });
      });
      const delivery = new EmailDelivery(t.app.store, t.dataDir, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'esign <no-reply@example.com>' });
      assert.equal(await delivery.flush(), 0);
      assert.equal(await delivery.flush(), 0);
      delivery.close();
      await receiver.waitFor((r) => r.length >= 1);
      const written = (await t.app.store.webhooks.eventsOf(sent.documentId)).filter((e) => e.event === 'bounced');
      assert.equal(written.length, 1, 'reported once although the email was tried twice');
      const data = receiver.received[0].json.data as { uuid: string; emailBounce: number; emailBounceMessage: string };
      assert.equal(data.uuid, far.id);
      assert.equal(data.emailBounce, 3);
      assert.match(data.emailBounceMessage, /^delayed message: .*ECONNREFUSED/);
      const queued = (await t.app.store.history.emails()).find((e) => e.recipientId === far.id && e.kind === 'invitation');
      assert.equal(queued?.sentAt ?? null, null, 'the email is still waiting to be sent');
      assertSpecPayloads(receiver.received);
    } finally {
      await receiver.close();
      await t.close();
    }
  },
);
