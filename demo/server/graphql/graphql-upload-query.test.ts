/**
 * The full schema's `upload(id, uploadType, extension)`: a fresh upload URL for a template createTemplate promised
 * whose file has not arrived; the template then exists under the promised ID. Refused to an API key, for unknown
 * IDs and once the file is there.
 */
import { gqlFetch } from '../../../test/support/server/graphql.ts';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { srpAccessToken, createSignInUser } from '../../../test/support/server/sign-in.ts';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { encodeId } from './ids.ts';

const EMAIL = 'uploader@example.com';
const PASSWORD = 'a long passphrase for uploads';
let t: TestApp;
let address: string;
let token: string;

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await createSignInUser(t, EMAIL, PASSWORD);
  token = await srpAccessToken(t, address, EMAIL, PASSWORD);
});
after(async () => t.close());

const gql = (query: string, variables: Record<string, unknown>, authorization: string) => gqlFetch(address, authorization, query, variables);

const UPLOAD = 'query ($id: ID!) { upload(id: $id, uploadType: TEMPLATE, extension: "pdf") { url expires uploadId } }';

test('a fresh URL for a promised template; the PUT makes the template; then Conflict', async () => {
  const created = await gql(
    'mutation ($input: templateCreateInput!) { createTemplate(input: $input) { template { id } } }',
    { input: { groupId: encodeId('grp', t.groupId), title: 'Second try' } },
    `Bearer ${t.key}`,
  );
  const id = created.data!.createTemplate.template.id as string;
  const fresh = await gql(UPLOAD, { id }, `Bearer ${token}`);
  assert.equal(fresh.errors, undefined, JSON.stringify(fresh));
  const put = await fetch(`${address}${new URL(fresh.data!.upload.url as string).pathname}`, {
    method: 'PUT',
    body: Buffer.from(await generatePdf({ pages: 2 })),
    headers: { 'content-type': 'application/pdf' },
  });
  assert.equal(put.status, 201);
  const template = await gql('query ($id: ID) { template(id: $id) { id title pageCount } }', { id }, `Bearer ${token}`);
  assert.deepEqual(template.data!.template, { id, title: 'Second try', pageCount: 2 });
  assert.equal((await gql(UPLOAD, { id }, `Bearer ${token}`)).errors?.[0]?.errorType, 'Conflict');
});

test('refused: an API key, an unknown or made-up ID', async () => {
  assert.equal((await gql(UPLOAD, { id: encodeId('tpl', crypto.randomUUID()) }, `Bearer ${t.key}`)).errors?.[0]?.errorType, 'Unauthorized');
  assert.equal((await gql(UPLOAD, { id: encodeId('tpl', crypto.randomUUID()) }, `Bearer ${token}`)).errors?.[0]?.errorType, 'NotFound');
  assert.equal((await gql(UPLOAD, { id: 'nonsense' }, `Bearer ${token}`)).errors?.[0]?.errorType, 'NotFound');
});
