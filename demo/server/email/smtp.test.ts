import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createTestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument } from '../../../test/support/server/signing.ts';
import { signingServiceOf } from '../services/signing/service.ts';

/** A minimal SMTP receiver (no TLS, no auth) that keeps each message's envelope and data. */
function smtpReceiver(): Promise<{ port: number; messages: { to: string[]; data: string }[]; close(): Promise<void> }> {
  const messages: { to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let to: string[] = [];
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push({ to, data });
            data = null;
            to = [];
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') socket.write('250 ok\r\n');
        else if (verb === 'RCPT') {
          to.push(line.match(/<([^>]+)>/)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          data = '';
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

test('with ESIGN_SMTP_URL the invitation goes out through SMTP, with its signing link, and is marked sent', async () => {
  const smtp = await smtpReceiver();
  process.env.ESIGN_SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  const t = await createTestApp({ rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3600_000 } });
  delete process.env.ESIGN_SMTP_URL;
  try {
    const service = signingServiceOf(t.app.store)!;
    assert.equal(service.email.mode, 'smtp');
    const sent = await sendDocument(t, [field({ signer: 1 })], {
      do_email: true,
      signers: [{ firstname: 'Ann', lastname: 'Tester', email: 'ann@example.com' }],
    });
    const deadline = Date.now() + 10_000;
    while (smtp.messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await service.email.flush();
    assert.equal(smtp.messages.length, 1);
    assert.deepEqual(smtp.messages[0].to, ['ann@example.com']);
    assert.match(smtp.messages[0].data, /Subject: Please sign: Service agreement/);
    assert.match(smtp.messages[0].data.replace(/=\n/g, ''), /sign\.html\?signer=/);
    const [email] = await t.app.store.history.emails({ documentId: sent.documentId });
    assert.ok(email.sentAt, 'marked sent');
  } finally {
    await t.close();
    await smtp.close();
  }
});
