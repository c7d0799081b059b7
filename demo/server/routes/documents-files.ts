/** A document's PDF, fields and audit log. The PDF and fields also open to its signers' component tokens. */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { ListOf, PdfResponse, errorResponses, unknownProperties } from '../schemas/common.ts';
import { ELEMENT_TYPES } from 'esign-elements/fields';
import { isAutomaticFetch } from '../http/automatic-fetch.ts';
import { actorOf, loadVisibleDocument } from '../services/documents/access.ts';
import { SIGNER_OPERATIONS } from '../auth/component-tokens.ts';
import { auditEntry } from '../services/documents/views.ts';
import { sealedAuditLogPdf } from '../services/audit-log-pdf.ts';
import { signerFields } from '../services/signing/view.ts';
import { asReviewer, reviewerOf } from '../services/signing/review.ts';
import { recordFinalDownload } from '../services/signing/final-download.ts';
import { AuditEntry, DocumentIdParams } from './documents-schemas.ts';

/** A file name that is safe in a Content-Disposition header. */
function fileName(name: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^\w .-]+/g, '')
      .trim()
      .slice(0, 100) || 'document';
  return `${base}.pdf`;
}

/** A field as the read answers it: the element JSON plus `state` (saved by its signer). */
const DocumentField = Type.Object(
  {
    ...unknownProperties(['element_type', 'fieldorder', 'label', 'label_extra', 'signer', 'validation', 'value', 'uuid']),
    state: Type.Optional(Type.Boolean({ description: 'true once its signer saved a value.' })),
  },
  { additionalProperties: true, description: 'The element JSON of src/fields/types.ts, plus `state`.' },
);

export default async function documentFileRoutes(app: App): Promise<void> {
  const { store } = app;

  app.get(
    '/api/v1/pdf/:id/',
    {
      config: { component: SIGNER_OPERATIONS.documentPdf },
      schema: {
        summary: 'Download the document PDF',
        tags: ['documents'],
        params: DocumentIdParams,
        querystring: Type.Object({ force_download: Type.Optional(Type.Boolean()) }),
        description:
          "The final signed PDF once it exists, otherwise the source PDF copied from the template at send; the header `X-Esign-Pdf` says which (`final` or `source`). `force_download=1` answers with `Content-Disposition: attachment`. A signer component token of this document may call it; its `force_download=1` GET of the final PDF is the recipient's download (status 50, `recipient_downloaded_final` in the history). Reading it inline (to show it or prepare a link), a HEAD or a prefetch records nothing.",
        response: { 200: PdfResponse, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { document, tokenRecipient } = await loadVisibleDocument(store, request, request.params.id);
      const name = document.finalFile ?? document.sourceFile;
      if (!(await store.files.exists(name))) throw conflict(`The PDF of document '${document.id}' is missing from the data directory.`, 'pdf_missing');
      const bytes = await store.files.read(name);
      const force = request.query.force_download === true;
      // Only a person's download is the recipient's act (status 50, "downloaded final"): a request for the file to
      // save. The signing page, a viewer or a link being prepared reads it inline; a HEAD or a prefetch is no one.
      if (force && document.finalFile && tokenRecipient && reviewerOf(request) === null && !isAutomaticFetch(request)) {
        await recordFinalDownload(store, tokenRecipient.id, await actorOf(store, request));
      }
      reply
        .type('application/pdf')
        .header('X-Esign-Pdf', document.finalFile ? 'final' : 'source')
        .header('Content-Disposition', `${force ? 'attachment' : 'inline'}; filename="${fileName(document.name)}"`)
        .header('Cache-Control', 'private, no-store');
      return reply.send(bytes);
    },
  );

  app.get(
    '/api/v1/document/:id/fields/',
    {
      config: { component: SIGNER_OPERATIONS.documentFields },
      schema: {
        summary: 'Document fields',
        tags: ['documents'],
        params: DocumentIdParams,
        querystring: Type.Object({
          element_type: Type.Optional(Type.String({ description: 'Only fields of this type: signature, initials, text or admin.' })),
        }),
        description:
          "The document's fields in the element JSON of src/fields (the template's fields as sent: pdftext/signertext applied, bundle pages offset), with the values filled so far. A signer component token of this document may call it.",
        response: { 200: Type.Array(DocumentField), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { document, tokenRecipient } = await loadVisibleDocument(store, request, request.params.id);
      const elementType = request.query.element_type;
      if (elementType !== undefined && !(ELEMENT_TYPES as readonly string[]).includes(elementType)) {
        throw badRequest(`element_type must be one of ${ELEMENT_TYPES.join(', ')} (got ${JSON.stringify(elementType)}).`, [
          { field: 'element_type', message: `must be one of ${ELEMENT_TYPES.join(', ')}` },
        ]);
      }
      const { documents } = store;
      const saved = await documents.savedFieldIds(document.id);
      // `state`: saved by its signer (the description's field property).
      const fields = (await documents.fields(document.id, elementType)).map((f) => ({ ...f, state: saved.has(f.uuid ?? '') }));
      // A signer's token sees what the signing view shows: no secret codes, no one else's unfinished values.
      // A reviewer's token sees only finished recipients' values (it owns no field).
      const viewer = tokenRecipient && reviewerOf(request) !== null ? asReviewer(tokenRecipient) : tokenRecipient;
      return viewer ? signerFields(fields, viewer, await documents.recipients(document.id)).map(({ editable: _editable, ...f }) => f) : fields;
    },
  );

  app.get(
    '/api/v1/document/:id/auditlog/',
    {
      schema: {
        summary: 'Document audit log',
        tags: ['documents'],
        params: DocumentIdParams,
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        description:
          "A PDF of the document's history by default (as the hosted description has it): the document, its recipients, and every event with time, actor, IP address and user agent. With `Accept: application/json` (and not `application/pdf`) the events as a JSON list, oldest first, paginated with `limit`/`offset`.",
        response: {
          200: {
            description: 'The PDF by default; the JSON list with Accept: application/json.',
            content: { 'application/pdf': PdfResponse.content['application/pdf'], 'application/json': { schema: ListOf(AuditEntry) } },
          },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      requireApiKey(request);
      const { document } = await loadVisibleDocument(store, request, request.params.id);
      const { limit, offset } = request.query;
      const { history } = store;
      const events = await history.events(document.id);
      const accept = String(request.headers.accept ?? '');
      if (accept.includes('application/json') && !accept.includes('application/pdf')) {
        return {
          meta: listMeta(request, { limit, offset, total: events.length }, {}),
          objects: events.slice(offset, offset + limit).map(auditEntry),
        };
      }
      // The same history pages the final PDF appends, sealed by the server (services/audit-log-pdf.ts).
      const pdf = await sealedAuditLogPdf(store, document);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName(`${document.name} audit log`)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
}
