/**
 * Reviewers' read-only access: the review link in a reviewer's email (/demo/review.html?signer=…#link=…)
 * is exchanged here for a review token, which <esign-viewer> uses to show the document.
 * Logic in services/signing/review.ts; the emails in email/reviewer-messages.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../domain/uris.ts';
import { errorResponses } from '../schemas/common.ts';
import { DEFAULT_TOKEN_TTL_SECONDS } from '../auth/component-tokens.ts';
import { REVIEW_OPERATIONS, openReviewSession } from '../services/signing/review.ts';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

export default async function reviewRoutes(app: App): Promise<void> {
  app.post(
    '/api/v1/signer/:id/review-session/',
    {
      config: { auth: 'public', cors: 'own-origin' },
      schema: {
        summary: 'Exchange a review link for a read-only review token',
        tags: ['signing'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        body: Type.Object({ link: Type.String({ minLength: 1, maxLength: 1500 }) }),
        description: `Public: the review link (from a reviewer's email, sent when \`include_link\` is true) is the credential. Answers a component token (${DEFAULT_TOKEN_TTL_SECONDS / 60} minutes) for this document that allows only ${REVIEW_OPERATIONS.map((o) => `\`${o}\``).join(' and ')}: the PDF (the final signed PDF once it exists) and the fields, read-only. Saving, completing or rejecting with it is 403 \`token_scope\`. A signing link is refused here and a review link at \`link-session/\`. 401 for a bad or expired link; 409 when the document was removed.`,
        response: {
          200: Type.Object({
            token: Type.String(),
            expires_at: Type.String(),
            expires_in: Type.Integer(),
            scope: Type.String(),
            signer: Type.String(),
            document: Type.String(),
            reviewer: Type.String(),
            language: Type.String({ description: "The document's language: the review page speaks it unless `?lang=` says otherwise." }),
          }),
          ...errorResponses(400, 401, 404, 409, 415),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound('Signer', id);
      const session = await openReviewSession(app, id.toLowerCase(), request.body.link);
      await app.store.history.record(
        session.documentId,
        'reviewer_opened',
        {
          type: 'reviewer',
          id: '',
          label: session.reviewer,
          ip: request.ip ?? '',
          userAgent: header(request, 'user-agent'),
        },
        {},
        session.recipientId,
      );
      return {
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
        expires_in: DEFAULT_TOKEN_TTL_SECONDS,
        scope: REVIEW_OPERATIONS.join(' '),
        signer: session.recipientId,
        document: session.documentId,
        reviewer: session.reviewer,
        language: session.language,
      };
    },
  );
}
