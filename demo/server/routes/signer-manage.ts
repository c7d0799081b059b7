/** The description's signer operations for API keys: fields, a new link, a reminder, reset, rejection. */
import type { App, IdRequest } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { errorResponses } from '../schemas/common.ts';
import { actorOf, loadVisibleRecipient } from '../services/documents/access.ts';
import { newSigningLink, resetSigner, sendReminder, signerFieldValues } from '../services/signers/actions.ts';

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

const SignerField = Type.Object({
  uuid: Type.String(),
  element_type: Type.String(),
  label: Type.String(),
  label_extra: Type.String(),
  state: Type.Boolean({ description: 'true once the signer has filled it.' }),
  fieldorder: Type.Union([Type.Integer(), Type.Null()]),
  value: Type.Union([Type.String(), Type.Null()]),
});

export default async function signerManageRoutes(app: App): Promise<void> {
  const { store } = app;
  const context = { dataDir: app.config.dataDir, baseUrl: app.config.baseUrl };
  const load = async (request: IdRequest) => {
    requireApiKey(request);
    return await loadVisibleRecipient(store, request, request.params.id);
  };

  app.get(
    '/api/v1/signer/:id/fields1/',
    {
      schema: {
        summary: "A signer's fields and their values",
        tags: ['signers'],
        params: Params,
        response: { 200: Type.Array(SignerField), ...errorResponses(401, 403, 404, 429) },
      },
      // Fields get their uuid when the document is sent, so a document's fields always have one.
    },
    async (request) => (await signerFieldValues(store, (await load(request)).recipient)).map((field) => ({ ...field, uuid: field.uuid ?? '' })),
  );

  app.get(
    '/api/v1/signer/:id/new-link/',
    {
      schema: {
        summary: 'A new signing link for a signer',
        tags: ['signers'],
        params: Params,
        description:
          'Answers 201 with the link in `Location` (and in the body as `url`). Only while the document is open and the signer still has to act; otherwise 400.',
        response: { 201: Type.Object({ url: Type.String() }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { document, recipient } = await load(request);
      const url = await newSigningLink(store, context, document, recipient, await actorOf(store, request));
      reply.code(201).header('Location', url);
      return { url };
    },
  );

  app.post(
    '/api/v1/signer/:id/send-reminder/',
    {
      schema: {
        summary: 'Email a signer a reminder now',
        tags: ['signers'],
        params: Params,
        body: Type.Object({ text: Type.Optional(Type.String({ maxLength: 5000, description: 'Your message, shown above the reminder.' })) }),
        description: 'Queues a reminder email with a fresh link. Only while the document is open and the signer still has to act; otherwise 400.',
        response: { 200: Type.Object({ queued: Type.Boolean() }), ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const { document, recipient } = await load(request);
      await sendReminder(store, context, document, recipient, request.body.text ?? '', await actorOf(store, request));
      return { queued: true };
    },
  );

  app.post(
    '/api/v1/signer/:id/reset/',
    {
      schema: {
        summary: 'Reset to an earlier signer after a forward',
        tags: ['signers'],
        params: Params,
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), notify: Type.Optional(Type.Boolean()) }),
        description: 'This server has no forwarding, so no signer ever has an earlier one: always 400 naming the reason (docs/decisions/rest-conformance.md).',
        response: { 200: Type.Object({}), ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => resetSigner((await load(request)).recipient, request.body.email),
  );

  app.get(
    '/api/v1/signer/:id/rejection/',
    {
      schema: {
        summary: 'Why a signer rejected the document',
        tags: ['signers'],
        params: Params,
        description: "`status` is the signer's status (60 when rejected); `reason` is empty when it did not reject or gave none.",
        response: { 200: Type.Object({ status: Type.Integer(), reason: Type.String() }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { recipient } = await load(request);
      return { status: recipient.status, reason: recipient.rejectionReason ?? '' };
    },
  );
}
