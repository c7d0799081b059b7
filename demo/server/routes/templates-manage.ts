/** Template PDFs: archive, secure delete (with the retention-policy approval), text tags and form-field import after upload. */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { ApiError } from '../http/errors.ts';
import { booleanish, errorResponses, toBool } from '../schemas/common.ts';
import { deleteTemplateNow, templateFileName } from '../services/template-deletion.ts';
import { withUuids } from '../services/template-fields.ts';
import { editTemplate } from '../services/template-edit.ts';
import { answering } from '../work/failures.ts';
import { withinFieldLimit } from '../services/field-limit.ts';
import { EDITOR_OPERATIONS } from '../auth/operations.ts';
import { mintComponentToken, tokenSecret } from '../auth/component-tokens.ts';
import { TemplateIdParams, TemplateResource, loadTemplate, templateResource } from './templates-common.ts';

const EditBody = Type.Object({
  title: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'New title; `[deleted]` schedules the template for the background clean-up.' }),
  ),
  hide_sender_fields: Type.Optional(booleanish('Hide sender (admin) fields from signers.')),
  archive_upon_send: Type.Optional(booleanish('Archive the template when a document is sent from it.')),
  archived: Type.Optional(booleanish('Archive (true) or restore (false) the template.')),
});

const TagsBody = Type.Object({
  replace: Type.Optional(booleanish("true: the tag fields replace the template's fields; false (default): they are added to them.")),
});

const FormImportBody = Type.Object({
  replace: Type.Optional(booleanish("true: the imported fields replace the template's fields; false (default): they are added to them.")),
});

/** The answer of tags/ and import-form-fields/: how many fields were made, the problems or notes, the template's fields now. */
const fieldsMadeResponse = (count: string, notes: string, status: 200 | 201) => ({
  [status]: Type.Object({
    [count]: Type.Integer(),
    [notes]: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    fields: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  }),
  ...errorResponses(400, 401, 403, 404, 415, 422, 429),
});

export default async function templateManageRoutes(app: App): Promise<void> {
  const { store } = app;

  app.post(
    '/api/v1/templatepdf/:id/archive/',
    {
      schema: {
        summary: 'Archive a template',
        tags: ['templates'],
        description:
          'Archived templates leave the default list (`?archive=true` shows them) and can still be read and sent. Idempotent; answers 201 with the template.',
        params: TemplateIdParams,
        response: { 201: TemplateResource, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      requireApiKey(request);
      const template = await loadTemplate(app, request);
      reply.code(201);
      return templateResource((await store.templates.update(template.id, { archived: true }))!);
    },
  );

  app.patch(
    '/api/v1/templatepdf/:id/',
    {
      schema: {
        summary: "Edit a template's properties",
        tags: ['templates'],
        description:
          "The PDF edit operation (its path is not in the spec; this is the hosted service's): change the title, `hide_sender_fields`, `archive_upon_send` or `archived`. Fields left out keep their value. Answers the template.",
        params: TemplateIdParams,
        body: EditBody,
        response: { 200: TemplateResource, ...errorResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (request) => {
      requireApiKey(request);
      const template = await loadTemplate(app, request);
      const body = request.body;
      return templateResource(
        await editTemplate(store, template, {
          title: body.title,
          hideSenderFields: body.hide_sender_fields === undefined ? undefined : toBool(body.hide_sender_fields),
          archiveUponSend: body.archive_upon_send === undefined ? undefined : toBool(body.archive_upon_send),
          archived: body.archived === undefined ? undefined : toBool(body.archived),
        }),
      );
    },
  );

  app.delete(
    '/api/v1/templatepdf/:id/delete/',
    {
      schema: {
        summary: 'Securely delete a template',
        tags: ['templates'],
        description:
          "Removes the template and overwrites its PDF file before unlinking it. 204 on success. When the group's retention policy requires a second approval (`deletion_requires_approval`), the first call records the caller's approval and answers 409 `second_approval_required`; a call by a different member of the group then deletes it.",
        params: TemplateIdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const template = await loadTemplate(app, request);
      const group = (await store.groups.get(template.groupId))!;
      if (group.deletionRequiresApproval) {
        const approvers = await store.transaction(async () => {
          await store.templates.addDeletionApproval(template.id, auth.user.id);
          return await store.templates.deletionApprovers(template.id);
        });
        if (approvers.length < 2) {
          throw new ApiError(
            409,
            'second_approval_required',
            `Secure deletion failed: the retention policy of group "${group.name}" requires a second approval. Your approval is recorded; another member of the group must also call DELETE /api/v1/templatepdf/${template.id}/delete/.`,
          );
        }
      }
      await deleteTemplateNow(store, template);
      reply.code(204);
    },
  );

  app.post(
    '/api/v1/templatepdf/:id/tags/',
    {
      schema: {
        summary: 'Parse the text tags of an uploaded template',
        tags: ['templates'],
        description:
          "Reads `<<...>>` text tags from the stored PDF and turns them into fields (added, or replacing the existing ones with `replace`). Answers 201 with the fields found, the tag problems, and the template's fields now.",
        params: TemplateIdParams,
        body: Type.Union([TagsBody, Type.Null()]),
        response: fieldsMadeResponse('fields_found', 'problems', 201),
      },
    },
    async (request, reply) => {
      requireApiKey(request);
      const template = await loadTemplate(app, request);
      const replace = toBool(request.body?.replace);
      reply.code(201);
      const found = await answering(async () =>
        app.work.run(template.groupId, 'extractTags', { bytes: await store.files.readBytes(templateFileName(template.id)) }),
      );
      const fitted = withinFieldLimit(replace ? [] : template.fields, found.elements, 'tag fields');
      const problems = fitted.note ? [...found.report, fitted.note] : found.report;
      const updated = (await store.templates.update(template.id, {
        fields: withUuids(fitted.fields),
        report: { ...template.report, tags: { fields_found: fitted.kept.length, problems } },
      }))!;
      return {
        fields_found: fitted.kept.length,
        problems: problems as unknown as Record<string, unknown>[],
        fields: updated.fields as unknown as Record<string, unknown>[],
      };
    },
  );

  app.post(
    '/api/v1/templatepdf/:id/import-form-fields/',
    {
      schema: {
        summary: 'Turn the PDF form fields of an uploaded template into signing fields',
        tags: ['templates'],
        description:
          "Our addition (the upload option `import_form_fields` as its own operation): imports the stored PDF's AcroForm fields as fields (added, or replacing the existing ones with `replace`) and removes the interactive form from the stored PDF so nothing renders twice. A PDF without form fields is left unchanged. Answers the fields imported, the import notes, and the template's fields now. An XFA-only form gets 422 `pdf_xfa_only`.",
        params: TemplateIdParams,
        body: Type.Union([FormImportBody, Type.Null()]),
        response: fieldsMadeResponse('fields_imported', 'notes', 200),
      },
    },
    async (request) => {
      requireApiKey(request);
      const template = await loadTemplate(app, request);
      const replace = toBool(request.body?.replace);
      const file = templateFileName(template.id);
      const source = await store.files.readBytes(file);
      const imported = await answering(() => app.work.run(template.groupId, 'importFormFields', { bytes: source }));
      // The stripped PDF is written (atomically) before the fields that replace its form are saved.
      // (A PDF without a form comes back with the same bytes: the worker had a copy.)
      const changed = imported.pdf.length !== source.length || !Buffer.from(imported.pdf).equals(Buffer.from(source));
      if (changed) await store.files.write(file, imported.pdf);
      const fitted = withinFieldLimit(replace ? [] : template.fields, imported.elements, 'imported form fields');
      const notes = fitted.note ? [...imported.report, fitted.note] : imported.report;
      const updated = (await store.templates.update(template.id, {
        fields: withUuids(fitted.fields),
        fileSize: imported.pdf.length,
        report: { ...template.report, form_import: { fields_imported: fitted.kept.length, notes } },
      }))!;
      return {
        fields_imported: fitted.kept.length,
        notes: notes as unknown as Record<string, unknown>[],
        fields: updated.fields as unknown as Record<string, unknown>[],
      };
    },
  );

  app.get(
    '/api/v1/templatepdf/:id/edit-link/',
    {
      schema: {
        summary: 'A link that opens the field editor on this template',
        tags: ['templates'],
        description:
          "Our version of the hosted edit link: the server's editor page (`/demo/editor.html`) with the template id in the query and a fresh editor component token in the fragment (never sent to servers). Answers 201 with the link in `Location` and, as a JSON string, in the body; `X-Expires-At` says when the token expires (1 hour).",
        params: TemplateIdParams,
        response: { 201: Type.String({ description: 'The link.' }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const template = await loadTemplate(app, request);
      const minted = await mintComponentToken(tokenSecret(app.config.dataDir), {
        resource: { type: 'templatepdf', id: template.id },
        groupId: template.groupId,
        userId: auth.user.id,
        keyId: auth.keyId,
        env: auth.env,
        operations: EDITOR_OPERATIONS,
        ttlSeconds: 60 * 60,
      });
      const url = `${app.config.baseUrl}/demo/editor.html?template=${template.id}#token=${encodeURIComponent(minted.token)}`;
      // A string payload would go out raw: the body is the link as a JSON string, as documented.
      return reply
        .code(201)
        .header('Location', url)
        .header('X-Expires-At', minted.expiresAt.toISOString())
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(url));
    },
  );
}
