/**
 * The audit-log PDF: a document's signing history (the same pages the final PDF appends) as a PDF
 * of its own, sealed like the final PDF when a seal is given, so it proves itself offline too.
 * Self-contained: callers (the audit-log route) pass the history and the seal.
 */
import { PDFDocument } from 'pdf-lib';
import { addHistoryPages, type SigningHistory } from './history-page.ts';
import { savePdf } from './load.ts';
import { compressNewContentStreams } from './native-zlib.ts';
import { sealPdf, type SealOptions } from './seal.ts';
import type { SealKey } from './seal-key.ts';

export async function buildAuditLogPdf(history: SigningHistory, seal?: SealOptions & { key: SealKey }): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Signing history: ${history.documentName}`);
  doc.setProducer('esign-elements');
  await addHistoryPages(doc, history);
  compressNewContentStreams(doc);
  const bytes = await savePdf(doc);
  return seal ? sealPdf(bytes, seal.key, seal) : bytes;
}
