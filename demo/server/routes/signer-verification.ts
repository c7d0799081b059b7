/**
 * One-time codes before signing (services/signing/verification.ts): the signer asks for a code and
 * enters it; the sender reads the state. Plus the local SMS outbox the demo shows beside the emails.
 */
import type { App, IdRequest } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { authOf, requireApiKey } from '../auth/context.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { SIGNER_OPERATIONS, tokenSecret } from '../auth/component-tokens.ts';
import { actorOf, loadVisibleRecipient } from '../services/documents/access.ts';
import { checkCode, sendCode, verificationState } from '../services/signing/verification.ts';
import type { Deliver, VerificationState } from '../services/signing/verification.ts';
import { SmsDelivery, smsSettingsFromEnv } from '../email/sms-delivery.ts';
import { queueCodeEmail } from '../email/code-messages.ts';
import { signingServiceOf } from '../services/signing/service.ts';
import { advanceVerificationClock, testClockEnabled } from '../services/signing/verification-clock.ts';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const TAGS = ['signing'];
const StateObject = Type.Object({
  required: Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Null()], {
    description: 'The channel this recipient verifies by; null when none is asked.',
  }),
  verified: Type.Boolean(),
  verified_at: Type.Union([Type.String(), Type.Null()]),
  method: Type.Union([Type.String(), Type.Null()], { description: 'sms | email | sender (verified_by_sender at send).' }),
  destination: Type.String({ description: 'Where codes go, masked (`+44 7••• ••• 123`).' }),
  code: Type.Union([Type.Object({ expires_at: Type.String(), tries_left: Type.Integer() }), Type.Null()], {
    description: 'The code waiting to be entered (sent, not used, expired or locked); null when none.',
  }),
  resend_in: Type.Integer({ description: 'Seconds before another code may be sent (0: now).' }),
});

export function stateView(s: VerificationState) {
  return {
    required: s.required,
    verified: s.verified,
    verified_at: s.verifiedAt,
    method: s.method,
    destination: s.destination,
    code: s.code && { expires_at: s.code.expiresAt, tries_left: s.code.triesLeft },
    resend_in: s.resendIn,
  };
}

export default async function signerVerificationRoutes(app: App): Promise<void> {
  const { store } = app;
  const sms = new SmsDelivery(app.config.dataDir, smsSettingsFromEnv());
  const deps = () => ({ store, sms, secret: tokenSecret(app.config.dataDir) });

  /** The signer's own token only: a code proves the person holding the link. */
  const ownRecipient = async (request: IdRequest) => {
    if (authOf(request).kind !== 'component_token')
      throw forbidden("Verification is the signer's act: use the signer's component token.", 'signer_token_required');
    return await loadVisibleRecipient(store, request, request.params.id);
  };

  app.get(
    '/api/v1/signer/:id/verification/',
    {
      config: { component: SIGNER_OPERATIONS.read },
      schema: { summary: 'Verification state', tags: TAGS, params: IdParams, response: { 200: StateObject, ...errorResponses(401, 403, 404, 429) } },
    },
    async (request) => {
      const { recipient } = await loadVisibleRecipient(store, request, request.params.id);
      return stateView(await verificationState(store, recipient));
    },
  );

  app.post(
    '/api/v1/signer/:id/verification/send/',
    {
      config: { component: SIGNER_OPERATIONS.save },
      schema: {
        summary: 'Send a one-time code',
        tags: TAGS,
        params: IdParams,
        description:
          'Sends a 6-digit code (valid 10 minutes) to the number (`sms`) or email address the recipient verifies by. At most 5 codes an hour, 30 s apart (429 with Retry-After). 503 when the provider failed (recorded in the history; try again).',
        response: {
          200: Type.Object({ channel: Type.String(), to: Type.String(), expires_at: Type.String(), resend_in: Type.Integer() }),
          ...errorResponses(401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request) => {
      const { recipient, document } = await ownRecipient(request);
      const deliver: Deliver = async (channel, text) => {
        if (channel === 'sms') return await sms.send({ to: recipient.tel, text, documentId: document.id, recipientId: recipient.id });
        // The mail transport of the invitations (SMTP or the local outbox), delivered now: a code is only useful now.
        await queueCodeEmail(store, document, recipient, text);
        signingServiceOf(store)?.deliverEmail();
        return { ok: true };
      };
      const sent = await sendCode(deps(), document, recipient, await actorOf(store, request), deliver);
      return { channel: sent.channel, to: sent.to, expires_at: sent.expiresAt, resend_in: sent.resendIn };
    },
  );

  app.post(
    '/api/v1/signer/:id/verification/check/',
    {
      config: { component: SIGNER_OPERATIONS.save },
      schema: {
        summary: 'Enter a one-time code',
        tags: TAGS,
        params: IdParams,
        body: Type.Object({ code: Type.String({ maxLength: 20 }) }),
        description:
          'Checks the newest code sent. 422 `wrong_code` (tries left in the message), 403 `code_locked` after 5 wrong tries, 410 `code_expired` after 10 minutes, 409 `no_code` when none is waiting. Once verified, save and complete are open.',
        response: { 200: StateObject, ...errorResponses(400, 401, 403, 404, 409, 410, 415, 422, 429) },
      },
    },
    async (request) => {
      const { recipient, document } = await ownRecipient(request);
      return stateView(await checkCode(deps(), document, recipient, request.body.code, await actorOf(store, request)));
    },
  );

  if (testClockEnabled())
    app.post(
      '/api/v1/dev/verification-clock/',
      {
        schema: {
          summary: "Move a recipient's code clock forward (tests only)",
          tags: ['demo'],
          body: Type.Object({ signer: Type.String({ maxLength: 100 }), advance_seconds: Type.Integer({ minimum: 1, maximum: 86_400 }) }),
          description: 'Only with ESIGN_TEST_CLOCK=1: lets the e2e tests see a code expire or a throttle lift without waiting.',
          response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const auth = requireApiKey(request);
        const recipient = await store.documents.recipient(request.body.signer);
        const document = recipient && (await store.documents.get(recipient.documentId));
        if (!recipient || !document || !auth.groupIds.includes(document.groupId)) throw notFound('Signer', request.body.signer);
        advanceVerificationClock(recipient.id, request.body.advance_seconds * 1000);
        return { ok: true };
      },
    );

  app.get(
    '/api/v1/sms-outbox/',
    {
      schema: {
        summary: 'The local SMS outbox',
        tags: ['demo'],
        querystring: Type.Object({ document: Type.Optional(Type.String({ maxLength: 100 })), limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }),
        description:
          'Text messages (one-time codes) sent for documents of your groups, newest first, when no provider is configured (ESIGN_SMS_PROVIDER unset): the development outbox, also written under <data>/sms-outbox/. Empty with a provider.',
        response: {
          200: Type.Object({ mode: Type.String(), objects: Type.Array(Type.Object({}, { additionalProperties: true })) }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const wanted = request.query.document?.toLowerCase();
      const visible = new Map<string, boolean>();
      const objects = [];
      for (const m of sms.outbox(1000)) {
        if (wanted && m.documentId !== wanted) continue;
        if (!visible.has(m.documentId)) {
          const doc = await store.documents.get(m.documentId);
          visible.set(m.documentId, doc !== undefined && auth.groupIds.includes(doc.groupId));
        }
        if (!visible.get(m.documentId)) continue;
        objects.push({ id: m.id, to: m.to, text: m.text, document: m.documentId, signer: m.recipientId, created: m.created });
        if (objects.length >= request.query.limit) break;
      }
      return { mode: sms.mode, objects };
    },
  );
}
