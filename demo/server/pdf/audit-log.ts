/**
 * The audit log of a document as a PDF of its own (`GET /document/{id}/auditlog/`): the same pages the
 * final PDF's appended signing history uses (document, recipients, every event with IP address and user
 * agent), in a new A4 document. One function, so a sealing step can wrap it later.
 */
import { PDFDocument } from 'pdf-lib';
import { addHistoryPages, type SigningHistory } from './history-page.ts';
import { compressNewContentStreams } from './native-zlib.ts';

export async function renderAuditLogPdf(history: SigningHistory): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Audit log of ${history.documentName}`);
  doc.setSubject(`Document ${history.documentId}`);
  doc.setProducer('esign-elements');
  doc.setCreationDate(history.generatedAt ? new Date(history.generatedAt) : new Date());
  await addHistoryPages(doc, history);
  compressNewContentStreams(doc);
  return doc.save();
}
