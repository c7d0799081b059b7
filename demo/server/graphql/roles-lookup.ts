/** What a send input needs to place recipients given a roleId (send-input.ts), for the send and for batch documents. */
import type { GraphqlContext } from './context.ts';
import { decodeId } from './ids.ts';
import type { RoleLookup } from './send-input.ts';

/** The template a send names (when the caller may see it), and role lookup. */
export async function rolesLookupOf(ctx: GraphqlContext, templateId: unknown): Promise<RoleLookup> {
  const id = decodeId('tpl', templateId);
  const template = id ? await ctx.app.store.templates.get(id) : undefined;
  const visible = template && ctx.caller.auth.groupIds.includes(template.groupId) ? template : undefined;
  // Only this template's roles can be named; others are "not a role of this template".
  const roles = new Map((visible ? await ctx.app.store.templateRoles.ofTemplate(visible.id) : []).map((role) => [role.id, role]));
  return { template: visible, role: (roleId: string) => roles.get(roleId) };
}
