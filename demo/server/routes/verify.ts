/**
 * Seal verification: `GET /api/v1/pdf/{id}/verify/` checks a document's stored final PDF (API key,
 * group-scoped); `POST /api/v1/verify/` checks any PDF posted as the body (public, for the
 * `/verify/` page: size-capped, counted per IP address); `GET /api/v1/verify/certificate/` gives
 * the sealing certificate for offline checks (`esign-elements/verify`, `pdfsig`, `openssl`).
 */
import fs from 'node:fs';
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { RateLimiter, windowsOf } from '../auth/rate-limit.ts';
import { ApiError, conflict } from '../http/errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { loadVisibleDocument } from '../services/documents/access.ts';
import { verifyAgainstRecords } from '../services/verify.ts';
import type { VerificationAnswer } from '../services/verify.ts';
import { sealKeyOf } from '../services/seal.ts';
import { DocumentIdParams } from './documents-schemas.ts';
import { resolveInside } from './static.ts';

/** Public checks per IP address per minute: generous for people, a brake for scripts. */
export const PUBLIC_VERIFY_PER_MINUTE = 30;

// The answer's type is the service's; the schema stays open (a record) for the OpenAPI document.
const Verification = Type.Unsafe<VerificationAnswer>(
  Type.Record(Type.String(), Type.Unknown(), {
    description:
      '`verdict` (sealed | modified | broken_signature | other_signer | not_sealed | truncated | not_pdf), `ok`, `message`, `sealed_by_this_server`, `sha256`, `sealed_sha256`, `revisions`, `sealed_revision`, `changed_revision`, `signatures[]` and `document` (our record: id, name, completed, parties) when the sealed bytes are a final PDF of this server.',
  }),
);

const DESCRIPTION =
  'Every problem with the file is a verdict in a 200 answer, never an error: no signature (`not_sealed`), a signature that does not match the bytes or does not verify (`broken_signature`), a revision appended after the seal (`modified`, with `changed_revision`), a valid signature by another certificate (`other_signer`), a file cut short (`truncated`), not a PDF (`not_pdf`). Encrypted PDFs are checked without their password.';

export default async function verifyRoutes(app: App): Promise<void> {
  const { store } = app;
  const limiter = new RateLimiter(windowsOf(store), 60_000, 'verify');

  // Raw PDF bodies, for this plugin's routes only (the app parses JSON elsewhere).
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: app.config.maxUploadBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/v1/pdf/:id/verify/',
    {
      schema: {
        summary: "Verify the seal of the document's final PDF",
        tags: ['documents'],
        params: DocumentIdParams,
        description: `Checks the stored final PDF's seal (PAdES signature by this server) and that nothing was appended since. 409 \`no_final_pdf\` before the document is complete. ${DESCRIPTION}`,
        response: { 200: Verification, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      requireApiKey(request);
      const { document } = await loadVisibleDocument(store, request, request.params.id);
      if (!document.finalFile) throw conflict(`Document '${document.id}' has no final PDF yet: it is sealed when it completes.`, 'no_final_pdf');
      if (!(await store.files.exists(document.finalFile)))
        throw conflict(`The final PDF of document '${document.id}' is missing from the data directory.`, 'pdf_missing');
      return await verifyAgainstRecords(store, await store.files.readBytes(document.finalFile));
    },
  );

  app.post(
    '/api/v1/verify/',
    {
      config: { auth: 'public' },
      bodyLimit: app.config.maxUploadBytes,
      schema: {
        summary: 'Verify any PDF (public)',
        tags: ['verify'],
        description: `The body is the PDF itself (\`Content-Type: application/pdf\` or \`application/octet-stream\`), at most the server's upload limit; no authentication; ${PUBLIC_VERIFY_PER_MINUTE} checks per minute per IP address (429 past that). ${DESCRIPTION}`,
        response: { 200: Verification, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const state = await limiter.hit(request.ip, PUBLIC_VERIFY_PER_MINUTE);
      reply.header('RateLimit-Limit', state.limit).header('RateLimit-Remaining', state.remaining).header('RateLimit-Reset', state.resetSeconds);
      if (!state.allowed) throw new ApiError(429, 'rate_limited', `Too many checks from your address: try again in ${state.resetSeconds} seconds.`);
      if (!Buffer.isBuffer(request.body)) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the PDF itself as the request body, with Content-Type: application/pdf.');
      }
      const body = request.body;
      return await verifyAgainstRecords(store, new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    },
  );

  app.get(
    '/api/v1/verify/certificate/',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The sealing certificate (public)',
        tags: ['verify'],
        description:
          'The certificate this server seals final PDFs with: give it (or its fingerprint) to `verifyPdf` of `esign-elements/verify` as trusted, or to `openssl cms -verify -CAfile` / `pdfsig` to check sealed PDFs offline.',
        response: { 200: Type.Object({ common_name: Type.String(), fingerprint_sha256: Type.String(), pem: Type.String() }), ...errorResponses(429) },
      },
    },
    async () => {
      const key = sealKeyOf(store);
      const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(key.certificate)
        .toString('base64')
        .match(/.{1,64}/g)!
        .join('\n')}\n-----END CERTIFICATE-----\n`;
      return { common_name: key.commonName, fingerprint_sha256: key.fingerprint, pem };
    },
  );

  // The public page: drop a PDF, read the verdict (script in demo/web/verify.js, no inline script).
  app.get('/verify/', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const file = resolveInside(app.config.webDir, 'verify.html');
    if (!file) throw new ApiError(404, 'not_found', 'The verify page (demo/web/verify.html) is missing.');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(fs.createReadStream(file));
  });
}
