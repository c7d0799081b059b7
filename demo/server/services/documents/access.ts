/**
 * Who may see a document, and who the history says did something. An API key sees documents of
 * its groups; a signer component token sees only its own recipient's document; anything else is
 * 404, so nothing about other groups leaks.
 */
import { authOfCaller } from '../context.ts';
import type { Caller } from '../context.ts';
import { notFound } from '../../domain/errors.ts';
import { isUuid } from '../../domain/uris.ts';
import type { Store } from '../../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import type { AuditActor } from '../../store/documents-history.ts';

export async function loadVisibleDocument(
  store: Store,
  request: Caller,
  id: string,
  /** How to read the document (GraphQL reads a request's documents together); default: one by one. */
  read: (id: string) => Promise<DocumentRecord | undefined> = (documentId) => store.documents.get(documentId),
): Promise<{ document: DocumentRecord; tokenRecipient: RecipientRecord | null }> {
  if (!isUuid(id)) throw notFound('Document', id);
  const auth = authOfCaller(request);
  const { documents } = store;
  const document = await read(id.toLowerCase());
  if (!document || !auth.groupIds.includes(document.groupId)) throw notFound('Document', id);
  if (auth.kind === 'api_key') return { document, tokenRecipient: null };
  if (auth.resource.type !== 'signer') throw notFound('Document', id);
  const recipient = await documents.recipient(auth.resource.id);
  if (!recipient || recipient.documentId !== document.id) throw notFound('Document', id);
  return { document, tokenRecipient: recipient };
}

export async function loadVisibleRecipient(store: Store, request: Caller, id: string): Promise<{ recipient: RecipientRecord; document: DocumentRecord }> {
  if (!isUuid(id)) throw notFound('Signer', id);
  const auth = authOfCaller(request);
  const { documents } = store;
  const recipient = await documents.recipient(id.toLowerCase());
  const document = recipient ? await documents.get(recipient.documentId) : undefined;
  if (!recipient || !document || !auth.groupIds.includes(document.groupId)) throw notFound('Signer', id);
  if (auth.kind === 'component_token' && (auth.resource.type !== 'signer' || auth.resource.id !== recipient.id)) throw notFound('Signer', id);
  return { recipient, document };
}

function header(request: Caller, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The actor the history records for this request. */
export async function actorOf(store: Store, request: Caller): Promise<AuditActor> {
  const auth = authOfCaller(request);
  const base = { ip: request.ip ?? '', userAgent: header(request, 'user-agent') };
  if (auth.kind === 'api_key') {
    const u = auth.user;
    const name = `${u.firstName} ${u.lastName}`.trim();
    return { type: 'user', id: u.id, label: name ? `${name} <${u.email}>` : u.email, ...base };
  }
  if (auth.resource.type === 'signer') {
    const r = await store.documents.recipient(auth.resource.id);
    return { type: 'recipient', id: auth.resource.id, label: r ? `${r.firstname} ${r.lastname} <${r.email}>` : auth.resource.id, ...base };
  }
  return { type: 'user', id: auth.userId, label: `component token for ${auth.resource.type} ${auth.resource.id}`, ...base };
}
