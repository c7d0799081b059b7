/** Documents: send, list, detail, delete. PDF, fields and audit log are in documents-files.ts. */
import { renderTextDocument } from '../services/documents/text-document.ts';
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { badRequest } from '../http/errors.ts';
import { parseIsoInstant } from '../http/iso-instant.ts';
import { decodeListCursor } from '../http/list-cursor.ts';
import { listMeta } from '../http/pagination.ts';
import { idFromUri } from '../domain/uris.ts';
import { ListOf, errorResponses } from '../schemas/common.ts';
import { sendDocument } from '../services/documents/send.ts';
import { actorOf, loadVisibleDocument } from '../services/documents/access.ts';
import { removeDocument } from '../services/documents/remove.ts';
import { purgeDocument } from '../services/documents/purge.ts';
import { documentDetail, documentListEntry, statusUri } from '../services/documents/views.ts';
import { isDocumentStatus } from '../domain/statuses.ts';
import { mintLinkToken, signingUrl } from '../auth/link-tokens.ts';
import { SendBody } from '../services/documents/send-body.ts';
import { DocumentDetail, DocumentIdParams, DocumentListEntry, DocumentListQuery } from './documents-schemas.ts';

const SendResponse = Type.Object(
  {
    ...DocumentDetail.properties,
    signer_1: Type.Optional(
      Type.String({ description: "With return_signer_links: the first recipient's signing link; `signer_2`, `signer_3`, … follow in recipient order." }),
    ),
  },
  { patternProperties: { '^signer_[0-9]+$': Type.String() } },
);

const SEND_DESCRIPTION = `Sends a template PDF (or a bundle of them) for signature. Answers 201 with \`Location\` = the status URI
\`/api/v1/status/{id}/\` and the new document in the body. The template's PDF is copied to the document; a template uploaded with
\`archive_upon_send\` is archived. Roles left out are taken from the template's parties in order; skipped signers and the witnesses
following them are left out with their fields. Archived or \`[deleted]\` templates answer 409. Every problem in the body answers 400
with \`fields\` naming each one. Decisions: docs/decisions/documents.md.`;

export default async function documentRoutes(app: App): Promise<void> {
  const { store } = app;
  // The detail's parts from beside the document: field count, invitation files, text source.
  const detailParts = async (documentId: string, recipients: readonly { id: string }[]) => ({
    fieldCount: (await store.documents.fields(documentId)).length,
    invitationFiles: await Promise.all(recipients.map(async (r) => ({ recipientId: r.id, attachments: await store.emailAttachments.ofRecipient(r.id) }))),
    text: await store.documentTexts.get(documentId),
  });

  app.post(
    '/api/v1/document/',
    {
      // The body schema documents the send; the send parser validates it, naming every problem in one answer.
      // So the handler's body is `unknown` (Type.Unsafe: same schema in the OpenAPI document, no claimed type).
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        summary: 'Send a document',
        tags: ['documents'],
        description: SEND_DESCRIPTION,
        body: Type.Unsafe<unknown>(SendBody),
        response: { 201: SendResponse, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const { document, recipients, parts } = await sendDocument(
        store,
        { userId: auth.user.id, groupIds: auth.groupIds, actor: await actorOf(store, request) },
        request.body,
        {
          log: (error) => request.log.error(error),
          work: app.work,
          renderText: (groupId, input) => renderTextDocument(app, groupId, input),
        },
      );
      reply.code(201).header('Location', statusUri(document.id));
      const detail = documentDetail(document, recipients, parts);
      if (!document.returnSignerLinks) return detail;
      // The hosted service's `signer_1`, `signer_2`, ... in recipient order: signing-page links (they open once it is that signer's turn).
      // Top-level, as the hosted description returns them.
      const links = Object.fromEntries(
        recipients.map((r, i) => [`signer_${i + 1}`, signingUrl(app.config.baseUrl, r.id, mintLinkToken(app.config.dataDir, r.id, document.id))]),
      );
      return { ...detail, ...links };
    },
  );

  app.get(
    '/api/v1/document/',
    {
      schema: {
        summary: 'List documents',
        tags: ['documents'],
        querystring: DocumentListQuery,
        description:
          'Newest first. Filters combine; `meta.next`/`previous` carry every active filter and an opaque keyset `cursor` (a deep page costs what the first does; `offset` still works). `nosigners=1` leaves out the signer arrays for a faster answer. Removed documents are archived and listed unless `archived=false`.',
        response: { 200: ListOf(DocumentListEntry), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const q = request.query;
      let groupIds = auth.groupIds;
      if (q.group !== undefined) {
        const ref = idFromUri(q.group, 'group');
        const group = ref ? await store.groups.find(ref) : undefined;
        // A group the key cannot see lists nothing rather than telling it exists.
        groupIds = group && auth.groupIds.includes(group.id) ? [group.id] : [];
      }
      let userId: string | undefined;
      if (q.sentUserId !== undefined) {
        userId = idFromUri(q.sentUserId, 'user');
        if (!userId)
          throw badRequest('sentUserId must be a user UUID or user resource URI (/api/v1/user/{id}/).', [
            { field: 'sentUserId', message: 'must be a user id or URI' },
          ]);
      }
      if (q.status !== undefined && !isDocumentStatus(q.status)) {
        throw badRequest(`status must be one of 10, 20, 30, 40, 50 (got ${q.status}).`, [{ field: 'status', message: 'must be 10, 20, 30, 40 or 50' }]);
      }
      const { documents } = store;
      const cursor = q.cursor === undefined ? undefined : decodeListCursor(q.cursor);
      const offset = cursor ? cursor.offset : q.offset;
      const {
        total,
        documents: page,
        first,
        last,
      } = await documents.list({
        groupIds,
        limit: q.limit,
        offset,
        keyset: cursor?.keyset,
        status: q.status,
        userId,
        createdGt: q.created_gt === undefined ? undefined : parseIsoInstant(q.created_gt, 'created_gt'),
        modifiedGt: q.modified_gt === undefined ? undefined : parseIsoInstant(q.modified_gt, 'modified_gt'),
        archived: q.archived,
        email: q.email,
      });
      const withSigners = q.nosigners !== true;
      const recipients = withSigners ? await documents.recipientsOf(page.map((d) => d.id)) : null;
      const texts = await store.documentTexts.ofDocuments(page.map((d) => d.id));
      const filters = {
        created_gt: q.created_gt,
        modified_gt: q.modified_gt,
        sentUserId: q.sentUserId,
        status: q.status,
        group: q.group,
        archived: q.archived === undefined ? undefined : String(q.archived),
        email: q.email,
        nosigners: q.nosigners === undefined ? undefined : String(q.nosigners),
      };
      return {
        meta: listMeta(request, { limit: q.limit, offset, total }, filters, { first, last }),
        objects: page.map((d) => documentListEntry(d, recipients ? recipients.get(d.id)! : null, texts.get(d.id) ?? null)),
      };
    },
  );

  app.get(
    '/api/v1/document/:id/',
    {
      schema: {
        summary: 'Document detail',
        tags: ['documents'],
        params: DocumentIdParams,
        description:
          "`signers` holds the hosted service's legacy rows; `signer_objects` the same recipients as objects. `pdf_password`/`pdf_password_type` as sent.",
        response: { 200: DocumentDetail, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      requireApiKey(request);
      const { document } = await loadVisibleDocument(store, request, request.params.id);
      const recipients = await store.documents.recipients(document.id);
      return documentDetail(document, recipients, await detailParts(document.id, recipients));
    },
  );

  app.delete(
    '/api/v1/document/:id/',
    {
      schema: {
        summary: 'Remove a document',
        tags: ['documents'],
        params: DocumentIdParams,
        querystring: Type.Object({
          email: Type.Optional(Type.Boolean({ description: '`1` emails every recipient who had been invited that the document was removed.' })),
        }),
        description:
          'Sets status 40 (removed) and archives the document; recipients with work left are withdrawn (70). Removing twice answers 409. With `email=1` the notifications are queued in the email outbox. Answers 204.',
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      requireApiKey(request);
      const { document } = await loadVisibleDocument(store, request, request.params.id);
      await removeDocument(store, document, await actorOf(store, request), request.query.email === true);
      reply.code(204);
      return null;
    },
  );

  app.delete(
    '/api/v1/document/:id/delete/',
    {
      schema: {
        summary: 'Permanently delete a document',
        tags: ['documents'],
        params: DocumentIdParams,
        description:
          'Unlike `DELETE /document/{id}/` (status 40, archived, kept), this removes the document, its recipients, fields, history and queued emails, and shreds its PDFs and signer attachments. Nothing can bring it back. Answers 204.',
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      requireApiKey(request);
      const { document } = await loadVisibleDocument(store, request, request.params.id);
      await purgeDocument(store, document);
      reply.code(204);
      return null;
    },
  );
}
