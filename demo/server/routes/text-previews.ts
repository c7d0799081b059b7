/**
 * Previews of HTML documents before they are sent: `POST /pdf/preview/` answers the PDF a text document
 * becomes; `POST /document/preview/` answers 302 to a one-use preview of the signing page (the PDF with its
 * signing fields in <esign-viewer>), which the page reads once through `GET /api/v1/preview/{id}/`.
 */
import crypto from 'node:crypto';
import { Type } from 'typebox';
import type { App } from '../http/typed-app.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { usableGroup } from './group-ref.ts';
import { isUuid } from '../domain/uris.ts';
import { renderTextDocument } from '../services/documents/text-document.ts';

/** How long a signing-page preview link works ("a few seconds" in the description; a slow page still makes it). */
export const PREVIEW_TTL_MS = 30_000;

const GroupRef = Type.String({ minLength: 1, maxLength: 200, description: 'The group, as `/api/v1/group/{id}/`.' });
const Html = Type.String({ maxLength: 1_000_000, description: 'The document as HTML; text tags (`<<t=signature;s=1>>`) place fields.' });
const SigneeCount = Type.Integer({ minimum: 0, maximum: 20, description: 'Signers: each without a signature tag gets a signature line.' });
const Flag = Type.Union([Type.Integer(), Type.Boolean()]);

const PdfPreviewBody = Type.Object({
  group: GroupRef,
  text: Html,
  signee_count: SigneeCount,
  signature_type: Type.Integer({ description: 'As on a send (1 or 4); a preview is never sealed.' }),
  is_signature_per_page: Flag,
  title: Type.Optional(Type.String({ maxLength: 200 })),
  header: Type.Optional(Type.String({ maxLength: 100_000 })),
  footer: Type.Optional(Type.String({ maxLength: 100_000 })),
  header_height: Type.Optional(Type.Integer()),
  footer_height: Type.Optional(Type.Integer()),
  pdfheader: Type.Optional(Flag),
});

const SigningPreviewBody = Type.Object({
  group: GroupRef,
  text: Html,
  title: Type.Optional(Type.String({ maxLength: 200 })),
  signee_count: Type.Optional(SigneeCount),
});

const truthy = (value: number | boolean | undefined): boolean => value === true || (typeof value === 'number' && value !== 0);

export default async function textPreviewRoutes(app: App): Promise<void> {
  const { store } = app;

  app.post(
    '/api/v1/pdf/preview/',
    {
      schema: {
        summary: 'text/html document as pdf preview',
        tags: ['documents'],
        description:
          'The PDF an HTML document becomes when sent (header above, footer below, a signature line for each signer without a signature tag, initials on every page with `is_signature_per_page`). Needs LibreOffice on the server (503 `converter_unavailable` otherwise).',
        body: PdfPreviewBody,
        response: { 200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }), ...errorResponses(400, 401, 403, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const groupId = await usableGroup(store, request, body.group);
      const doc = await renderTextDocument(app, groupId, {
        title: body.title ?? 'Preview',
        html: body.text,
        signeeCount: body.signee_count,
        header: body.header,
        footer: body.footer,
        signaturePerPage: truthy(body.is_signature_per_page),
      });
      return reply.type('application/pdf').header('Content-Disposition', 'inline; filename="preview.pdf"').send(Buffer.from(doc.pdf));
    },
  );

  app.post(
    '/api/v1/document/preview/',
    {
      schema: {
        summary: 'Preview text document signing page',
        tags: ['documents'],
        description: `Answers 302 with \`Location\`: a one-use link to a preview of the signing page for this HTML (the PDF with its signing fields), valid ${PREVIEW_TTL_MS / 1000} seconds. Follow it at once.`,
        body: SigningPreviewBody,
        response: { 302: Type.Null(), ...errorResponses(400, 401, 403, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const groupId = await usableGroup(store, request, body.group);
      const title = body.title ?? 'Preview';
      const doc = await renderTextDocument(app, groupId, { title, html: body.text, signeeCount: body.signee_count ?? 1 });
      const id = crypto.randomUUID();
      const now = Date.now();
      await store.signingPreviews.insert({ id, groupId, title, fields: doc.fields, pdf: doc.pdf, expiresMs: now + PREVIEW_TTL_MS }, now);
      return reply.code(302).header('Location', `${app.config.baseUrl}/demo/preview.html#${id}`).send(null);
    },
  );

  app.get(
    '/api/v1/preview/:id/',
    {
      config: { auth: 'public', cors: 'own-origin' },
      schema: {
        summary: 'Read a signing-page preview once (our addition)',
        tags: ['documents'],
        description: 'Public: the id from `POST /document/preview/`’s link is the credential. Works once, within its lifetime; 404 afterwards.',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: Type.Object({ title: Type.String(), pdf: Type.String({ description: 'base64' }), fields: Type.Array(Type.Unknown()) }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const preview = isUuid(id) ? await store.signingPreviews.take(id.toLowerCase(), Date.now()) : undefined;
      if (!preview) throw notFound('Preview', id);
      reply.header('Cache-Control', 'no-store');
      return { title: preview.title, pdf: Buffer.from(preview.pdf).toString('base64'), fields: preview.fields };
    },
  );
}
