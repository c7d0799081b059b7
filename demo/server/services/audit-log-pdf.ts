/**
 * A document's sealed audit-log PDF, built from its history as it is now (any status): the history
 * pages with the audit chain's current head, signed by the server's seal.
 */
import type { Store } from '../store/index.ts';
import type { DocumentRecord } from '../store/documents.ts';
import { buildAuditLogPdf } from '../pdf/audit-log-pdf.ts';
import { signingHistory } from './signing/final-pdf-job.ts';
import { sealFor } from './seal.ts';

export async function sealedAuditLogPdf(store: Store, doc: DocumentRecord): Promise<Uint8Array> {
  const { documents, history } = store;
  const seal = await sealFor(store, doc.groupId, 'Audit log sealed by esign-elements');
  const auditChainHead = await store.history.chainHead(doc.id);
  const events = await history.events(doc.id);
  const originalPdf = (await store.files.exists(doc.sourceFile)) ? await store.files.readBytes(doc.sourceFile) : undefined;
  // A failing timestamp authority leaves this PDF without a timestamp rather than failing the download.
  return buildAuditLogPdf(
    { ...signingHistory(doc, await documents.recipients(doc.id), events, { allEvents: true }), originalPdf, auditChainHead, seal: seal.key },
    { ...seal, onTimestampError: () => {} },
  );
}
