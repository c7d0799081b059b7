/**
 * The signer resource (`/api/v1/signer/{id}/`, the URI document responses give each recipient).
 * The signing operations under it (save, complete, reject) belong to the signing ceremony; their
 * token scope names are defined in auth/component-tokens.ts.
 */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { authOf } from '../auth/context.ts';
import { errorResponses } from '../schemas/common.ts';
import { documentStatusText } from '../domain/statuses.ts';
import { SIGNER_OPERATIONS } from '../auth/component-tokens.ts';
import { loadVisibleRecipient } from '../services/documents/access.ts';
import { documentUri, pdfUri, signerObject } from '../services/documents/views.ts';
import { SignerObject } from './documents-schemas.ts';
import { attachmentUri } from '../domain/uris.ts';
import { verificationState } from '../services/signing/verification.ts';
import { stateView } from './signer-verification.ts';

const SignerDetail = Type.Object({
  ...SignerObject.properties,
  first_name: Type.String({ description: "The description's spelling of `firstname`." }),
  last_name: Type.String({ description: "The description's spelling of `lastname`." }),
  document: Type.String(),
  document_name: Type.String(),
  document_status: Type.Integer(),
  document_statusText: Type.String(),
  pdf: Type.String(),
  fields: Type.String(),
  redirect: Type.String({ description: "Where the signer goes after signing: its own redirect, else the document's." }),
  sms: Type.String({ description: 'The number one-time codes go to (send field `sms`, also read as `tel`); empty when none.' }),
  verification: Type.Object(
    {
      required: Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Null()]),
      verified: Type.Boolean(),
      verified_at: Type.Union([Type.String(), Type.Null()]),
      method: Type.Union([Type.String(), Type.Null()]),
      destination: Type.String(),
    },
    { description: 'The one-time code step before signing (docs/decisions/signing.md): whether it is asked, met, when and how.' },
  ),
  attachments: Type.Array(Type.String(), {
    description: 'Files (/api/v1/attachment/{id}/) that go with this signer’s invitation email, as `attachments` on the send; a deleted file drops out.',
  }),
});

export default async function signerRoutes(app: App): Promise<void> {
  const { store } = app;

  app.get(
    '/api/v1/signer/:id/',
    {
      config: { component: SIGNER_OPERATIONS.read },
      schema: {
        summary: 'Signer detail',
        tags: ['signers'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        description: "A recipient of a document. Open to API keys of its group and to this signer's component token (which sees `reviewers` empty).",
        response: { 200: SignerDetail, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { recipient, document } = await loadVisibleRecipient(store, request, request.params.id);
      const view = signerObject(recipient);
      // The reviewers are the sender's business: the signer's own component token does not see them.
      if (authOf(request).kind === 'component_token') view.reviewers = [];
      return {
        ...view,
        first_name: recipient.firstname,
        last_name: recipient.lastname,
        document: documentUri(document.id),
        document_name: document.name,
        document_status: document.status,
        document_statusText: documentStatusText(document.status),
        pdf: pdfUri(document.id),
        fields: `${documentUri(document.id)}fields/`,
        redirect: recipient.redirect || document.redirect,
        sms: recipient.tel,
        verification: stateView(await verificationState(store, recipient)),
        attachments: (await store.emailAttachments.ofRecipient(recipient.id)).map((a) => attachmentUri(a.id)),
      };
    },
  );
}
