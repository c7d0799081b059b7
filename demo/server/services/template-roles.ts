/**
 * Template roles: a template's named parties, in order (GraphQL createTemplateRole, updateTemplateRole,
 * deleteTemplateRole, swapRoles). A role's signer index is the number the template's fields use for that
 * party: 1..99 a signer, 100+n the witness of signer n, 201..299 an approver (src/fields/types.ts), so a send
 * can put each recipient on its role's place (graphql/send-input.ts).
 */
import crypto from 'node:crypto';
import type { Store } from '../store/index.ts';
import type { Template } from '../store/templates.ts';
import type { RoleChanges, RoleType, TemplateRole } from '../store/template-roles.ts';
import { conflict, unprocessable } from '../domain/errors.ts';

export const ROLE_TYPES: readonly RoleType[] = ['SIGNER', 'APPROVER', 'WITNESS'];
const INDEX_RANGE: Record<RoleType, [number, number]> = { SIGNER: [1, 99], WITNESS: [101, 199], APPROVER: [201, 299] };
const MAX_NAME = 100;

export interface RoleInput {
  name?: string | null;
  roleType?: RoleType | null;
  signerIndex?: number | null;
  ordinal?: number | null;
  /** The REST id of the signer role a witness witnesses. */
  signerParent?: string | null;
  experience?: string | null;
}

const invalid = (field: string, message: string) => unprocessable(`${field}: ${message}`, [{ field, message }], 'invalid_role');

/** The role as it would be after `input`, checked against the template's other roles. */
async function checkedRole(store: Store, templateId: string, current: Partial<TemplateRole>, input: RoleInput, selfId: string | null): Promise<RoleChanges> {
  const others = (await store.templateRoles.ofTemplate(templateId)).filter((r) => r.id !== selfId);
  const name = (input.name === undefined || input.name === null ? current.name : input.name)?.trim() ?? '';
  if (name === '' || name.length > MAX_NAME) throw invalid('input.name', `give the role a name of 1 to ${MAX_NAME} characters`);
  const roleType = input.roleType ?? current.roleType ?? 'SIGNER';
  if (!ROLE_TYPES.includes(roleType)) throw invalid('input.roleType', 'one of SIGNER, APPROVER, WITNESS');

  const parentId = input.signerParent === undefined ? (current.signerParent ?? null) : input.signerParent;
  let parent: TemplateRole | undefined;
  if (roleType === 'WITNESS') {
    parent = parentId ? others.find((r) => r.id === parentId && r.roleType === 'SIGNER') : undefined;
    if (!parent) throw invalid('input.signerParent', 'a witness needs signerParent: a SIGNER role of the same template');
  } else if (input.signerParent != null) {
    throw invalid('input.signerParent', 'only a WITNESS has a signerParent');
  }

  const [low, high] = INDEX_RANGE[roleType];
  const taken = new Set(others.map((r) => r.signerIndex));
  const sameType = current.roleType === roleType;
  let signerIndex = input.signerIndex ?? (sameType ? current.signerIndex : undefined);
  if (parent) signerIndex ??= 100 + parent.signerIndex;
  signerIndex ??= Array.from({ length: high - low + 1 }, (_, i) => low + i).find((n) => !taken.has(n));
  if (signerIndex === undefined) throw conflict(`This template already has every ${roleType.toLowerCase()} number in use.`, 'roles_full');
  if (!Number.isInteger(signerIndex) || signerIndex < low || signerIndex > high)
    throw invalid('input.signerIndex', `a ${roleType} role's signer index is ${low}..${high}`);
  if (parent && signerIndex !== 100 + parent.signerIndex)
    throw invalid('input.signerIndex', `the witness of signer ${parent.signerIndex} has signer index ${100 + parent.signerIndex}`);
  if (taken.has(signerIndex)) throw conflict(`Signer index ${signerIndex} already belongs to another role of this template.`, 'role_index_taken');

  const ordinal = input.ordinal ?? current.ordinal ?? Math.max(0, ...others.map((r) => r.ordinal + 1));
  if (!Number.isInteger(ordinal) || ordinal < 0) throw invalid('input.ordinal', 'a whole number from 0');
  const experience = input.experience === undefined ? (current.experience ?? null) : input.experience;
  return { name, roleType, signerIndex, ordinal, signerParent: parent?.id ?? null, experience };
}

const witnessesOf = async (store: Store, role: TemplateRole) =>
  (await store.templateRoles.ofTemplate(role.templateId)).filter((r) => r.signerParent === role.id);

export async function createRole(store: Store, template: Template, input: RoleInput): Promise<TemplateRole> {
  const role = (await checkedRole(store, template.id, {}, input, null)) as Required<RoleChanges>;
  return await store.templateRoles.insert({ id: crypto.randomUUID(), templateId: template.id, ...role });
}

export async function updateRole(store: Store, role: TemplateRole, input: RoleInput): Promise<TemplateRole> {
  const changes = await checkedRole(store, role.templateId, role, input, role.id);
  const moves = changes.signerIndex !== role.signerIndex || changes.roleType !== role.roleType;
  if (moves && (await witnessesOf(store, role)).length > 0)
    throw conflict('This signer has a witness role: delete or change the witness first.', 'role_has_witness');
  return (await store.templateRoles.update(role.id, changes))!;
}

export async function deleteRole(store: Store, role: TemplateRole): Promise<void> {
  if ((await witnessesOf(store, role)).length > 0) throw conflict('This signer has a witness role: delete the witness first.', 'role_has_witness');
  await store.templateRoles.remove(role.id);
}

/**
 * Swaps two roles of one template: their order, and for two signers or two approvers also their signer
 * numbers, so each role keeps its fields (the fields are renumbered with it) and a signer's witness follows.
 * Witnesses swap only their order: their number is their signer's.
 */
export async function swapRoles(store: Store, template: Template, a: TemplateRole, b: TemplateRole): Promise<void> {
  if (a.templateId !== b.templateId) throw invalid('input.roleId2', 'both roles must belong to the same template');
  if (a.roleType !== b.roleType) throw invalid('input.roleId2', `a ${a.roleType} swaps with another ${a.roleType}`);
  const numbers = new Map<number, number>();
  if (a.roleType !== 'WITNESS') {
    numbers.set(a.signerIndex, b.signerIndex).set(b.signerIndex, a.signerIndex);
    if (a.roleType === 'SIGNER') numbers.set(100 + a.signerIndex, 100 + b.signerIndex).set(100 + b.signerIndex, 100 + a.signerIndex);
  }
  const renumbered = (n: number) => numbers.get(n) ?? n;
  await store.transaction(async () => {
    const roles = await store.templateRoles.ofTemplate(template.id);
    const moving = roles.filter((r) => renumbered(r.signerIndex) !== r.signerIndex);
    // Through negative numbers first: the (template, signer index) pair is unique at every step.
    for (const r of moving) await store.templateRoles.update(r.id, { signerIndex: -r.signerIndex });
    for (const r of moving) await store.templateRoles.update(r.id, { signerIndex: renumbered(r.signerIndex) });
    await store.templateRoles.update(a.id, { ordinal: b.ordinal });
    await store.templateRoles.update(b.id, { ordinal: a.ordinal });
    if (numbers.size > 0) {
      const fields = template.fields.map((f) => (f.signer == null ? f : { ...f, signer: renumbered(f.signer) }));
      await store.templates.update(template.id, { fields });
    }
  });
}
