/**
 * The document's source PDF, copied from its template at send. A bundle (several templates)
 * becomes one PDF: the templates' pages in the order given.
 */
import { PDFDocument } from 'pdf-lib';

export async function buildSourcePdf(templatePdfs: readonly Uint8Array[]): Promise<Uint8Array> {
  if (templatePdfs.length === 1) return templatePdfs[0];
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const bytes of templatePdfs) {
    const part = await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false, throwOnInvalidObject: false });
    const pages = await out.copyPages(part, part.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  return out.save({ useObjectStreams: true });
}
