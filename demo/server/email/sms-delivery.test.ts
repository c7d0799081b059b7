/**
 * The Twilio path of the SMS transport, against a local HTTP server on 127.0.0.1 that records
 * requests (nothing leaves the machine): the documented REST call (POST
 * /2010-04-01/Accounts/{sid}/Messages.json, basic auth, form body) through the verification route,
 * and a provider failure answered 503, recorded in the history, the recipient's place kept.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, call, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field, person } from '../../../test/support/server/documents.ts';
import { sendDocument, signerToken } from '../../../test/support/server/signing.ts';

interface Recorded {
  method: string;
  url: string;
  auth: string;
  type: string;
  body: URLSearchParams;
}
const recorded: Recorded[] = [];
let failNext = false;
let server: http.Server;
let t: TestApp;

before(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      recorded.push({
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization ?? '',
        type: req.headers['content-type'] ?? '',
        body: new URLSearchParams(body),
      });
      res.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }));
      } else {
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: 'SM0123', status: 'queued' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    ESIGN_SMS_PROVIDER: 'twilio',
    ESIGN_TWILIO_ACCOUNT_SID: 'AC123',
    ESIGN_TWILIO_AUTH_TOKEN: 'secret-token',
    ESIGN_TWILIO_FROM: '+15005550006',
    ESIGN_TWILIO_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(async () => {
  await t.close();
  server.close();
});

test('a code goes out through the Twilio REST call; a provider failure is a 503 in the history, the recipient keeps its place', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann', { sms: '+447700900123' })] });
  const ann = sent.recipients[0]!;
  const token = await signerToken(t, ann.id);
  failNext = true;
  const failed = await call(t.app, token, 'POST', `/api/v1/signer/${ann.id}/verification/send/`, {});
  assert.equal(failed.statusCode, 503, failed.body);
  assert.equal(errorOf(failed).code, 'code_not_sent');
  const history = await t.app.store.history.events(sent.documentId);
  const failure = history.find((e) => e.event === 'verification_send_failed')!;
  assert.match(String(failure.details.error), /Twilio answered 400: The 'To' number/);
  assert.equal(failure.details.to, '+44 7••• ••• 123');
  assert.equal((await t.app.store.documents.recipient(ann.id))!.status, ann.status, 'the recipient keeps its place');

  const ok = await call(t.app, token, 'POST', `/api/v1/signer/${ann.id}/verification/send/`, {});
  assert.equal(ok.statusCode, 200, ok.body);
  const request = recorded.at(-1)!;
  assert.equal(request.method, 'POST');
  assert.equal(request.url, '/2010-04-01/Accounts/AC123/Messages.json');
  assert.equal(request.auth, `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
  assert.equal(request.type, 'application/x-www-form-urlencoded');
  assert.equal(request.body.get('To'), '+447700900123');
  assert.equal(request.body.get('From'), '+15005550006');
  const code = /(\d{6})/.exec(request.body.get('Body')!)![1]!;
  const box = (await call(t.app, t.key, 'GET', '/api/v1/sms-outbox/')).json();
  assert.deepEqual(box, { mode: 'twilio', objects: [] }, 'with a provider nothing is kept locally');
  const checked = await call(t.app, token, 'POST', `/api/v1/signer/${ann.id}/verification/check/`, { code });
  assert.equal(checked.statusCode, 200, checked.body);
  assert.equal(checked.json().verified, true);
});
