/** Email attachments (the description's /attachment/): PDFs kept per group to attach to signers' emails. */
import crypto from 'node:crypto';
import type { App, IdRequest } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { attachmentUri, groupUri, isUuid, userUri } from '../domain/uris.ts';
import { ListOf, PaginationQuery, errorResponses } from '../schemas/common.ts';
import { inspectPdf } from '../pdf/inspect.ts';
import { decodePdfField } from '../services/template-upload.ts';
import { TooLargeError } from '../domain/errors.ts';
import type { EmailAttachment } from '../store/email-attachments.ts';
import { emailAttachmentFileName } from '../store/email-attachments.ts';
import { groupsFilter, usableGroup } from './group-ref.ts';

const AttachmentResource = Type.Object({
  resource_uri: Type.String(),
  uuid: Type.String(),
  filename: Type.String(),
  description: Type.String(),
  group: Type.String(),
  user: Type.String(),
  file_size: Type.Integer(),
  created: Type.String(),
});

const FILENAME = /^[-\w]{1,250}\.pdf$/;

const attachmentResource = (a: EmailAttachment) => ({
  resource_uri: attachmentUri(a.id),
  uuid: a.id,
  filename: a.filename,
  description: a.description,
  group: groupUri(a.groupId),
  user: userUri(a.userId),
  file_size: a.fileSize,
  created: a.created,
});

export default async function attachmentRoutes(app: App): Promise<void> {
  const { store, config } = app;

  app.get(
    '/api/v1/attachment/',
    {
      schema: {
        summary: 'List email attachments',
        tags: ['attachments'],
        querystring: Type.Object({ ...PaginationQuery, group: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: ListOf(AttachmentResource), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const q = request.query;
      const { total, attachments } = await store.emailAttachments.list(await groupsFilter(store, request, q.group), q.limit, q.offset);
      return { meta: listMeta(request, { limit: q.limit, offset: q.offset, total }, { group: q.group }), objects: attachments.map(attachmentResource) };
    },
  );

  app.post(
    '/api/v1/attachment/',
    {
      schema: {
        summary: "Upload a PDF to attach to signers' emails",
        tags: ['attachments'],
        body: Type.Object({
          group: Type.String({ minLength: 1, maxLength: 200 }),
          pdf_file: Type.String({ description: 'The PDF, base64.' }),
          filename: Type.String({ minLength: 1, description: 'ASCII letters, digits, `-` and `_`, ending in `.pdf`, at most 250 characters before it.' }),
          description: Type.Optional(Type.String()),
          user: Type.Optional(Type.String()),
        }),
        description:
          'Answers 201 with `Location` = the attachment. Name a send\'s signer `attachments: ["/api/v1/attachment/{id}/"]` to attach it to that signer\'s emails.',
        response: { 201: AttachmentResource, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const body = request.body;
      const groupId = await usableGroup(store, request, body.group);
      if (body.filename.length > 254) throw badRequest('Filename must be not more than 250 characters', [{ field: 'filename', message: 'too long' }]);
      if (!FILENAME.test(body.filename))
        throw badRequest('Use simple ascii letters and numbers for filename', [{ field: 'filename', message: 'letters, digits, - and _ ending in .pdf' }]);
      const description = body.description ?? '';
      if (description.length > 250) throw badRequest('Description must be not more than 250 characters', [{ field: 'description', message: 'too long' }]);
      let bytes: Uint8Array;
      try {
        bytes = decodePdfField(body.pdf_file, config.maxUploadBytes);
      } catch (error) {
        if (error instanceof TooLargeError) throw error;
        throw badRequest((error as Error).message, [{ field: 'pdf_file', message: 'is not base64' }]);
      }
      const info = await inspectPdf(bytes);
      if (!info.ok) throw badRequest(`pdf_file: ${info.message}`, [{ field: 'pdf_file', message: info.message }], `pdf_${info.code}`);
      const id = crypto.randomUUID();
      await store.files.write(emailAttachmentFileName(id), bytes);
      const attachment = await store.emailAttachments.insert({
        id,
        groupId,
        userId: auth.user.id,
        filename: body.filename,
        description,
        fileSize: bytes.byteLength,
      });
      reply.code(201).header('Location', attachmentUri(id));
      return attachmentResource(attachment);
    },
  );

  const load = async (request: IdRequest): Promise<EmailAttachment> => {
    const auth = requireApiKey(request);
    const { id } = request.params;
    const attachment = isUuid(id) ? await store.emailAttachments.get(id.toLowerCase()) : undefined;
    if (!attachment || !auth.groupIds.includes(attachment.groupId)) throw notFound('Attachment', id);
    return attachment;
  };
  const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

  app.get(
    '/api/v1/attachment/:id/',
    {
      schema: {
        summary: 'An email attachment',
        tags: ['attachments'],
        params: Params,
        response: { 200: AttachmentResource, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => attachmentResource(await load(request)),
  );

  app.delete(
    '/api/v1/attachment/:id/',
    {
      schema: {
        summary: 'Delete an email attachment',
        tags: ['attachments'],
        params: Params,
        description: 'Removes it and shreds its file. Answers 204.',
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const attachment = await load(request);
      await store.emailAttachments.remove(attachment.id);
      await store.files.shred(emailAttachmentFileName(attachment.id));
      reply.code(204);
      return null;
    },
  );
}
