/** Template roles over HTTP with an API key: create/update/delete/swap, Template.roles, and a send placing recipients on roles. */
import { gqlInject, type GqlAnswer } from '../../../test/support/server/graphql.ts';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, field } from '../../../test/support/server/documents.ts';
import { decodeId, encodeId } from './ids.ts';

let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

const gql = (query: string, variables: Record<string, unknown>, key = t.key) => gqlInject(t.app, key, query, variables);

const CREATE = 'mutation ($input: templateRoleCreateInput!) { createTemplateRole(input: $input) }';
const UPDATE = 'mutation ($input: templateRoleUpdateInput!) { updateTemplateRole(input: $input) }';
const DELETE = 'mutation ($input: templateRoleDeleteInput!) { deleteTemplateRole(input: $input) }';
const SWAP = 'mutation ($input: swapRolesInput!) { swapRoles(input: $input) }';
const ROLES = 'query ($id: ID) { template(id: $id) { roles { id name roleType signerIndex ordinal signerParent } } }';

async function role(templateId: string, input: Record<string, unknown>): Promise<string> {
  const answer = await gql(CREATE, { input: { templateId: encodeId('tpl', templateId), ...input } });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data!.createTemplateRole as string;
}

async function rolesOf(templateId: string) {
  const answer = await gql(ROLES, { id: templateId });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return (answer.data!.template as { roles: Record<string, unknown>[] }).roles;
}

const errorType = (answer: GqlAnswer) => answer.errors?.[0]?.errorType;

test('roles get the next free signer numbers in order; a witness is its signer’s 100+n; Template.roles lists them', async () => {
  const { id } = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const buyer = await role(id, { name: 'Buyer' });
  const seller = await role(id, { name: 'Seller', roleType: 'SIGNER' });
  const witness = await role(id, { name: 'Witness', roleType: 'WITNESS', signerParent: buyer });
  const approver = await role(id, { name: 'Legal', roleType: 'APPROVER' });
  assert.deepEqual(await rolesOf(id), [
    { id: buyer, name: 'Buyer', roleType: 'SIGNER', signerIndex: 1, ordinal: 0, signerParent: null },
    { id: seller, name: 'Seller', roleType: 'SIGNER', signerIndex: 2, ordinal: 1, signerParent: null },
    { id: witness, name: 'Witness', roleType: 'WITNESS', signerIndex: 101, ordinal: 2, signerParent: buyer },
    { id: approver, name: 'Legal', roleType: 'APPROVER', signerIndex: 201, ordinal: 3, signerParent: null },
  ]);
  assert.equal((await t.app.store.templateRoles.get(decodeId('rol', buyer)!))?.templateId, id);

  // An element given a role belongs to that role's signer number.
  const element = await gql('mutation ($input: templateElementCreateInput!) { createTemplateElement(input: $input) }', {
    input: { templateId: id, elementType: 'signature', page: 1, ax: 0.1, ay: 0.5, bx: 0.3, by: 0.55, role: approver },
  });
  assert.equal(element.errors, undefined, JSON.stringify(element.errors));
  const uuid = decodeId('ele', element.data!.createTemplateElement as string);
  assert.equal((await t.app.store.templates.get(id))!.fields.find((f) => f.uuid === uuid)?.signer, 201);
});

test('bad roles are refused with the reason and nothing changes', async () => {
  const { id } = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const buyer = await role(id, { name: 'Buyer' });
  const tpl = encodeId('tpl', id);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ templateId: tpl, name: 'W', roleType: 'WITNESS' }, 'ValidationError', 'input.signerParent'],
    [{ templateId: tpl, name: ' ' }, 'ValidationError', 'input.name'],
    [{ templateId: tpl, name: 'X', signerIndex: 150 }, 'ValidationError', 'input.signerIndex'],
    [{ templateId: tpl, name: 'X', signerParent: buyer }, 'ValidationError', 'input.signerParent'],
    [{ templateId: tpl, name: 'W', roleType: 'WITNESS', signerParent: buyer, signerIndex: 102 }, 'ValidationError', 'input.signerIndex'],
  ];
  for (const [input, type, field] of cases) {
    const answer = await gql(CREATE, { input });
    assert.equal(errorType(answer), type, JSON.stringify(input));
    assert.equal(answer.errors![0].errorInfo?.problems?.[0]?.field, field, JSON.stringify(answer.errors));
  }
  assert.equal(errorType(await gql(CREATE, { input: { templateId: tpl, name: 'Dup', signerIndex: 1 } })), 'Conflict');
  assert.equal((await rolesOf(id)).length, 1);
});

test('update changes only what is given; a signer with a witness cannot move or go; the witness can', async () => {
  const { id } = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const buyer = await role(id, { name: 'Buyer' });
  const witness = await role(id, { name: 'Witness', roleType: 'WITNESS', signerParent: buyer });
  assert.equal((await gql(UPDATE, { input: { templateRoleId: buyer, name: 'Purchaser', experience: 'exp1' } })).data!.updateTemplateRole, buyer);
  assert.deepEqual((await rolesOf(id))[0], { id: buyer, name: 'Purchaser', roleType: 'SIGNER', signerIndex: 1, ordinal: 0, signerParent: null });
  assert.equal(errorType(await gql(UPDATE, { input: { templateRoleId: buyer, signerIndex: 5 } })), 'Conflict');
  assert.equal(errorType(await gql(DELETE, { input: { templateRoleId: buyer } })), 'Conflict');
  assert.equal((await gql(DELETE, { input: { templateRoleId: witness } })).data!.deleteTemplateRole, witness);
  assert.equal((await gql(UPDATE, { input: { templateRoleId: buyer, signerIndex: 5 } })).errors, undefined);
  assert.equal((await gql(DELETE, { input: { templateRoleId: buyer } })).errors, undefined);
  assert.deepEqual(await rolesOf(id), []);
  assert.equal(errorType(await gql(DELETE, { input: { templateRoleId: buyer } })), 'NotFound');
});

test('swapRoles swaps two signers’ order and numbers, their fields and witness follow; other types are refused', async () => {
  const { id } = await addTemplate(t.app, {
    groupId: t.groupId,
    userId: t.adminId,
    fields: [field({ signer: 1, label: 'b' }), field({ signer: 101, label: 'bw' }), field({ signer: 2, label: 's', page: 2 })],
  });
  const buyer = await role(id, { name: 'Buyer' });
  const seller = await role(id, { name: 'Seller' });
  const witness = await role(id, { name: 'Witness', roleType: 'WITNESS', signerParent: buyer });
  const approver = await role(id, { name: 'Legal', roleType: 'APPROVER' });
  assert.equal((await gql(SWAP, { input: { roleId1: buyer, roleId2: seller } })).data!.swapRoles, buyer);
  const roles = await rolesOf(id);
  assert.deepEqual(
    roles.map((r) => [r.name, r.signerIndex, r.ordinal]),
    [
      ['Seller', 1, 0],
      ['Buyer', 2, 1],
      ['Witness', 102, 2],
      ['Legal', 201, 3],
    ],
  );
  const fields = (await t.app.store.templates.get(id))!.fields;
  assert.deepEqual(
    fields.map((f) => [f.label, f.signer]),
    [
      ['b', 2],
      ['bw', 102],
      ['s', 1],
    ],
  );
  assert.equal(errorType(await gql(SWAP, { input: { roleId1: seller, roleId2: approver } })), 'ValidationError');
  assert.equal(errorType(await gql(SWAP, { input: { roleId1: witness, roleId2: encodeId('rol', crypto.randomUUID()) } })), 'NotFound');
});

test('a send with roleIds puts each recipient on its role’s place, whatever order they come in', async () => {
  const { id } = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const buyer = await role(id, { name: 'Buyer' });
  const seller = await role(id, { name: 'Seller' });
  const send = (recipients: Record<string, unknown>[]) =>
    gql('mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', {
      input: { groupId: encodeId('grp', t.groupId), templateId: encodeId('tpl', id), title: 'Sale', recipients },
    });
  const answer = await send([
    { firstName: 'Sam', lastName: 'Seller', email: 'sam@example.com', order: 0, roleId: seller },
    { firstName: 'Bea', lastName: 'Buyer', email: 'bea@example.com', order: 1, roleId: buyer },
  ]);
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  const documentId = decodeId('tsk', answer.data!.send as string)!;
  const recipients = (await t.app.store.documents.recipientsOf([documentId])).get(documentId)!;
  assert.deepEqual(recipients.map((r) => [r.email, r.signerNumber]).sort(), [
    ['bea@example.com', 1],
    ['sam@example.com', 2],
  ]);

  const mixed = await send([
    { firstName: 'Sam', lastName: 'S', email: 'sam@example.com', order: 0, roleId: seller },
    { firstName: 'Bea', lastName: 'B', email: 'bea@example.com', order: 1 },
  ]);
  assert.equal(errorType(mixed), 'ValidationError');
  const twice = await send([
    { firstName: 'Sam', lastName: 'S', email: 'sam@example.com', order: 0, roleId: seller },
    { firstName: 'Bea', lastName: 'B', email: 'bea@example.com', order: 1, roleId: seller },
  ]);
  assert.equal(errorType(twice), 'ValidationError');
});

test("another group's template or role is NotFound", async () => {
  const { id } = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const buyer = await role(id, { name: 'Buyer' });
  const other = await createTenant(t.app, 'Other Co');
  assert.equal(errorType(await gql(CREATE, { input: { templateId: id, name: 'X' } }, other.key)), 'NotFound');
  assert.equal(errorType(await gql(UPDATE, { input: { templateRoleId: buyer, name: 'X' } }, other.key)), 'NotFound');
  assert.equal(errorType(await gql(DELETE, { input: { templateRoleId: buyer } }, other.key)), 'NotFound');
  assert.equal(errorType(await gql(SWAP, { input: { roleId1: buyer, roleId2: buyer } }, other.key)), 'NotFound');
  assert.equal((await rolesOf(id))[0].name, 'Buyer');
});
