/**
 * File attachments (validation 74/75/76): the signer uploads with its component token; the sender
 * lists and downloads them with an API key, and downloads the signed PDF zipped with the 76s.
 * Registered by signing.ts. The logic is in services/signing/attachments.ts.
 */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { authOf, requireApiKey } from '../auth/context.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { sendBytes } from '../http/binary.ts';
import { errorResponses } from '../schemas/common.ts';
import { DOCUMENT_STATUS } from '../domain/statuses.ts';
import { SIGNER_OPERATIONS } from '../auth/component-tokens.ts';
import { actorOf, loadVisibleDocument, loadVisibleRecipient } from '../services/documents/access.ts';
import { MAX_ATTACHMENT_BYTES, attachmentBytes, attachmentInfo, documentAttachments, uploadAttachment } from '../services/signing/attachments.ts';
import { uniqueNames, zip } from '../services/signing/zip.ts';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const Attachment = Type.Object({
  field: Type.String(),
  name: Type.String(),
  type: Type.String(),
  bytes: Type.Integer(),
  sha256: Type.String(),
  validation: Type.Integer(),
  signer: Type.Integer(),
});
const TAGS = ['signing'];

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export default async function signingAttachmentRoutes(app: App): Promise<void> {
  const { store } = app;

  app.post(
    '/api/v1/signer/:id/attachment/',
    {
      config: { component: SIGNER_OPERATIONS.save },
      schema: {
        summary: 'Upload a file for an attachment field',
        tags: TAGS,
        params: IdParams,
        body: Type.Object({
          field: Type.String({ description: "uuid of one of this signer's attachment fields (validation 74, 75 or 76)" }),
          name: Type.String({ description: "the file's name (1–200 characters); it becomes the field's value" }),
          data: Type.String({ description: `the file, base64 (at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB decoded)` }),
          type: Type.Optional(Type.String({ description: 'the declared MIME type; PDF, PNG and JPEG are recognised from the bytes' })),
        }),
        description:
          "Stores the file with the document (a new upload replaces the last) and sets the field's value to its name. A 75 (appended to the signed PDF) must be a PDF, PNG or JPEG; a PDF must open (not encrypted or broken). 413 when too large; 409 when the document is closed or it is not this signer's turn.",
        response: { 200: Attachment, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      if (authOf(request).kind !== 'component_token') throw forbidden("Uploading an attachment needs the signer's component token.", 'signer_token_required');
      const { recipient } = await loadVisibleRecipient(store, request, request.params.id);
      return uploadAttachment(store, app.work, recipient.id, request.body, await actorOf(store, request));
    },
  );

  app.get(
    '/api/v1/document/:id/attachments/',
    {
      schema: {
        summary: 'The files signers attached',
        tags: TAGS,
        params: IdParams,
        description:
          "Every attachment uploaded for the document's fields (74 emailed, 75 appended to the signed PDF, 76 zipped with it), in field order. API key only.",
        response: { 200: Type.Object({ objects: Type.Array(Attachment) }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      requireApiKey(request);
      const { document } = await loadVisibleDocument(store, request, request.params.id);
      return { objects: await documentAttachments(store, document.id) };
    },
  );

  app.get(
    '/api/v1/document/:id/attachments/zip/',
    {
      schema: {
        summary: 'The signed PDF zipped with its attachments',
        tags: TAGS,
        params: IdParams,
        description: 'A ZIP of the final PDF and every 76 attachment (`application/zip`). 409 until the document is complete. API key only.',
        response: { ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      requireApiKey(request);
      const { document } = await loadVisibleDocument(store, request, request.params.id);
      if (document.status !== DOCUMENT_STATUS.completed || !document.finalFile)
        throw conflict('The signed PDF is not ready yet: the document is not complete.', 'not_complete');
      const files = await documentAttachments(store, document.id, 76);
      const names = uniqueNames([`${document.name.replace(/[/\\]/g, '_') || 'document'}.pdf`, ...files.map((f) => f.name)]);
      const archive = zip([
        { name: names[0], bytes: await store.files.readBytes(document.finalFile) },
        ...(await Promise.all(files.map(async (f, i) => ({ name: names[i + 1], bytes: await attachmentBytes(store, document.id, f.field) })))),
      ]);
      reply
        .type('application/zip')
        .header('Content-Disposition', disposition('attachment', `${names[0].replace(/\.pdf$/, '')}.zip`))
        .header('Cache-Control', 'private, no-store');
      return sendBytes(reply, archive);
    },
  );

  app.get(
    '/api/v1/document/:id/attachments/:field/',
    {
      schema: {
        summary: 'Download one attachment',
        tags: TAGS,
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }), field: Type.String({ minLength: 1, maxLength: 200 }) }),
        description: 'The file uploaded for the field, with its name and type. API key only.',
        response: { ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      requireApiKey(request);
      const { id, field } = request.params;
      const { document } = await loadVisibleDocument(store, request, id);
      const info = /^[0-9a-f-]{36}$/i.test(field) ? await attachmentInfo(store, document.id, field.toLowerCase()) : null;
      if (!info) throw notFound('Attachment', field);
      // Never rendered by the browser as a page of this origin: always a download, never sniffed.
      reply
        .type(info.type)
        .header('Content-Disposition', disposition('attachment', info.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return sendBytes(reply, Buffer.from(await attachmentBytes(store, document.id, info.field)));
    },
  );
}
