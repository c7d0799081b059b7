/** createTemplate over HTTP with an API key: the promised template ID, the upload URL, and the template after the PUT. */
import { gqlInject } from '../../../test/support/server/graphql.ts';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { decodeId, encodeId } from './ids.ts';

let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

const gql = (query: string, variables: Record<string, unknown>, key = t.key) => gqlInject(t.app, key, query, variables);

const CREATE =
  'mutation ($input: templateCreateInput!) { createTemplate(input: $input) { template { id title groupId pageCount } upload { url expires uploadId } } }';
const TEMPLATE = 'query ($id: ID) { template(id: $id) { id title pageCount } }';

test('createTemplate promises an ID and an upload URL; after the PUT the template is there under that ID', async () => {
  const answer = await gql(CREATE, { input: { groupId: encodeId('grp', t.groupId), title: 'Lease', extension: 'pdf' } });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  const { template, upload } = answer.data!.createTemplate as { template: Record<string, unknown>; upload: Record<string, string> };
  assert.deepEqual([template.title, template.groupId, template.pageCount], ['Lease', encodeId('grp', t.groupId), 0]);
  assert.ok(Date.parse(upload.expires) > Date.now());

  assert.equal((await gql(TEMPLATE, { id: template.id })).errors?.[0].errorType, 'NotFound');

  const pdf = await generatePdf({ pages: 3, text: (i) => `Lease page ${i + 1}` });
  const put = await t.app.inject({
    method: 'PUT',
    url: new URL(upload.url).pathname,
    payload: Buffer.from(pdf),
    headers: { 'content-type': 'application/pdf' },
  });
  assert.equal(put.statusCode, 201, put.body);

  const after = await gql(TEMPLATE, { id: template.id });
  assert.deepEqual(after.data!.template, { id: template.id, title: 'Lease', pageCount: 3 });
  const status = await call(t.app, t.key, 'GET', `/api/v1/uploads/${upload.uploadId}/`);
  assert.equal((status.json() as { template_id: string }).template_id, decodeId('tpl', template.id as string));

  const again = await t.app.inject({
    method: 'PUT',
    url: new URL(upload.url).pathname,
    payload: Buffer.from(pdf),
    headers: { 'content-type': 'application/pdf' },
  });
  assert.equal(again.statusCode, 409);
});

test('another group, a bad extension or an over-long title is refused', async () => {
  const other = await createTenant(t.app, 'Other Co');
  const foreign = await gql(CREATE, { input: { groupId: encodeId('grp', other.groupId) } });
  assert.equal(foreign.errors?.[0].errorType, 'NotFound');
  const badExtension = await gql(CREATE, { input: { groupId: t.groupId, extension: '../x' } });
  assert.equal(badExtension.errors?.[0].errorType, 'ValidationError');
  const longTitle = await gql(CREATE, { input: { groupId: t.groupId, title: 'x'.repeat(256) } });
  assert.equal(longTitle.errors?.[0].errorType, 'ValidationError');
});
