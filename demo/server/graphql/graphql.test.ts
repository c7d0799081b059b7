/** The GraphQL front door over HTTP with an API key: queries, send, auth, the API-key restriction, error shapes. */
import { getIntrospectionQuery } from 'graphql';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { decodeId, encodeId } from './ids.ts';

let t: TestApp;
let templateId: string;

interface GqlError {
  message: string;
  errorType: string;
  errorInfo: Record<string, unknown> | null;
  path: (string | number)[];
  locations: unknown[];
}
interface GqlAnswer {
  data: Record<string, unknown> | null;
  errors?: GqlError[];
}

before(async () => {
  t = await createTestApp();
  templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'NDA' })).id;
});
after(async () => t.close());

async function gql(query: string, variables: Record<string, unknown> = {}, authorization: string | null = `Bearer ${t.key}`) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
  });
  return { status: response.statusCode, body: response.json() as GqlAnswer, headers: response.headers };
}

async function restSend(): Promise<string> {
  const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, templateId));
  assert.equal(sent.statusCode, 201, sent.body);
  return (sent.json() as { uuid: string }).uuid;
}

test('no credentials or a wrong key: 401 with the AppSync body, nothing runs', async () => {
  for (const authorization of [null, 'Bearer ak_sandbox_nope.nope', 'Bearer not-a-token']) {
    const expected = {
      errors: [
        {
          errorType: 'UnauthorizedException',
          message: 'You are not authorized to make this call.',
          errorInfo: { code: authorization ? 'invalid_credentials' : 'missing_authorization' },
        },
      ],
    };
    const answer = await gql('{ user { id } }', {}, authorization);
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, expected);
  }
});

test("user without an id is the key's user; the raw key without Bearer works; the REST rate limit headers are set", async () => {
  const admin = (await t.app.store.users.get(t.adminId))!;
  for (const authorization of [`Bearer ${t.key}`, t.key]) {
    const answer = await gql('{ user { id email name } }', {}, authorization);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.data, {
      user: { id: encodeId('usr', admin.id), email: admin.email, name: `${admin.firstName} ${admin.lastName}`.trim() || admin.email },
    });
    assert.ok(answer.headers['ratelimit-limit']);
  }
});

test('document with recipients, by base64 ID and by bare UUID, matches REST', async () => {
  const documentId = await restSend();
  const query = 'query ($id: ID) { document(id: $id) { id name status recipients { id email status roleType } group { id name } template { id title } } }';
  const byBase64 = await gql(query, { id: encodeId('doc', documentId) });
  const byUuid = await gql(query, { id: documentId });
  assert.equal(byBase64.status, 200);
  assert.deepEqual(byBase64.body, byUuid.body);
  const document = byBase64.body.data!.document as {
    id: string;
    name: string;
    status: string;
    recipients: { id: string; email: string; roleType: string }[];
    template: { id: string };
  };
  assert.equal(decodeId('doc', document.id), documentId);
  assert.equal(document.name, 'Service agreement');
  assert.equal(document.status, 'inprogress');
  assert.equal(document.template.id, encodeId('tpl', templateId));
  const rest = (await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`)).json() as {
    signers: { email: string }[] | [string, string, string, string][];
  };
  assert.deepEqual(
    document.recipients.map((r) => r.email),
    ['ann@example.com', 'bob@example.com'],
  );
  assert.equal(rest.signers.length, 2);
  assert.deepEqual(
    document.recipients.map((r) => r.roleType),
    ['SIGNER', 'SIGNER'],
  );

  const recipientId = document.recipients[0]!.id;
  const recipient = await gql('query ($id: ID) { recipient(id: $id) { id email document { id } } }', { id: recipientId });
  assert.deepEqual(recipient.body.data, { recipient: { id: recipientId, email: document.recipients[0]!.email, document: { id: document.id } } });
});

test('template, group and attachment answer; a missing or foreign ID is NotFound with the field null', async () => {
  const template = await gql('query ($id: ID) { template(id: $id) { id title pageCount elementConnection { totalCount templateElements { page signer } } } }', {
    id: encodeId('tpl', templateId),
  });
  assert.deepEqual(template.body.data, {
    template: {
      id: encodeId('tpl', templateId),
      title: 'NDA',
      pageCount: 2,
      elementConnection: {
        totalCount: 2,
        templateElements: [
          { page: 1, signer: 1 },
          { page: 2, signer: 2 },
        ],
      },
    },
  });
  const group = await gql('query ($id: ID) { group(id: $id) { id name } }', { id: t.groupId });
  assert.equal((group.body.data!.group as { id: string }).id, encodeId('grp', t.groupId));

  const other = await t.app.store.groups.create('Elsewhere', {}, null);
  const foreign = await addTemplate(t.app, { groupId: other.id, userId: t.adminId });
  for (const [query, id] of [
    ['query ($id: ID) { template(id: $id) { id } }', encodeId('tpl', foreign.id)],
    ['query ($id: ID) { document(id: $id) { id } }', encodeId('doc', crypto.randomUUID())],
    ['query ($id: ID) { attachment(id: $id) { id } }', 'garbage!'],
    ['query ($id: ID) { group(id: $id) { id } }', other.id],
  ] as const) {
    const answer = await gql(query, { id });
    assert.equal(answer.status, 200);
    const field = Object.keys(answer.body.data!)[0]!;
    assert.equal(answer.body.data![field], null);
    assert.equal(answer.body.errors?.[0]?.errorType, 'NotFound', JSON.stringify(answer.body));
    assert.deepEqual(answer.body.errors?.[0]?.path, [field]);
  }
});

test('an API key cannot read a field outside its subset: Unauthorized, the field null, the rest answered', async () => {
  const answer = await gql('{ user { email webhooks { id } } }');
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.data, { user: { email: (await t.app.store.users.get(t.adminId))!.email, webhooks: null } });
  assert.equal(answer.body.errors?.length, 1);
  const [error] = answer.body.errors!;
  assert.equal(error!.errorType, 'Unauthorized');
  assert.equal(error!.message, 'Not Authorized to access webhooks on type User');
  assert.deepEqual(error!.path, ['user', 'webhooks']);
});

test('send over GraphQL runs the REST send: the document reads back over REST, and REST ids read back over GraphQL', async () => {
  const input = {
    groupId: encodeId('grp', t.groupId),
    templateId: encodeId('tpl', templateId),
    title: 'Sent over GraphQL',
    recipients: [
      { firstName: 'Ann', lastName: 'Tester', email: 'ann@example.com', order: 0 },
      { firstName: 'Bob', lastName: 'Tester', email: 'bob@example.com', order: 1 },
    ],
  };
  const answer = await gql('mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', { input });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.errors, undefined, JSON.stringify(answer.body));
  const documentId = decodeId('tsk', answer.body.data!.send);
  assert.ok(documentId);
  const rest = await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`);
  assert.equal(rest.statusCode, 200);
  assert.equal((rest.json() as { name: string }).name, 'Sent over GraphQL');
  const task = await gql('query ($id: ID) { task(id: $id) { data report { status documents errors } id status } }', { id: answer.body.data!.send });
  const result = task.body.data!.task as { data: string; report: { status: string; documents: string[]; errors: unknown[] }; id: string; status: string };
  assert.deepEqual(result.report, { status: 'COMPLETED', documents: [encodeId('doc', documentId)], errors: [] });
  assert.equal((JSON.parse(result.data) as { title: string }).title, 'Sent over GraphQL');
  assert.equal(result.status, 'COMPLETE');
  const back = await gql('query ($id: ID) { document(id: $id) { name recipients { email } } }', { id: documentId });
  assert.deepEqual(back.body.data, { document: { name: 'Sent over GraphQL', recipients: [{ email: 'ann@example.com' }, { email: 'bob@example.com' }] } });
});

test('an invalid send is a ValidationError listing every problem, and sends nothing', async () => {
  const before = (await t.app.store.documents.list({ groupIds: [t.groupId], limit: 1, offset: 0 })).total;
  const input = {
    groupId: encodeId('grp', t.groupId),
    templateId: encodeId('tpl', templateId),
    title: '',
    recipients: [{ firstName: 'Ann', lastName: 'T', email: 'not an email', order: 0 }],
  };
  const answer = await gql('mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', { input });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.data, { send: null });
  const [error] = answer.body.errors!;
  assert.equal(error!.errorType, 'ValidationError');
  const problems = error!.errorInfo!.problems as { field: string }[];
  assert.ok(problems.length >= 2, JSON.stringify(problems));
  assert.equal((await t.app.store.documents.list({ groupIds: [t.groupId], limit: 1, offset: 0 })).total, before);
});

test('malformed, too deep, too wide and wrongly typed requests: a clear 4xx in the AppSync shape, no stack trace', async () => {
  const deep = `{ recipient(id: "x") { ${'document { recipients { '.repeat(5)}id${' } }'.repeat(5)} } }`;
  const wide = `{ ${Array.from({ length: 400 }, (_, i) => `u${i}: user { id }`).join(' ')} }`;
  for (const [query, variables] of [
    ['{ user { id ', {}],
    ['{ nothing }', {}],
    [deep, {}],
    [wide, {}],
    // One small fragment spread 60 times under aliases: 60 × 6 fields, over the limit however it is written.
    [`{ ${Array.from({ length: 60 }, (_, i) => `u${i}: user { ...Me }`).join(' ')} } fragment Me on User { id name firstName lastName email timeZone }`, {}],
    // Fragments spreading fragments: 4 × 4 × 4 × 8 fields.
    [
      '{ user { ...A } } fragment A on User { ...B ...B ...B ...B } fragment B on User { ...C ...C ...C ...C } fragment C on User { ...D ...D ...D ...D } fragment D on User { id name firstName lastName email timeZone id name }',
      {},
    ],
    ['query ($id: ID) { document(id: $id) { id } }', { id: { not: 'an id' } }],
  ] as const) {
    const answer = await gql(query, variables);
    assert.ok(answer.status >= 400 && answer.status < 500, `${answer.status} for ${query.slice(0, 40)}`);
    assert.ok(answer.body.errors && answer.body.errors.length > 0);
    for (const error of answer.body.errors) {
      assert.equal(typeof error.message, 'string');
      assert.equal(error.errorType, 'ValidationError', `${error.errorType}: ${error.message}`);
      assert.doesNotMatch(JSON.stringify(error), /\n\s+at /);
    }
  }
});

test('cancelDocument cancels an unsigned document (removed over REST too); unknown IDs are NotFound', async () => {
  const documentId = await restSend();
  const mutation = 'mutation ($input: CancelDocumentInput!) { cancelDocument(input: $input) }';
  const answer = await gql(mutation, { input: { documentId: encodeId('doc', documentId) } });
  assert.deepEqual(answer.body, { data: { cancelDocument: encodeId('doc', documentId) } });
  const rest = (await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`)).json() as { status: number; archived: boolean };
  assert.equal(rest.status, 40);
  const again = await gql(mutation, { input: { documentId } });
  assert.equal(again.body.errors?.[0]?.errorType, 'Conflict');
  const missing = await gql(mutation, { input: { documentId: crypto.randomUUID() } });
  assert.equal(missing.body.errors?.[0]?.errorType, 'NotFound');
});

test('cancelDocument is refused once someone has signed', async () => {
  const documentId = await restSend();
  const [first] = await t.app.store.documents.recipients(documentId);
  await t.app.store.documents.setRecipientStatus(first!.id, 40);
  const answer = await gql('mutation ($input: CancelDocumentInput!) { cancelDocument(input: $input) }', { input: { documentId } });
  assert.equal(answer.body.errors?.[0]?.errorType, 'Conflict');
  assert.match(answer.body.errors![0]!.message, /already signed/);
  assert.equal((await t.app.store.documents.get(documentId))!.status, 10);
});

test('generateComponentToken mints the REST tokens: the template token opens its template over REST', async () => {
  const mutation = 'mutation ($input: GenerateComponentTokenInput!) { generateComponentToken(input: $input) { token tokenType expiresIn expiresAt } }';
  const viewer = await gql(mutation, {
    input: { component: 'LS_DOCUMENT_VIEWER', documentViewer: { templateId: encodeId('tpl', templateId), readOnly: true } },
  });
  assert.equal(viewer.body.errors, undefined, JSON.stringify(viewer.body));
  const token = viewer.body.data!.generateComponentToken as { token: string; tokenType: string; expiresIn: number };
  assert.equal(token.tokenType, 'Bearer');
  assert.ok(token.expiresIn > 0);
  const pdf = await call(t.app, token.token, 'GET', `/api/v1/templatepdf/${templateId}/`);
  assert.equal(pdf.statusCode, 200, pdf.body);

  // The signer token has the REST checks: refused while the group is not enabled for components, minted once it is.
  const documentId = await restSend();
  const [recipient] = await t.app.store.documents.recipients(documentId);
  const input = { component: 'LS_SIGNER', signer: { recipientId: encodeId('rec', recipient!.id) } };
  await t.app.store.groups.update(t.groupId, { componentsEnabled: false });
  const refused = await gql(mutation, { input });
  assert.equal(refused.body.errors?.[0]?.errorType, 'Unauthorized');
  assert.equal(refused.body.errors?.[0]?.errorInfo?.code, 'components_disabled');
  await t.app.store.groups.update(t.groupId, { componentsEnabled: true });
  const signer = await gql(mutation, { input });
  const signerToken = (signer.body.data!.generateComponentToken as { token: string }).token;
  assert.equal((await call(t.app, signerToken, 'GET', `/api/v1/signer/${recipient!.id}/`)).statusCode, 200);
  const missing = await gql(mutation, { input: { component: 'LS_SIGNER' } });
  assert.equal(missing.body.errors?.[0]?.errorType, 'ValidationError');
});

test('recipients of many documents in one request are one store call (the loader), whatever the count', async () => {
  const ids = [await restSend(), await restSend(), await restSend()];
  const documents = t.app.store.documents;
  const original = documents.recipientsOf.bind(documents);
  let calls = 0;
  documents.recipientsOf = async (documentIds) => {
    calls += 1;
    return await original(documentIds);
  };
  try {
    const query = `{ ${ids.map((id, i) => `d${i}: document(id: "${id}") { recipients { email } }`).join(' ')} }`;
    const answer = await gql(query);
    assert.equal(answer.body.errors, undefined);
    assert.equal(Object.keys(answer.body.data!).length, 3);
    assert.equal(calls, 1);
  } finally {
    documents.recipientsOf = original;
  }
});

test('updateTemplate changes the title and autoArchive; a blank title is a ValidationError', async () => {
  const own = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'Before' })).id;
  const mutation = 'mutation ($input: templateUpdateInput!) { updateTemplate(input: $input) }';
  const answer = await gql(mutation, { input: { templateId: encodeId('tpl', own), title: 'After', autoArchive: true } });
  assert.deepEqual(answer.body, { data: { updateTemplate: encodeId('tpl', own) } });
  assert.equal((await t.app.store.templates.get(own))!.title, 'After');
  assert.equal((await t.app.store.templates.get(own))!.archiveUponSend, true);
  const blank = await gql(mutation, { input: { templateId: own, title: '  ' } });
  assert.equal(blank.body.errors?.[0]?.errorType, 'ValidationError');
  assert.equal((await t.app.store.templates.get(own))!.title, 'After');
});

test('GET /graphql runs queries; GET /graphql/schema.graphql serves the SDL without credentials', async () => {
  const get = await t.app.inject({
    method: 'GET',
    url: `/graphql?query=${encodeURIComponent('{ user { email } }')}`,
    headers: { authorization: `Bearer ${t.key}` },
  });
  assert.equal(get.statusCode, 200);
  assert.ok((get.json() as GqlAnswer).data?.user);
  const sdl = await t.app.inject({ method: 'GET', url: '/graphql/schema.graphql' });
  assert.equal(sdl.statusCode, 200);
  assert.match(sdl.body, /type Query \{/);
});

test('introspection: the standard query clients generate code from is answered; a deeper one is refused', async () => {
  const standard = await gql(getIntrospectionQuery());
  assert.equal(standard.status, 200, JSON.stringify(standard.body.errors));
  assert.ok((standard.body.data as { __schema: { types: unknown[] } }).__schema.types.length > 20);
  const ofTypes = (n: number): string => (n === 0 ? 'name' : `name ofType { ${ofTypes(n - 1)} }`);
  const deep = await gql(`{ __schema { types { fields { type { ${ofTypes(16)} } } } } }`);
  assert.equal(deep.status, 400);
  assert.match(deep.body.errors![0]!.message, /introspection query is \d+ levels deep/);
  assert.equal(deep.body.errors![0]!.errorType, 'ValidationError');
});
