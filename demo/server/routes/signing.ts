/**
 * The signer operations the signing component calls with its signer component token, under
 * /api/v1/signer/{id}/: read (document, state and fields), visit, save progress, complete, reject.
 * Plus the signing link: minted with an API key, exchanged at a public route for a component token.
 * The logic is in services/signing/; these routes authorise and translate.
 */
import type { FastifyInstance } from 'fastify';
import type { App, IdRequest } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { authOf, requireApiKey } from '../auth/context.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { isUuid } from '../domain/uris.ts';
import { errorResponses } from '../schemas/common.ts';
import { DOCUMENT_STATUS, recipientStatusText as statusText } from '../domain/statuses.ts';
import { checkPatternsAhead } from '../services/signing/pattern-checks.ts';
import { SIGNER_OPERATIONS, DEFAULT_TOKEN_TTL_SECONDS } from '../auth/component-tokens.ts';
import { actorOf, loadVisibleRecipient } from '../services/documents/access.ts';
import { signerUri } from '../services/documents/views.ts';
import { complete, reject, saveProgress, visit, MAX_REASON_LENGTH } from '../services/signing/ceremony.ts';
import { signerView } from '../services/signing/view.ts';
import { SigningService, registerSigningService } from '../services/signing/service.ts';
import { mintLinkToken, linkTtlSeconds, signingUrl, verifyLinkToken } from '../auth/link-tokens.ts';
import { openLinkSession } from '../services/signing/link-session.ts';
import { MAX_IMAGE_BYTES } from '../services/signing/submission.ts';
import signingAttachmentRoutes from './signing-attachments.ts';
import { assertVerified, verificationState } from '../services/signing/verification.ts';
import { stateView } from './signer-verification.ts';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const Values = Type.Record(Type.String(), Type.Unknown(), {
  description: `Field uuid → value, only this signer's own fields. Signature, initials and drawn fields take a PNG or JPEG data URL (at most ${MAX_IMAGE_BYTES / 1024} KiB decoded). Signing dates (30–48) are filled by the server.`,
});
const StateAnswer = Type.Object({
  status: Type.Integer(),
  statusText: Type.Optional(Type.String()),
  document_status: Type.Optional(Type.Integer()),
  saved: Type.Optional(Type.Integer()),
  invited: Type.Optional(Type.Array(Type.String())),
  problems: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  redirect: Type.Optional(Type.String()),
});
const TAGS = ['signing'];

/** The recipient of the calling signer token (API keys are refused: signing is the recipient's act). */
async function tokenRecipient(app: FastifyInstance, request: IdRequest) {
  const auth = authOf(request);
  if (auth.kind !== 'component_token')
    throw forbidden("Signing operations need the signer's component token; an API key cannot sign for a recipient.", 'signer_token_required');
  return await loadVisibleRecipient(app.store, request, request.params.id);
}

export default async function signingRoutes(app: App): Promise<void> {
  const signing = new SigningService(app);
  registerSigningService(app.store, signing);
  app.addHook('onReady', async () => {
    void signing.resumePending();
  });
  // preClose: the app's own onClose closes the store, and that runs before a plugin's onClose.
  app.addHook('preClose', async () => signing.close());
  await signingAttachmentRoutes(app);

  app.get(
    '/api/v1/signer/:id/signing/',
    {
      config: { component: SIGNER_OPERATIONS.read },
      schema: {
        summary: 'What the signing component shows',
        tags: TAGS,
        params: IdParams,
        description:
          'The document (name, status, PDF URI, redirect), this signer and its status, whether it can sign now (`can_sign`, else `blocked_reason`: waiting | finished | rejected | withdrawn | removed), and the fields: its own with `editable: true`, the others read-only with values only once their recipient has finished. Secret codes (73) are never sent. `verification`: the one-time code step (required, verified, destination masked, the waiting code, resend_in).',
        response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { recipient, document } = await loadVisibleRecipient(app.store, request, request.params.id);
      const { documents } = app.store;
      const view = signerView(document, recipient, await documents.recipients(document.id), await documents.fields(document.id));
      // The code step before the fields open (issue 29): what the element shows first.
      return { ...view, verification: stateView(await verificationState(app.store, recipient)) };
    },
  );

  app.post(
    '/api/v1/signer/:id/visit/',
    {
      config: { component: SIGNER_OPERATIONS.read },
      schema: {
        summary: 'Record a visit',
        tags: TAGS,
        params: IdParams,
        description:
          "Moves the signer to 20 (visited) the first time and emits `recipient.visiting` each time. 409 when the document is removed/rejected/complete or it is not the signer's turn yet.",
        response: { 200: StateAnswer, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { recipient } = await tokenRecipient(app, request);
      const status = await visit(signing.ctx, recipient.id, await actorOf(app.store, request));
      return { status, statusText: statusText(status) };
    },
  );

  app.post(
    '/api/v1/signer/:id/save/',
    {
      config: { component: SIGNER_OPERATIONS.save },
      schema: {
        summary: 'Save progress',
        tags: TAGS,
        params: IdParams,
        body: Type.Object({ values: Values }),
        description:
          "Stores values without completing (they may still be half-typed); answers what still stops completion. Status 30 when everything is filled, 35 when only signatures are missing. Another signer's field ids or a bad image: 422, nothing saved.",
        response: { 200: StateAnswer, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request) => {
      const { recipient } = await tokenRecipient(app, request);
      await assertVerified(app.store, recipient);
      const patterns = await checkPatternsAhead(app.store, app.work, recipient.id, request.body);
      const result = await saveProgress(signing.ctx, recipient.id, request.body, await actorOf(app.store, request), patterns);
      return { ...result, statusText: statusText(result.status) };
    },
  );

  app.post(
    '/api/v1/signer/:id/complete/',
    {
      config: { component: SIGNER_OPERATIONS.complete },
      schema: {
        summary: 'Complete (sign, witness or approve)',
        tags: TAGS,
        params: IdParams,
        body: Type.Object({
          values: Type.Optional(Values),
          codes: Type.Optional(
            Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }), {
              description: 'Field uuid → the secret code of each signature or initials field with validation 73 (signed only with its code).',
            }),
          ),
        }),
        description:
          "Checks every value with src/fields (the server is the authority) and completes the recipient: 40, or 39 (witnessing required) for a signer whose witness has yet to sign. Invites the next recipient in order. When everyone is done the document completes exactly once and its final PDF is made before this answers (`document_status` 30). 422 lists each problem at `values.<uuid>` (and `codes.<uuid>` for a code-guarded signature); 409 when the document is removed, rejected or complete, or it is not this recipient's turn.",
        response: { 200: StateAnswer, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request) => {
      const { recipient, document } = await tokenRecipient(app, request);
      await assertVerified(app.store, recipient);
      const patterns = await checkPatternsAhead(app.store, app.work, recipient.id, request.body);
      const result = await complete(signing.ctx, recipient.id, request.body, await actorOf(app.store, request), new Date(), patterns);
      signing.deliverEmail();
      let documentStatus = result.documentStatus;
      if (result.finalPdfDue) {
        await signing.finalPdf(document.id, result.finalPdfJob);
        documentStatus = (await app.store.documents.get(document.id))!.status;
      }
      return {
        status: result.status,
        statusText: statusText(result.status),
        document_status: documentStatus,
        invited: result.invited,
        redirect: recipient.redirect || document.redirect,
      };
    },
  );

  app.post(
    '/api/v1/signer/:id/reject/',
    {
      config: { component: SIGNER_OPERATIONS.reject },
      schema: {
        summary: 'Reject with a reason',
        tags: TAGS,
        params: IdParams,
        body: Type.Object({ reason: Type.String({ maxLength: MAX_REASON_LENGTH * 2 }) }),
        description: `The signer rejects (60) with a reason (1–${MAX_REASON_LENGTH} characters); the document is rejected (50) and every recipient still pending is withdrawn (70). Emits \`recipient.rejected\` and \`document.rejected\`. A recipient asked for a one-time code enters it first (403 \`verification_required\`): a leaked link alone cannot reject.`,
        response: { 200: StateAnswer, ...errorResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request) => {
      const { recipient, document } = await tokenRecipient(app, request);
      await assertVerified(app.store, recipient);
      const result = await reject(signing.ctx, recipient.id, request.body, await actorOf(app.store, request));
      signing.deliverEmail();
      return {
        status: result.status,
        statusText: statusText(result.status),
        document_status: result.documentStatus,
        redirect: recipient.redirect || document.redirect,
      };
    },
  );

  app.get(
    '/api/v1/signer/:id/sign-link/',
    {
      schema: {
        summary: 'A signing link for a recipient',
        tags: TAGS,
        params: IdParams,
        description:
          'For senders who deliver links themselves (do_email false) and for the demo: the URL of the signing page with a link token in its fragment, valid for ESIGN_SIGN_LINK_TTL_DAYS (default 30) days. API key only.',
        response: {
          200: Type.Object({ url: Type.String(), link: Type.String(), expires_at: Type.String(), signer: Type.String() }),
          ...errorResponses(401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      requireApiKey(request);
      const { recipient, document } = await loadVisibleRecipient(app.store, request, request.params.id);
      if (document.status === DOCUMENT_STATUS.removed) throw conflict('The document has been removed; it can no longer be signed.', 'document_removed');
      const link = mintLinkToken(app.config.dataDir, recipient.id, document.id);
      return {
        url: signingUrl(app.config.baseUrl, recipient.id, link),
        link,
        expires_at: new Date(Date.now() + linkTtlSeconds() * 1000).toISOString(),
        signer: signerUri(recipient.id),
      };
    },
  );

  app.post(
    '/api/v1/signer/:id/link-session/',
    {
      config: { auth: 'public', cors: 'own-origin' },
      schema: {
        summary: 'Exchange a signing link for a signer component token',
        tags: TAGS,
        params: IdParams,
        body: Type.Object({ link: Type.String({ minLength: 1, maxLength: 1000 }) }),
        description: `Public: the link token is the credential. Answers a signer component token (${DEFAULT_TOKEN_TTL_SECONDS / 60} minutes) minted on behalf of the sender's newest active API key, so its calls count against that recipient's own rate limit (ESIGN_SIGNER_RATE_LIMIT, never the sender's key quota) and stop when the sender loses access. 401 for a bad or expired link; 409 when the document was removed.`,
        response: {
          200: Type.Object({
            token: Type.String(),
            expires_at: Type.String(),
            expires_in: Type.Integer(),
            signer: Type.String(),
            document: Type.String(),
            language: Type.String({
              description: "The document's language (send field `language`): the signing page speaks it unless `?lang=` says otherwise.",
            }),
          }),
          ...errorResponses(400, 401, 404, 409, 415),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound('Signer', id);
      const link = verifyLinkToken(app.config.dataDir, request.body.link, id.toLowerCase());
      const session = await openLinkSession(app, { recipientId: id, link, operations: Object.values(SIGNER_OPERATIONS), removedVerb: 'signed' });
      return {
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
        expires_in: DEFAULT_TOKEN_TTL_SECONDS,
        signer: session.recipient.id,
        document: session.document.id,
        language: session.document.language,
      };
    },
  );
}
