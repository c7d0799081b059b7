/**
 * The provisional layout (the signer's server-rendered first page, issue 27): pages take the sizes the server
 * sent until pdf.js reads them, and keep them when pdf.js opens the same document, so nothing moves; a
 * document whose page 1 differs does not inherit them.
 */
import { expect } from '@open-wc/testing';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PdfPagesController } from './pdf-pages.ts';
import { CSS_PX_PER_PT } from './page-layout.ts';

const host = { addController() {}, removeController() {}, requestUpdate() {}, updateComplete: Promise.resolve(true) };

/** A document whose page 1 answers at once and whose other pages pdf.js has not read yet (never resolve). */
function slowDoc(numPages: number, width: number, height: number): PDFDocumentProxy {
  // Page 1's paint never finishes either: these tests are about the layout.
  const first = { getViewport: () => ({ width, height }), render: () => ({ promise: new Promise(() => {}), cancel() {} }), cleanup() {} };
  return { numPages, getPage: (n: number) => (n === 1 ? Promise.resolve(first) : new Promise(() => {})) } as unknown as PDFDocumentProxy;
}

/** A page's laid-out size in PDF points. */
const points = (pages: PdfPagesController, index: number) => {
  const { width, height } = pages.layout.pageSize(index);
  const k = pages.layout.getScale() * CSS_PX_PER_PT;
  return [Math.round(width / k), Math.round(height / k)];
};

describe('PdfPagesController: sizes told before pdf.js reads the pages', () => {
  it('keeps the told sizes when pdf.js opens the same document, until it reads each page', async () => {
    const pages = new PdfPagesController(host, { scroller: () => null, pageElement: () => null });
    pages.setProvisionalLayout(3, 612, 792, undefined, [
      [612, 792],
      [792, 612],
      [612, 792],
    ]);
    expect(points(pages, 1)).to.deep.equal([792, 612]);
    await pages.setDocument(slowDoc(3, 612, 792));
    expect(points(pages, 1)).to.deep.equal([792, 612], 'page 2 did not fall back to page 1 size');
    expect(pages.layout.isSizeKnown(1)).to.equal(false, 'pdf.js still measures it');
  });

  it('without told sizes, or for another document, pages borrow page 1 size', async () => {
    const pages = new PdfPagesController(host, { scroller: () => null, pageElement: () => null });
    pages.setProvisionalLayout(3, 612, 792);
    expect(points(pages, 1)).to.deep.equal([612, 792]);
    pages.setProvisionalLayout(3, 612, 792, undefined, [
      [612, 792],
      [792, 612],
    ]);
    // pdf.js opens a document whose page 1 is another size: the told sizes were not about it.
    await pages.setDocument(slowDoc(3, 612, 1008));
    expect(points(pages, 1)).to.deep.equal([612, 1008]);
  });
});
