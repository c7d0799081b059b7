/**
 * Every page's displayed size from pdf.js into a PageLayout, a batch of `getPage` calls at a time (pages
 * whose size is already known are skipped). PdfPagesController runs it after the first paint, so it never
 * delays page 1.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { PageLayout } from './page-layout.ts';

/**
 * Reads the sizes; `changed()` runs after each batch that moved a page. False when it stopped early: the
 * document was closed, or `stale()` says another document has replaced it.
 */
export async function readPageSizes(doc: PDFDocumentProxy, layout: PageLayout, batch: number, stale: () => boolean, changed: () => void): Promise<boolean> {
  for (let start = 0; start < doc.numPages; start += batch) {
    const indexes: number[] = [];
    for (let i = start; i < Math.min(doc.numPages, start + batch); i++) if (!layout.isSizeKnown(i)) indexes.push(i);
    let pages: PDFPageProxy[];
    try {
      pages = await Promise.all(indexes.map((i) => doc.getPage(i + 1)));
    } catch {
      return false; // document closed meanwhile
    }
    if (stale()) return false;
    let moved = false;
    pages.forEach((page, k) => {
      const { width, height } = page.getViewport({ scale: 1 });
      if (layout.setPageSize(indexes[k]!, width, height)) moved = true;
    });
    if (moved) changed();
  }
  return true;
}
