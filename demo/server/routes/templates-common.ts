/** Shared by the template routes: finding a template the caller may see, and its JSON. */
import { validateElements } from 'esign-elements/fields';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Template } from '../store/templates.ts';
import { assertCanSee } from '../auth/context.ts';
import { notFound } from '../http/errors.ts';
import type { IdRequest } from '../http/typed-app.ts';
import { groupUri, templateIdFrom, templateUri, templateWebAppId, userUri } from '../domain/uris.ts';

export const TemplateIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200, description: 'The template UUID, or its web-app ID (base64 of `tpl` + UUID).' }),
});

/** The template named by `:id` (UUID or web-app ID), or 404 when missing or not visible. */
export async function loadTemplate(app: FastifyInstance, request: IdRequest): Promise<Template> {
  const raw = request.params.id;
  const id = templateIdFrom(raw);
  if (!id) throw notFound('Template PDF', raw);
  const template = await app.store.templates.get(id);
  assertCanSee(request, 'Template PDF', template && { type: 'templatepdf', id: template.id, groupId: template.groupId }, raw);
  return template!;
}

export const TemplateResource = Type.Object({
  uuid: Type.String(),
  resource_uri: Type.String(),
  web_app_id: Type.String({ description: 'base64 of `tpl` + UUID; accepted wherever a template id is.' }),
  title: Type.String(),
  group: Type.String({ description: 'Group resource URI.' }),
  user: Type.String({ description: 'Resource URI of the user who uploaded it.' }),
  page_count: Type.Integer(),
  file_size: Type.Integer({ description: 'Bytes of the stored PDF.' }),
  process_tags: Type.Boolean(),
  archive_upon_send: Type.Boolean(),
  hide_sender_fields: Type.Boolean(),
  archived: Type.Boolean(),
  field_count: Type.Integer(),
  signer_count: Type.Integer({ description: 'Distinct signers (1..99) the fields are assigned to.' }),
  parties: Type.String({
    description:
      'JSON text: the signers the fields name, in order, each `{ "signer": n, "role": "signer"|"witness"|"approver" }` (witness fields use 101.., approver 201..).',
  }),
  valid: Type.Boolean({ description: 'Ready to send: at least one field, and every field valid.' }),
  fields_uri: Type.String(),
  report: Type.Record(Type.String(), Type.Unknown(), { description: 'What upload processing did: page count, form import notes, text-tag problems.' }),
  created: Type.String(),
  modified: Type.String(),
});

/** The parties of a template: every signer number its fields use, with the role the number range means. */
function partiesOf(template: Template): { signer: number; role: string }[] {
  const numbers = [...new Set(template.fields.map((f) => f.signer).filter((s): s is number => typeof s === 'number' && s >= 1))].sort((a, b) => a - b);
  return numbers.map((n) => ({ signer: n, role: n > 200 ? 'approver' : n > 100 ? 'witness' : 'signer' }));
}

export function templateResource(template: Template) {
  const signers = new Set(template.fields.map((f) => f.signer).filter((s): s is number => typeof s === 'number' && s >= 1 && s <= 99));
  return {
    uuid: template.id,
    resource_uri: templateUri(template.id),
    web_app_id: templateWebAppId(template.id),
    title: template.title,
    group: groupUri(template.groupId),
    user: userUri(template.userId),
    page_count: template.pageCount,
    file_size: template.fileSize,
    process_tags: template.processTags,
    archive_upon_send: template.archiveUponSend,
    hide_sender_fields: template.hideSenderFields,
    archived: template.archived,
    field_count: template.fields.length,
    signer_count: signers.size,
    parties: JSON.stringify(partiesOf(template)),
    valid: template.fields.length > 0 && validateElements(template.fields, { pageCount: template.pageCount }).problems.length === 0,
    fields_uri: `${templateUri(template.id)}fields/`,
    report: template.report,
    created: template.created,
    modified: template.modified,
  };
}
