/**
 * Template roles over GraphQL (GRAPHQL.md §5): createTemplateRole, updateTemplateRole, deleteTemplateRole,
 * swapRoles, and Template.roles (batched: one store call for every template of a request). The rules are
 * services/template-roles.ts's.
 */
import type { IResolverObject } from 'mercurius';
import type { GraphqlContext } from './context.ts';
import { batched } from './request-batch.ts';
import { notFoundError } from './errors.ts';
import { decodeId, encodeId } from './ids.ts';
import type { GqlTemplate } from './views.ts';
import type { Template } from '../store/templates.ts';
import type { TemplateRole } from '../store/template-roles.ts';
import { createRole, deleteRole, swapRoles, updateRole } from '../services/template-roles.ts';
import type { RoleInput } from '../services/template-roles.ts';

type RoleArgs = Omit<RoleInput, 'signerParent'> & { templateId?: string; templateRoleId?: string; signerParent?: string | null };

export const roleView = (r: TemplateRole) => ({
  id: encodeId('rol', r.id),
  templateId: encodeId('tpl', r.templateId),
  name: r.name,
  roleType: r.roleType,
  signerIndex: r.signerIndex,
  ordinal: r.ordinal,
  signerParent: r.signerParent ? encodeId('rol', r.signerParent) : null,
  experience: r.experience,
  created: r.created,
  modified: r.modified,
});

async function visibleTemplate(ctx: GraphqlContext, id: unknown): Promise<Template> {
  const templateId = decodeId('tpl', id);
  const template = templateId ? await ctx.app.store.templates.get(templateId) : undefined;
  if (!template || !ctx.caller.auth.groupIds.includes(template.groupId)) throw notFoundError('Template', id);
  return template;
}

/** A role of a template in one of the caller's groups, and that template. */
export async function visibleRole(ctx: GraphqlContext, id: unknown): Promise<{ role: TemplateRole; template: Template }> {
  const roleId = decodeId('rol', id);
  const role = roleId ? await ctx.app.store.templateRoles.get(roleId) : undefined;
  const template = role ? await ctx.app.store.templates.get(role.templateId) : undefined;
  if (!role || !template || !ctx.caller.auth.groupIds.includes(template.groupId)) throw notFoundError('Role', id);
  return { role, template };
}

/** The input with signerParent as a REST id (an ID that is no role of ours stays as given and is refused by the rules). */
function roleInputOf(input: RoleArgs): RoleInput {
  const { templateId: _t, templateRoleId: _r, signerParent, ...rest } = input;
  return { ...rest, ...(signerParent === undefined ? {} : { signerParent: signerParent === null ? null : (decodeId('rol', signerParent) ?? signerParent) }) };
}

export const templateRoleMutations: IResolverObject<unknown, GraphqlContext> = {
  async createTemplateRole(_root, { input }: { input: RoleArgs }, ctx) {
    const template = await visibleTemplate(ctx, input.templateId);
    return encodeId('rol', (await createRole(ctx.app.store, template, roleInputOf(input))).id);
  },
  async updateTemplateRole(_root, { input }: { input: RoleArgs }, ctx) {
    const { role } = await visibleRole(ctx, input.templateRoleId);
    return encodeId('rol', (await updateRole(ctx.app.store, role, roleInputOf(input))).id);
  },
  async deleteTemplateRole(_root, { input }: { input: { templateRoleId: string } }, ctx) {
    const { role } = await visibleRole(ctx, input.templateRoleId);
    await deleteRole(ctx.app.store, role);
    return encodeId('rol', role.id);
  },
  async swapRoles(_root, { input }: { input: { roleId1: string; roleId2: string } }, ctx) {
    const first = await visibleRole(ctx, input.roleId1);
    const second = await visibleRole(ctx, input.roleId2);
    await swapRoles(ctx.app.store, first.template, first.role, second.role);
    return encodeId('rol', first.role.id);
  },
};

/** Template.roles: one store call for every template of a request (request-batch.ts). */
export const templateRoleFields: IResolverObject<GqlTemplate, GraphqlContext> = {
  async roles(template: GqlTemplate, _args: unknown, ctx: GraphqlContext) {
    const roles = await batched(ctx, 'Template.roles', template.restId, (ids) => ctx.app.store.templateRoles.ofTemplates(ids));
    return (roles ?? []).map(roleView);
  },
};
