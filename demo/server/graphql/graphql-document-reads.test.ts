/**
 * Query.document reads its recipients with the documents when `recipients` is selected (document-reads.ts):
 * the same answers however the field is selected, one statement per table for every document of a request
 * (no more than REST's document detail), and nothing of a document the caller cannot see.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import type { SqlDb } from '../store/sql.ts';
import { encodeId } from './ids.ts';

let t: TestApp;
let first: string;
let second: string;

interface GqlAnswer {
  data: Record<string, { recipients?: { email: string }[] } | null> | null;
  errors?: { errorType: string; path: (string | number)[] }[];
}

const person = (firstname: string) => ({ firstname, lastname: 'Reader', email: `${firstname.toLowerCase()}@example.com` });

async function send(app: TestApp['app'], key: string, groupId: string, templateId: string, names: string[]): Promise<string> {
  const sent = await call(app, key, 'POST', '/api/v1/document/', sendBody(groupId, templateId, { signers: names.map(person) }));
  assert.equal(sent.statusCode, 201, sent.body);
  return (sent.json() as { uuid: string }).uuid;
}

before(async () => {
  t = await createTestApp();
  const templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId })).id;
  first = await send(t.app, t.key, t.groupId, templateId, ['Ann', 'Bob']);
  second = await send(t.app, t.key, t.groupId, templateId, ['Cid', 'Dan']);
});
after(async () => t.close());

async function gql(query: string, variables: Record<string, unknown>, key = t.key): Promise<GqlAnswer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as GqlAnswer;
}

/** The statements the store runs on the documents and document_recipients tables while `work` runs (the real database, only counted). */
async function statementsDuring(work: () => Promise<unknown>): Promise<{ documents: number; recipients: number }> {
  const sql = t.app.store.sql as SqlDb & Record<'all' | 'get' | 'run', (text: string, params?: unknown[]) => Promise<unknown>>;
  const seen = { documents: 0, recipients: 0 };
  const originals = { all: sql.all, get: sql.get, run: sql.run };
  for (const method of ['all', 'get', 'run'] as const) {
    const original = originals[method];
    sql[method] = function (this: SqlDb, text: string, params?: unknown[]) {
      if (/\bFROM documents\b/.test(text)) seen.documents += 1;
      if (/\bFROM document_recipients\b/.test(text)) seen.recipients += 1;
      return original.call(this, text, params);
    } as never;
  }
  try {
    await work();
  } finally {
    Object.assign(sql, originals);
  }
  return seen;
}

test('recipients selected directly, through a fragment or an inline fragment answer the same, in position order', async () => {
  const queries = [
    'query ($id: ID) { document(id: $id) { name recipients { email } } }',
    'query ($id: ID) { document(id: $id) { name ...People } } fragment People on Document { recipients { email } }',
    'query ($id: ID) { document(id: $id) { name ... on Document { recipients { email } } } }',
    'query ($id: ID) { document(id: $id) { ...Outer } } fragment Outer on Document { name ...People } fragment People on Document { recipients { email } }',
  ];
  for (const query of queries) {
    const answer = await gql(query, { id: encodeId('doc', first) });
    assert.equal(answer.errors, undefined, query);
    assert.deepEqual(
      answer.data!.document!.recipients!.map((r) => r.email),
      ['ann@example.com', 'bob@example.com'],
      query,
    );
  }
});

test('every document(id) of a request and their recipients: one statement per table, as REST reads one document', async () => {
  const query = 'query ($a: ID, $b: ID) { a: document(id: $a) { recipients { email } } b: document(id: $b) { name recipients { email } } }';
  let answer: GqlAnswer | undefined;
  const graphql = await statementsDuring(async () => (answer = await gql(query, { a: first, b: encodeId('doc', second) })));
  assert.deepEqual(answer!.data!.a!.recipients, [{ email: 'ann@example.com' }, { email: 'bob@example.com' }]);
  assert.deepEqual(answer!.data!.b!.recipients, [{ email: 'cid@example.com' }, { email: 'dan@example.com' }]);
  assert.deepEqual(graphql, { documents: 1, recipients: 1 });

  const rest = await statementsDuring(() => call(t.app, t.key, 'GET', `/api/v1/document/${first}/`));
  assert.ok(graphql.documents <= rest.documents && graphql.recipients <= rest.recipients, JSON.stringify({ graphql, rest }));

  // Without recipients in the selection they are not read.
  const alone = await statementsDuring(() => gql('query ($id: ID) { document(id: $id) { name } }', { id: first }));
  assert.deepEqual(alone, { documents: 1, recipients: 0 });
});

test("another group's document is NotFound, with or without recipients, beside a visible one", async () => {
  const other = await createTenant(t.app, 'Other');
  const otherTemplate = (await addTemplate(t.app, { groupId: other.groupId, userId: other.userId })).id;
  const foreign = await send(t.app, other.key, other.groupId, otherTemplate, ['Dee', 'Eve']);
  const answer = await gql('query ($a: ID, $b: ID) { mine: document(id: $a) { recipients { email } } theirs: document(id: $b) { recipients { email } } }', {
    a: first,
    b: foreign,
  });
  assert.deepEqual(answer.data!.mine!.recipients!.length, 2);
  assert.equal(answer.data!.theirs, null);
  assert.deepEqual(
    answer.errors!.map((e) => [e.errorType, e.path]),
    [['NotFound', ['theirs']]],
  );
  assert.ok(!JSON.stringify(answer).includes('dee@example.com'));
});
