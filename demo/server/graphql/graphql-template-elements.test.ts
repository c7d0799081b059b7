/** createTemplateElement / updateTemplateElement / deleteTemplateElement over HTTP with an API key, checked through REST. */
import { gqlInject } from '../../../test/support/server/graphql.ts';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate } from '../../../test/support/server/documents.ts';
import { decodeId, encodeId } from './ids.ts';

let t: TestApp;
let templateId: string;

before(async () => {
  t = await createTestApp();
  templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'NDA', fields: [] })).id;
});
after(async () => t.close());

const gql = (query: string, variables: Record<string, unknown>, key = t.key) => gqlInject(t.app, key, query, variables);

const CREATE = 'mutation ($input: templateElementCreateInput!) { createTemplateElement(input: $input) }';
const UPDATE = 'mutation ($input: templateElementUpdateInput!) { updateTemplateElement(input: $input) }';
const DELETE = 'mutation ($input: templateElementDeleteInput!) { deleteTemplateElement(input: $input) }';

async function restFields(): Promise<Record<string, unknown>[]> {
  const response = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${templateId}/fields/`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Record<string, unknown>[];
}

const signature = (extra: Record<string, unknown> = {}) => ({
  templateId: encodeId('tpl', templateId),
  elementType: 'signature',
  page: 1,
  ax: 0.1,
  ay: 0.1,
  bx: 0.3,
  by: 0.15,
  signer: 1,
  ...extra,
});

test('create, update and delete one element; REST reads each change; the others are untouched', async () => {
  const first = await gql(CREATE, { input: signature({ label: 'Sign here', helpText: 'Your usual signature', excludeFromPdf: false }) });
  assert.equal(first.errors, undefined, JSON.stringify(first.errors));
  const firstId = first.data!.createTemplateElement as string;
  const firstUuid = decodeId('ele', firstId)!;
  const second = await gql(CREATE, { input: signature({ elementType: 'text', page: 2, signer: 2, fontSize: 12, fieldOrder: 1 }) });
  const secondUuid = decodeId('ele', second.data!.createTemplateElement as string)!;

  let fields = await restFields();
  assert.deepEqual(
    fields.map((f) => [f.uuid, f.element_type, f.page, f.signer, f.label, f.label_extra]),
    [
      [firstUuid, 'signature', 1, 1, 'Sign here', 'Your usual signature'],
      [secondUuid, 'text', 2, 2, '', ''],
    ],
  );
  assert.equal(fields[1].font_size, 12);

  const updated = await gql(UPDATE, { input: { templateElementId: firstId, label: 'Buyer', ax: 0.5, bx: 0.7 } });
  assert.equal(updated.data!.updateTemplateElement, firstId);
  fields = await restFields();
  assert.deepEqual([fields[0].label, fields[0].ax, fields[0].bx, fields[0].ay, fields[0].label_extra], ['Buyer', 0.5, 0.7, 0.1, 'Your usual signature']);
  assert.equal(fields[1].font_size, 12);

  // The bare REST uuid works as the ID too.
  const deleted = await gql(DELETE, { input: { templateElementId: secondUuid } });
  assert.equal(deleted.data!.deleteTemplateElement, encodeId('ele', secondUuid));
  fields = await restFields();
  assert.deepEqual(
    fields.map((f) => f.uuid),
    [firstUuid],
  );

  const template = await gql('query ($id: ID) { template(id: $id) { elementConnection { totalCount templateElements { id label } } } }', { id: templateId });
  assert.deepEqual(template.data!.template, { elementConnection: { totalCount: 1, templateElements: [{ id: firstId, label: 'Buyer' }] } });

  const again = await gql(DELETE, { input: { templateElementId: secondUuid } });
  assert.equal(again.errors?.[0].errorType, 'NotFound');
});

test('an invalid element is refused with every problem named by its input property, and nothing is saved', async () => {
  const before = await restFields();
  const bad = await gql(CREATE, { input: signature({ ax: 1.5, page: 9, validation: 999 }) });
  assert.equal(bad.data!.createTemplateElement, null);
  assert.equal(bad.errors?.[0].errorType, 'ValidationError');
  const fields = bad.errors![0].errorInfo!.problems!.map((p) => p.field).sort();
  assert.ok(fields.includes('input.ax') && fields.includes('input.page') && fields.includes('input.validation'), JSON.stringify(fields));
  assert.match(bad.errors![0].message, /input\.page/);

  const [existing] = before;
  const badUpdate = await gql(UPDATE, { input: { templateElementId: existing.uuid, elementType: 'nonsense' } });
  assert.equal(badUpdate.errors?.[0].errorType, 'ValidationError');
  assert.deepEqual(await restFields(), before);

  const role = await gql(CREATE, { input: signature({ role: 'cm9s' }) });
  assert.equal(role.errors?.[0].errorType, 'ValidationError');
  assert.deepEqual(await restFields(), before);
});

test('a code-93 pattern element is checked (in the work pool) like a REST fields replace', async () => {
  const ok = await gql(CREATE, { input: signature({ elementType: 'text', validation: 93, options: '^[A-Z]{2}[0-9]{4}$' }) });
  assert.equal(ok.errors, undefined, JSON.stringify(ok.errors));
  const saved = (await restFields()).find((f) => f.uuid === decodeId('ele', ok.data!.createTemplateElement as string));
  assert.equal(saved?.options, '^[A-Z]{2}[0-9]{4}$');
  const bad = await gql(CREATE, { input: signature({ elementType: 'text', validation: 93, options: '([a-z' }) });
  assert.equal(bad.errors?.[0].errorType, 'ValidationError');
  assert.ok(
    bad.errors![0].errorInfo!.problems!.some((p) => p.field === 'input.options'),
    JSON.stringify(bad.errors),
  );
});

test("another group's template or element, or an ID of the wrong type, is NotFound and changes nothing", async () => {
  const other = await createTenant(t.app, 'Other Co');
  const before = await restFields();
  const [existing] = before;
  const foreign = await gql(CREATE, { input: signature() }, other.key);
  assert.equal(foreign.errors?.[0].errorType, 'NotFound');
  for (const query of [UPDATE, DELETE]) {
    const answer = await gql(query, { input: { templateElementId: encodeId('ele', existing.uuid as string) } }, other.key);
    assert.equal(answer.errors?.[0].errorType, 'NotFound');
  }
  const wrongType = await gql(DELETE, { input: { templateElementId: encodeId('doc', existing.uuid as string) } });
  assert.equal(wrongType.errors?.[0].errorType, 'NotFound');
  assert.deepEqual(await restFields(), before);
});
