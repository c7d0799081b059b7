/**
 * Appending the 75 attachments (PDF pages or a picture) after the document's own pages, before
 * the final PDF is stamped and given its history page. A file that cannot be appended is left out
 * with a warning: one bad attachment never stops a document from completing.
 */
import { PDFDocument } from 'pdf-lib';
import { loadPdf } from './load.ts';

export interface AppendItem {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A4 in points: the page a picture is placed on, turned to suit the picture. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;

export async function appendAttachments(source: Uint8Array, items: readonly AppendItem[]): Promise<{ pdf: Uint8Array; warnings: string[] }> {
  if (items.length === 0) return { pdf: source, warnings: [] };
  const doc = await PDFDocument.load(source, { ignoreEncryption: true, updateMetadata: false });
  const warnings: string[] = [];
  for (const item of items) {
    try {
      if (item.type === 'application/pdf') {
        const other = await loadPdf(item.bytes);
        for (const page of await doc.copyPages(other, other.getPageIndices())) doc.addPage(page);
      } else if (item.type === 'image/png' || item.type === 'image/jpeg') {
        const image = item.type === 'image/png' ? await doc.embedPng(item.bytes) : await doc.embedJpg(item.bytes);
        const [w, h] = image.width > image.height ? [A4[1], A4[0]] : A4;
        const k = Math.min(1, (w - 2 * MARGIN) / image.width, (h - 2 * MARGIN) / image.height);
        const page = doc.addPage([w, h]);
        page.drawImage(image, { x: (w - image.width * k) / 2, y: (h - image.height * k) / 2, width: image.width * k, height: image.height * k });
      } else {
        warnings.push(`${item.name}: a ${item.type} file cannot be added to a PDF`);
      }
    } catch (error) {
      warnings.push(`${item.name}: could not be appended (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return { pdf: await doc.save({ useObjectStreams: false }), warnings };
}
