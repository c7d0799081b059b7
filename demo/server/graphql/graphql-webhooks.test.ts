/** A GraphQL send fires the same webhooks as a REST send: same events, same payload keys, to a real receiver. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';
import type { Receiver, ReceivedRequest } from '../../../test/support/server/webhooks.ts';
import { decodeId, encodeId } from './ids.ts';

const SECRET = 'graphql-webhooks-secret';

const about = (r: ReceivedRequest, documentId: string) => {
  const data = r.json.data as { document?: string; uuid?: string };
  return (data.document ?? data.uuid) === documentId;
};
const shape = (requests: ReceivedRequest[]) => requests.map((r) => `${r.json.object}.${r.json.event}:${Object.keys(r.json.data).sort().join(',')}`).sort();

test('the same events for a GraphQL send as for the equivalent REST send', async () => {
  const t = await createTestApp({
    rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 },
    webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 20, 40], pollIntervalMs: 20 },
  });
  const certificate = (await call(t.app, undefined, 'GET', '/api/v1/webhook-certificate/')).body;
  const receiver: Receiver = await startReceiver({ certificatePem: () => certificate, hmacSecret: SECRET });
  try {
    assert.equal((await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, hmac_secret: SECRET })).statusCode, 201);
    const templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId })).id;

    // GraphQL sends email unless suppressEmails: the REST equivalent is do_email: true.
    const rest = await call(
      t.app,
      t.key,
      'POST',
      '/api/v1/document/',
      sendBody(t.groupId, templateId, {
        do_email: true,
        signers: [
          { firstname: 'Ann', lastname: 'Tester', email: 'ann@example.com', order: 0 },
          { firstname: 'Bob', lastname: 'Tester', email: 'bob@example.com', order: 1 },
        ],
      }),
    );
    assert.equal(rest.statusCode, 201, rest.body);
    const restId = (rest.json() as { uuid: string }).uuid;

    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.key}` },
      payload: JSON.stringify({
        query: 'mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }',
        variables: {
          input: {
            groupId: encodeId('grp', t.groupId),
            templateId: encodeId('tpl', templateId),
            title: 'Service agreement',
            recipients: [
              { firstName: 'Ann', lastName: 'Tester', email: 'ann@example.com', order: 0 },
              { firstName: 'Bob', lastName: 'Tester', email: 'bob@example.com', order: 1 },
            ],
          },
        },
      }),
    });
    const graphqlId = decodeId('tsk', (answer.json() as { data: { send: string } }).data.send)!;
    assert.ok(graphqlId, answer.body);

    await receiver.waitFor((all) => all.some((r) => about(r, restId)) && all.some((r) => about(r, graphqlId)));
    // Let any further events of either send arrive before comparing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const fromRest = receiver.received.filter((r) => about(r, restId));
    const fromGraphql = receiver.received.filter((r) => about(r, graphqlId));
    assert.ok(fromRest.length > 0);
    assert.deepEqual(shape(fromGraphql), shape(fromRest));
    assert.ok(fromGraphql.every((r) => r.signatureValid !== false && r.hmacValid !== false));
  } finally {
    await receiver.close();
    await t.close();
  }
});
