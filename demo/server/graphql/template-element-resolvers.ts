/**
 * createTemplateElement / updateTemplateElement / deleteTemplateElement (GRAPHQL.md §5): one element of a
 * template's fields at a time, validated with the rest of the list by src/fields (services/template-elements.ts).
 * Inputs are camelCase; the element JSON is snake_case, mapped here once.
 */
import type { IResolverObject } from 'mercurius';
import type { GraphqlContext } from './context.ts';
import { GqlError, notFoundError } from './errors.ts';
import { decodeId, encodeId } from './ids.ts';
import { addTemplateElement, changeTemplateElement, removeTemplateElement } from '../services/template-elements.ts';

/** GraphQL input property → element JSON property (src/fields/types.ts). */
const ELEMENT_PROPERTIES: Record<string, string> = {
  elementType: 'element_type',
  page: 'page',
  ax: 'ax',
  ay: 'ay',
  bx: 'bx',
  by: 'by',
  signer: 'signer',
  align: 'align',
  fieldOrder: 'fieldorder',
  fontName: 'font_name',
  fontSize: 'font_size',
  hideBorder: 'hide_border',
  label: 'label',
  labelExtra: 'label_extra',
  // The builder's help text is the element's extra label (shown to the signer beside the field).
  helpText: 'label_extra',
  optional: 'optional',
  options: 'options',
  validation: 'validation',
  value: 'value',
  logicGroup: 'logic_group',
  logicAction: 'logic_action',
  mapTo: 'map_to',
  excludeFromPdf: 'no_pdf',
};

type ElementInput = Record<string, unknown> & { templateId?: string; templateElementId?: string; role?: string | null };

/** The element JSON properties the input sets (left out = not set; labelExtra wins over helpText; a role gives the signer). */
async function elementJsonOf(ctx: GraphqlContext, templateId: string, input: ElementInput): Promise<Record<string, unknown>> {
  const json: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(ELEMENT_PROPERTIES)) {
    if (input[from] === undefined || (from === 'helpText' && input.labelExtra !== undefined)) continue;
    json[to] = input[from];
  }
  if (input.role != null) {
    const roleId = decodeId('rol', input.role);
    const role = roleId ? await ctx.app.store.templateRoles.get(roleId) : undefined;
    if (!role || role.templateId !== templateId) throw invalidInput('input.role', 'not a role of this template');
    if (input.signer != null && input.signer !== role.signerIndex)
      throw invalidInput('input.signer', `the role's signer is ${role.signerIndex}: give one of them`);
    json.signer = role.signerIndex;
  }
  return json;
}

const invalidInput = (field: string, message: string) => new GqlError('ValidationError', `${field}: ${message}.`, { problems: [{ field, message }] });

async function visibleTemplateId(ctx: GraphqlContext, id: unknown): Promise<string> {
  const templateId = decodeId('tpl', id);
  const template = templateId ? await ctx.app.store.templates.get(templateId) : undefined;
  if (!template || !ctx.caller.auth.groupIds.includes(template.groupId)) throw notFoundError('Template', id);
  return template.id;
}

/** The element's uuid and its template's id, when the template is in one of the caller's groups. */
async function visibleElement(ctx: GraphqlContext, id: unknown): Promise<{ templateId: string; uuid: string }> {
  const uuid = decodeId('ele', id)?.toLowerCase();
  const template = uuid ? await ctx.app.store.templates.withElement(ctx.caller.auth.groupIds, uuid) : undefined;
  if (!uuid || !template) throw notFoundError('TemplateElement', id);
  return { templateId: template.id, uuid };
}

export const templateElementMutations: IResolverObject<unknown, GraphqlContext> = {
  async createTemplateElement(_root, { input }: { input: ElementInput }, ctx) {
    const templateId = await visibleTemplateId(ctx, input.templateId);
    return encodeId('ele', await addTemplateElement(ctx.app.store, ctx.app.work, templateId, await elementJsonOf(ctx, templateId, input)));
  },
  async updateTemplateElement(_root, { input }: { input: ElementInput }, ctx) {
    const { templateId, uuid } = await visibleElement(ctx, input.templateElementId);
    return encodeId('ele', await changeTemplateElement(ctx.app.store, ctx.app.work, templateId, uuid, await elementJsonOf(ctx, templateId, input)));
  },
  async deleteTemplateElement(_root, { input }: { input: { templateElementId: string } }, ctx) {
    const { templateId, uuid } = await visibleElement(ctx, input.templateElementId);
    return encodeId('ele', await removeTemplateElement(ctx.app.store, ctx.app.work, templateId, uuid));
  },
};
