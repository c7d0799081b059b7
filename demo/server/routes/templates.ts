/** Template PDFs: upload, list, download, status. */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { authOf, requireApiKey } from '../auth/context.ts';
import { COMPONENT_OPERATIONS } from '../auth/operations.ts';
import { unprocessable } from '../http/errors.ts';
import { parseIsoInstant } from '../http/iso-instant.ts';
import { listMeta } from '../http/pagination.ts';
import { idFromUri, templateUri } from '../domain/uris.ts';
import { sendBytes } from '../http/binary.ts';
import { ListOf, booleanish, PaginationQuery, errorResponses, toBool } from '../schemas/common.ts';
import { decodePdfField, prepareTemplate, storeTemplate } from '../services/template-upload.ts';
import { templateFileName } from '../services/template-deletion.ts';
import { TemplateIdParams, TemplateResource, loadTemplate, templateResource } from './templates-common.ts';

const UploadBody = Type.Object({
  group: Type.String({ minLength: 1, description: 'Group resource URI (`/api/v1/group/{id}/`), or the group uuid or slug.' }),
  pdf_file: Type.String({ description: 'The PDF, base64-encoded (a `data:application/pdf;base64,` prefix is accepted).' }),
  title: Type.Optional(
    Type.String({ maxLength: 255, description: 'Defaults to "Untitled". The title `[deleted]` marks the template for the background clean-up.' }),
  ),
  process_tags: Type.Optional(booleanish('Parse text tags (`<<t=signature>>`) into fields.')),
  archive_upon_send: Type.Optional(booleanish('Archive the template when a document is sent from it.')),
  hide_sender_fields: Type.Optional(booleanish('Hide sender (admin) fields from signers.')),
  import_form_fields: Type.Optional(
    booleanish("Our addition: turn the PDF's own form fields (AcroForm) into signing fields and remove the interactive form. Default false."),
  ),
  returnAsJson: Type.Optional(booleanish('Same as the `returnAsJson` query parameter (either place works).')),
});

const UploadQuery = Type.Object({
  returnAsJson: Type.Optional(Type.Boolean({ description: 'Answer `{resource: {uid, status_uri, document_uri}, report}` instead of an empty 201.' })),
});

const UploadJson = Type.Object({
  resource: Type.Object({
    uid: Type.String(),
    status_uri: Type.String({ description: "The template's JSON description: `/api/v1/templatepdf/{id}/status/`." }),
    document_uri: Type.String({ description: 'The template resource (its PDF): `/api/v1/templatepdf/{id}/`.' }),
  }),
  report: Type.Record(Type.String(), Type.Unknown()),
});

const ListQuery = Type.Object({
  ...PaginationQuery,
  archived: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0'), Type.Literal('all')], {
      description: 'Default `false` (live templates only); `true` archived only; `all` both.',
    }),
  ),
  archive: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0'), Type.Literal('all')], {
      description: "The hosted description's name for `archived` (same values).",
    }),
  ),
  title: Type.Optional(Type.String({ maxLength: 255, description: 'Only templates whose title contains this text.' })),
  group: Type.Optional(Type.String({ description: 'Only this group (resource URI, uuid or slug).' })),
  created_gt: Type.Optional(
    Type.String({ maxLength: 64, description: 'ISO 8601 date or date-time; templates created after it (UTC when no offset is given).' }),
  ),
  modified_gt: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date or date-time; templates modified after it.' })),
});

const DownloadQuery = Type.Object({
  returnAsJson: Type.Optional(Type.Boolean({ description: 'Answer JSON `{uuid, title, filename, pdf_file}` with the PDF base64-encoded.' })),
  force_download: Type.Optional(Type.Boolean({ description: 'Send `Content-Disposition: attachment` so browsers save the file.' })),
});

export function pdfFileName(title: string): string {
  const safe =
    title
      .replace(/[^\w .()-]+/g, '_')
      .trim()
      .slice(0, 100) || 'template';
  return safe.toLowerCase().endsWith('.pdf') ? safe : `${safe}.pdf`;
}

export default async function templateRoutes(app: App): Promise<void> {
  const { store, config } = app;

  app.post(
    '/api/v1/templatepdf/',
    {
      schema: {
        summary: 'Upload a template PDF',
        tags: ['templates'],
        description:
          'Creates a template from a base64 PDF. 201 with `Location` = the template URI and an empty body (or JSON with `returnAsJson`). A file that is not a usable PDF (damaged, encrypted, XFA-only, not a PDF) gets 422 with a `pdf_*` code saying why; one over the size limit gets 413. With `process_tags` the text tags become fields; the upload report (tags found, tag problems, form import notes) is in the JSON answer and at `status_uri`.',
        querystring: UploadQuery,
        body: UploadBody,
        response: { 201: Type.Union([UploadJson, Type.Null()]), ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const body = request.body;
      const groupId = idFromUri(body.group, 'group');
      const group = groupId ? await store.groups.find(groupId) : undefined;
      if (!group || !auth.groupIds.includes(group.id)) {
        throw unprocessable(
          `group '${body.group}' is not a group your API key can use. List yours with GET /api/v1/group/.`,
          [{ field: 'group', message: 'unknown group' }],
          'unknown_group',
        );
      }
      const bytes = decodePdfField(body.pdf_file, config.maxUploadBytes);
      const prepared = await prepareTemplate(app.work, group.id, bytes, {
        processTags: toBool(body.process_tags),
        importFormFields: toBool(body.import_form_fields),
      });

      const id = await storeTemplate(store, prepared, {
        groupId: group.id,
        userId: auth.user.id,
        title: body.title ?? '',
        processTags: toBool(body.process_tags),
        archiveUponSend: toBool(body.archive_upon_send),
        hideSenderFields: toBool(body.hide_sender_fields),
      });
      reply.code(201).header('Location', templateUri(id));
      const { returnAsJson } = request.query;
      // Nothing returned: Fastify answers the 201 with an empty body.
      if (!returnAsJson && !toBool(body.returnAsJson)) return;
      return { resource: { uid: id, status_uri: `${templateUri(id)}status/`, document_uri: templateUri(id) }, report: prepared.report };
    },
  );

  app.get(
    '/api/v1/templatepdf/',
    {
      schema: {
        summary: 'List template PDFs',
        tags: ['templates'],
        description: 'Newest first. `next`/`previous` keep every filter.',
        querystring: ListQuery,
        response: { 200: ListOf(TemplateResource), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const q = request.query;
      // The description's name is `archive`; ours was `archived`: both work.
      q.archived ??= q.archive;
      let groupIds = authOf(request).groupIds;
      if (q.group !== undefined) {
        const id = idFromUri(q.group, 'group');
        const group = id ? await store.groups.find(id) : undefined;
        groupIds = group && groupIds.includes(group.id) ? [group.id] : [];
      }
      const archived = q.archived === 'all' ? undefined : q.archived === 'true' || q.archived === '1';
      const { total, templates } = await store.templates.list({
        groupIds,
        limit: q.limit,
        offset: q.offset,
        archived,
        titleContains: q.title,
        createdGt: q.created_gt === undefined ? undefined : parseIsoInstant(q.created_gt, 'created_gt'),
        modifiedGt: q.modified_gt === undefined ? undefined : parseIsoInstant(q.modified_gt, 'modified_gt'),
      });
      const filters = {
        archived: q.archive === undefined ? q.archived : undefined,
        archive: q.archive,
        title: q.title,
        group: q.group,
        created_gt: q.created_gt,
        modified_gt: q.modified_gt,
      };
      return { meta: listMeta(request, { limit: q.limit, offset: q.offset, total }, filters), objects: templates.map(templateResource) };
    },
  );

  app.get(
    '/api/v1/templatepdf/:id/',
    {
      config: { component: COMPONENT_OPERATIONS.templateRead },
      schema: {
        summary: 'Download a template PDF',
        tags: ['templates'],
        description:
          "The PDF bytes (`application/pdf`, inline; SERVICE-SPEC's download). With `Accept: application/json` (and not `application/pdf`) the template's details as JSON, as the hosted description has it. `returnAsJson` answers base64 JSON; `force_download` makes it an attachment. Also open to viewer/editor component tokens of this template.",
        params: TemplateIdParams,
        querystring: DownloadQuery,
        response: {
          200: Type.Union(
            [
              TemplateResource,
              Type.Object(
                { uuid: Type.String(), title: Type.String(), filename: Type.String(), content_type: Type.String(), pdf_file: Type.String() },
                { description: 'With returnAsJson.' },
              ),
            ],
            { description: 'The details with `Accept: application/json`, the base64 PDF with returnAsJson; otherwise the PDF bytes.' },
          ),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const template = await loadTemplate(app, request);
      const q = request.query;
      const accept = String(request.headers.accept ?? '');
      if (!q.returnAsJson && accept.includes('application/json') && !accept.includes('application/pdf')) return templateResource(template);
      const bytes = await store.files.read(templateFileName(template.id));
      const filename = pdfFileName(template.title);
      if (q.returnAsJson) {
        return { uuid: template.id, title: template.title, filename, content_type: 'application/pdf', pdf_file: bytes.toString('base64') };
      }
      const disposition = q.force_download ? 'attachment' : 'inline';
      reply
        .type('application/pdf')
        .header('Content-Disposition', `${disposition}; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .header('Cache-Control', 'private, no-cache');
      return sendBytes(reply, bytes);
    },
  );

  app.get(
    '/api/v1/templatepdf/:id/status/',
    {
      schema: {
        summary: 'Template description (JSON)',
        tags: ['templates'],
        description: "Our addition, the `status_uri` of an upload: the template's attributes and upload report, without the PDF bytes.",
        params: TemplateIdParams,
        response: { 200: TemplateResource, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => templateResource(await loadTemplate(app, request)),
  );
}
