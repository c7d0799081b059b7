/**
 * Reviewer access: a review link (link-tokens.ts, purpose `review`) is exchanged for a **review
 * token** — an ordinary signer component token (same minting, verification, expiry and revocation)
 * whose scope holds only the two read operations, `document:pdf` and `document:fields:read`, and
 * whose `reviewer` claim names the reviewer. Every write route needs an operation it lacks, so the
 * auth hook refuses it (403 token_scope): a reviewer can read the document, never sign it.
 */
import type { Caller, ServerContext } from '../context.ts';
import type { RecipientRecord } from '../../store/documents.ts';
import { SIGNER_OPERATIONS } from '../../auth/component-tokens.ts';
import { openLinkSession } from './link-session.ts';
import { verifyReviewLinkToken } from '../../auth/link-tokens.ts';

/** What a review token opens: the document's PDF (the final one once made) and its fields, read-only. */
export const REVIEW_OPERATIONS: readonly string[] = [SIGNER_OPERATIONS.documentPdf, SIGNER_OPERATIONS.documentFields];

/** The reviewer (email) a request's review token was minted for, or null for any other caller. */
export function reviewerOf(request: Caller): string | null {
  const auth = request.auth;
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
  /** The document's language (send field `language`). */
  language: string;
  recipientId: string;
  reviewer: string;
}

/** Exchanges a review link for a review token; 401 for a bad/expired link, 404 for a foreign one, 409 once removed. */
export async function openReviewSession(app: ServerContext, recipientId: string, link: string): Promise<ReviewSession> {
  const verified = verifyReviewLinkToken(app.config.dataDir, link, recipientId);
  const session = await openLinkSession(app, {
    recipientId,
    link: verified,
    operations: REVIEW_OPERATIONS,
    claims: { reviewer: verified.reviewer },
    removedVerb: 'read',
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    documentId: session.document.id,
    language: session.document.language,
    recipientId: session.recipient.id,
    reviewer: verified.reviewer,
  };
}
