/**
 * Queries are compiled with graphql-jit from their second run (server.ts, `jit: 1`): the first answer
 * comes from graphql-js, the later ones from the compiled query. Each request here runs three times and
 * every answer must be the same, for successes and for each kind of error a client can meet.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { encodeId } from './ids.ts';

let t: TestApp;
let documentId: string;
let templateId: string;
const missingId = crypto.randomUUID();

before(async () => {
  t = await createTestApp();
  templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'NDA' })).id;
  const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, templateId));
  assert.equal(sent.statusCode, 201, sent.body);
  documentId = (sent.json() as { uuid: string }).uuid;
});
after(async () => t.close());

async function gql(query: string, variables: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.key}` },
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

const cases: Array<[string, string, () => Record<string, unknown>]> = [
  [
    'a document with its recipients',
    'query ($id: ID) { document(id: $id) { id name status created recipients { id email status } } }',
    () => ({ id: encodeId('doc', documentId) }),
  ],
  ['the same by bare UUID', 'query ($id: ID) { document(id: $id) { id recipients { id firstName lastName } } }', () => ({ id: documentId })],
  [
    'a template with its elements',
    'query ($id: ID) { template(id: $id) { id title pageCount elementConnection { totalCount templateElements { page signer } } } }',
    () => ({ id: templateId }),
  ],
  ['a missing document: NotFound, the field null', 'query ($id: ID) { document(id: $id) { id } }', () => ({ id: encodeId('doc', missingId) })],
  ['an ID that is not one: NotFound', 'query ($id: ID) { attachment(id: $id) { id } }', () => ({ id: 'garbage!' })],
  ['a field outside the API-key subset: Unauthorized, the rest answered', '{ user { email webhooks { id } } }', () => ({})],
  ['a variable of the wrong type: ValidationError', 'query ($id: ID) { document(id: $id) { id } }', () => ({ id: { not: 'an id' } })],
  ['a required variable left out: ValidationError', 'query ($id: ID!) { document(id: $id) { id } }', () => ({})],
  [
    'a task in both published shapes (AWSJSON data)',
    'query ($id: ID) { task(id: $id) { data report { status documents } id status } }',
    () => ({ id: encodeId('tsk', documentId) }),
  ],
  [
    'an invalid mutation input: ValidationError with every problem',
    'mutation ($input: templateUpdateInput!) { updateTemplate(input: $input) }',
    () => ({ input: { templateId, title: '   ' } }),
  ],
];

for (const [name, query, variables] of cases) {
  test(`compiled and interpreted answers agree: ${name}`, async () => {
    const first = await gql(query, variables());
    assert.ok(first.status < 500, JSON.stringify(first.body));
    for (let run = 2; run <= 3; run++) {
      const again = await gql(query, variables());
      assert.deepEqual(again, first, `run ${run} differs from the first`);
    }
  });
}
