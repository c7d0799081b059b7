/**
 * What a signing link and a review link have in common: the link token is the credential, and it is
 * exchanged for a component token minted on behalf of the sender's newest live new-scheme key, so
 * the recipient's calls count against the recipient's own rate limit (never the sender's key quota) and stop when the sender loses access.
 */
import type { ServerContext } from '../context.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { DOCUMENT_STATUS } from '../../domain/statuses.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import { DEFAULT_TOKEN_TTL_SECONDS, mintComponentToken, tokenSecret } from '../../auth/component-tokens.ts';

export interface LinkSession {
  token: string;
  expiresAt: Date;
  document: DocumentRecord;
  recipient: RecipientRecord;
}

export interface LinkSessionRequest {
  /** The recipient id in the URL. */
  recipientId: string;
  /** What the verified link token names. */
  link: { recipientId: string; documentId: string };
  operations: readonly string[];
  claims?: Record<string, string>;
  /** Ends "The document has been removed by its sender; it can no longer …". */
  removedVerb: string;
}

/** 404 for a link to another recipient or document, 409 once the document is removed or the sender lost access. */
export async function openLinkSession(app: ServerContext, request: LinkSessionRequest): Promise<LinkSession> {
  const { documents } = app.store;
  const recipient = await documents.recipient(request.link.recipientId);
  const document = recipient ? await documents.get(recipient.documentId) : undefined;
  if (!recipient || !document || document.id !== request.link.documentId) throw notFound('Signer', request.recipientId);
  if (document.status === DOCUMENT_STATUS.removed) {
    throw conflict(`The document has been removed by its sender; it can no longer be ${request.removedVerb}.`, 'document_removed');
  }
  const key = await app.store.apiKeys.newestActiveNewScheme(document.userId);
  if (!key || !(await app.store.users.isMember(document.userId, document.groupId))) {
    throw conflict('The sender of this document no longer has access to it; ask them to send it again.', 'sender_inactive');
  }
  const minted = await mintComponentToken(tokenSecret(app.config.dataDir), {
    resource: { type: 'signer', id: recipient.id },
    groupId: document.groupId,
    userId: document.userId,
    keyId: key.id,
    env: key.env,
    operations: [...request.operations],
    ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS,
    claims: { document: document.id, ...request.claims },
  });
  return { token: minted.token, expiresAt: minted.expiresAt, document, recipient };
}
