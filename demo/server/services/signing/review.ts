/**
 * Reviewer access: a review link (link-tokens.ts, purpose `review`) is exchanged for a **review
 * token** — an ordinary signer component token (same minting, verification, expiry and revocation)
 * whose scope holds only the two read operations, `document:pdf` and `document:fields:read`, and
 * whose `reviewer` claim names the reviewer. Every write route needs an operation it lacks, so the
 * auth hook refuses it (403 token_scope): a reviewer can read the document, never sign it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../auth/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { DOCUMENT_STATUS } from '../../domain/statuses.ts';
import type { RecipientRecord } from '../../store/documents.ts';
import { DEFAULT_TOKEN_TTL_SECONDS, SIGNER_OPERATIONS, mintComponentToken, tokenSecret } from '../documents/component-tokens.ts';
import { documentsOf } from '../documents/repositories.ts';
import { verifyReviewLinkToken } from './link-tokens.ts';

/** What a review token opens: the document's PDF (the final one once made) and its fields, read-only. */
export const REVIEW_OPERATIONS: readonly string[] = [SIGNER_OPERATIONS.documentPdf, SIGNER_OPERATIONS.documentFields];

/** The reviewer (email) a request's review token was minted for, or null for any other caller. */
export function reviewerOf(request: FastifyRequest): string | null {
  const auth = request.auth ? authOf(request) : null;
  if (auth?.kind !== 'component_token') return null;
  return typeof auth.claims.reviewer === 'string' ? auth.claims.reviewer : null;
}

/** A recipient as a viewer that owns no field: a reviewer sees only values of recipients who have finished. */
export function asReviewer(r: RecipientRecord): RecipientRecord {
  return { ...r, signerNumber: -1 };
}

export interface ReviewSession {
  token: string;
  expiresAt: Date;
  documentId: string;
  recipientId: string;
  reviewer: string;
}

/** Exchanges a review link for a review token; 401 for a bad/expired link, 404 for a foreign one, 409 once removed. */
export async function openReviewSession(app: FastifyInstance, recipientId: string, link: string): Promise<ReviewSession> {
  const verified = verifyReviewLinkToken(app.config.dataDir, link, recipientId);
  const { documents } = documentsOf(app.store);
  const recipient = documents.recipient(verified.recipientId);
  const document = recipient ? documents.get(recipient.documentId) : undefined;
  if (!recipient || !document || document.id !== verified.documentId) throw notFound('Signer', recipientId);
  if (document.status === DOCUMENT_STATUS.removed) throw conflict('The document has been removed by its sender; it can no longer be read.', 'document_removed');
  // Minted on behalf of the sender's newest active new-scheme key, like a signing session (see signing.md).
  const key = app.store.db.prepare('SELECT id, env FROM api_keys WHERE user_id = ? AND revoked IS NULL AND legacy = 0 ORDER BY created DESC LIMIT 1')
    .get(document.userId) as { id: string; env: 'sandbox' | 'production' } | undefined;
  if (!key || !app.store.users.isMember(document.userId, document.groupId)) {
    throw conflict('The sender of this document no longer has access to it; ask them to send it again.', 'sender_inactive');
  }
  const minted = await mintComponentToken(tokenSecret(app.config.dataDir), {
    resource: { type: 'signer', id: recipient.id }, groupId: document.groupId, userId: document.userId, keyId: key.id, env: key.env,
    operations: REVIEW_OPERATIONS, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS, claims: { document: document.id, reviewer: verified.reviewer },
  });
  return { token: minted.token, expiresAt: minted.expiresAt, documentId: document.id, recipientId: recipient.id, reviewer: verified.reviewer };
}
