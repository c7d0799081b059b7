/** What a send input needs to place recipients given a roleId (send-input.ts), for the send and for batch documents. */
import type { GraphqlContext } from './context.ts';
import { decodeId } from './ids.ts';
import type { RoleLookup } from './send-input.ts';

/** The template a send names (when the caller may see it), and role lookup. */
export function rolesLookupOf(ctx: GraphqlContext, templateId: unknown): RoleLookup {
  const id = decodeId('tpl', templateId);
  const template = id ? ctx.app.store.templates.get(id) : undefined;
  return {
    template: template && ctx.caller.auth.groupIds.includes(template.groupId) ? template : undefined,
    role: (roleId: string) => ctx.app.store.templateRoles.get(roleId),
  };
}
