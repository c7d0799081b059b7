import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildEventPayload, isOnceEvent, isKnownEvent, WEBHOOK_EVENTS, type DocumentSnapshot } from './payload.ts';
import { sampleSnapshot } from '../../../test/support/server/webhooks.ts';
import { ADDED_DATA_FIELDS, SPEC_DOCUMENT_DATA, SPEC_RECIPIENT_DATA, specPayloadProblems } from '../../../test/support/server/webhooks-spec-payload.ts';

const doc: DocumentSnapshot = {
  uuid: '0b9f1c1e-8c43-4a43-9a0e-2f7d3f1e9a01',
  name: 'Lease agreement',
  groupId: 'a6f3b4c2-1111-4222-8333-944455556666',
  groupSlug: 'lettings',
  status: 10,
  statusText: 'available',
  tag: 'crm-42',
  tag1: null,
  tag2: 'batch-7',
  recipients: [
    { uuid: 'r2', email: 'b@example.com', order: 1, status: 4, statusText: 'unsent', firstname: 'Bo', lastname: 'B', role: 'witness' },
    { uuid: 'r1', email: 'a@example.com', order: 0, status: 10, statusText: 'sent', firstname: 'Al', lastname: 'A', role: 'signer', rejectReason: null },
  ],
};

test('document payload: top level and every listed data field, tags carried through', () => {
  const payload = buildEventPayload('document', 'created', doc, undefined, { now: 1_700_000_000_999 });
  assert.equal(payload.version, '1.0.0');
  assert.equal(payload.object, 'document');
  assert.equal(payload.event, 'created');
  assert.equal(payload.created, 1_700_000_000);
  assert.match(payload.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.deepEqual(Object.keys(payload), ['version', 'object', 'created', 'id', 'event', 'data']);
  assert.deepEqual(payload.data, {
    tag: 'crm-42',
    tag1: '',
    tag2: 'batch-7',
    tag3: '',
    uuid: doc.uuid,
    name: 'Lease agreement',
    group: 'lettings',
    groupResourceUri: `/api/v1/group/${doc.groupId}/`,
    resourceUri: `/api/v1/document/${doc.uuid}/`,
    status: 10,
    statusText: 'available',
    recipients: [
      {
        uuid: 'r1',
        email: 'a@example.com',
        order: 0,
        status: 10,
        statusText: 'sent',
        firstname: 'Al',
        lastname: 'A',
        roleText: 'signer',
        resourceUri: '/api/v1/signer/r1/',
        rejectReason: '',
      },
      {
        uuid: 'r2',
        email: 'b@example.com',
        order: 1,
        status: 4,
        statusText: 'unsent',
        firstname: 'Bo',
        lastname: 'B',
        roleText: 'witness',
        resourceUri: '/api/v1/signer/r2/',
        rejectReason: '',
      },
    ],
  });
});

test('recipient payload: every listed data field', () => {
  const bounced = { ...doc, recipients: doc.recipients.map((r) => (r.uuid === 'r1' ? { ...r, emailBounce: 1, emailBounceMessage: 'hard bounce' } : r)) };
  const payload = buildEventPayload('recipient', 'bounced', bounced, 'r1', { id: 'fixed-id' });
  assert.equal(payload.id, 'fixed-id');
  assert.deepEqual(payload.data, {
    tag: 'crm-42',
    tag1: '',
    tag2: 'batch-7',
    tag3: '',
    uuid: 'r1',
    email: 'a@example.com',
    group: doc.groupId,
    order: 0,
    status: 10,
    document: doc.uuid,
    documentName: 'Lease agreement',
    lastname: 'A',
    firstname: 'Al',
    roleText: 'signer',
    statusText: 'sent',
    emailBounce: 1,
    emailBounceMessage: 'hard bounce',
    rejectReason: '',
    resourceUri: '/api/v1/signer/r1/',
    groupResourceUri: `/api/v1/group/${doc.groupId}/`,
    documentResourceUri: `/api/v1/document/${doc.uuid}/`,
  });
});

test('unknown events, missing recipients and foreign recipients are refused', () => {
  assert.throws(() => buildEventPayload('document', 'completed' as never, doc), /unknown webhook event document.completed/);
  assert.throws(() => buildEventPayload('recipient', 'completed', doc), /needs a recipient/);
  assert.throws(() => buildEventPayload('recipient', 'completed', doc, 'nobody'), /not a recipient/);
});

test('the once/may-repeat split follows the specification table', () => {
  const once = Object.entries(WEBHOOK_EVENTS).flatMap(([object, events]) => events.filter((e) => isOnceEvent(object, e)).map((e) => `${object}.${e}`));
  assert.deepEqual(once, [
    'document.created',
    'document.rejected',
    'document.finalPdfCreated',
    'recipient.completed',
    'recipient.rejected',
    'recipient.emailOpened',
  ]);
  assert.equal(isKnownEvent('recipient', 'visiting'), true);
  assert.equal(isKnownEvent('recipient', 'created'), false);
  assert.equal(isKnownEvent('template', 'created'), false);
});

test('every object/event payload has exactly the key sets the specification lists (plus tag3), with the listed types', () => {
  const snapshot = sampleSnapshot('a6f3b4c2-1111-4222-8333-944455556666', { tag1: null });
  for (const [object, events] of Object.entries(WEBHOOK_EVENTS) as Array<['document' | 'recipient', readonly string[]]>) {
    for (const event of events) {
      const payload = JSON.parse(JSON.stringify(buildEventPayload(object, event as never, snapshot, snapshot.recipients[1].uuid)));
      assert.deepEqual(specPayloadProblems(payload), [], `${object}.${event}`);
      const listed = object === 'document' ? SPEC_DOCUMENT_DATA : SPEC_RECIPIENT_DATA;
      assert.deepEqual(Object.keys(payload.data).sort(), [...listed, ...ADDED_DATA_FIELDS].sort(), `${object}.${event}`);
    }
  }
  // The check can fail: a missing field, an extra one, a null where a string belongs, a status outside the list.
  const payload = JSON.parse(JSON.stringify(buildEventPayload('document', 'created', snapshot)));
  delete payload.data.tag2;
  payload.data.extra = 1;
  payload.data.recipients[0].rejectReason = null;
  payload.data.status = 70;
  assert.deepEqual(specPayloadProblems(payload), [
    'data.tag2 is missing',
    'data.extra is not in the spec',
    'data.status has the wrong type or value: 70',
    'data.recipients[0].rejectReason has the wrong type or value: null',
  ]);
});
