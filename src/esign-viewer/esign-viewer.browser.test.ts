import { expect, oneEvent } from '@open-wc/testing';
import { loadViewer, makeViewer, pageElement, pageElements, renderedPages, renderingSettled } from '../../test/support/viewer/viewer-test-helpers.ts';

describe('esign-viewer loading', () => {
  it('loads tracemonkey from a URL and paints page 1', async () => {
    const el = await makeViewer();
    const ready = oneEvent(el, 'esign-ready');
    const painted = oneEvent(el, 'esign-page-render');
    el.src = '/fixtures/pdfjs-tracemonkey.pdf';
    expect((await ready).detail.pages).to.equal(14);
    expect((await painted).detail.page).to.equal(1);
    expect(pageElements(el)).to.have.length(14);
    expect(pageElement(el, 1).hasAttribute('data-rendered')).to.equal(true);
    const indicator = el.shadowRoot!.querySelector('[part="page-indicator"]')!;
    expect(indicator.textContent).to.equal('Page 1 of 14');
    expect(el.page).to.equal(1);
  });

  it('shows page 1 of a large file from range requests, before the whole file has arrived', async () => {
    await fetch('/fixture-stats/pdfjs-tracemonkey.pdf?reset');
    const el = await makeViewer({ zoom: '0.5' });
    const painted = oneEvent(el, 'esign-page-render');
    // Without `.pdf` the test server answers `Cache-Control: no-store`, so no range is answered from the
    // browser's cache of a full download.
    el.src = '/fixtures/pdfjs-tracemonkey';
    await painted;
    const stats = await (await fetch('/fixture-stats/pdfjs-tracemonkey.pdf')).json();
    expect(stats.ranges, JSON.stringify(stats)).to.be.greaterThan(0);
    expect(stats.rangeBytes).to.be.lessThan(1016315 / 2);
  });

  it('renders only the visible pages plus one ahead', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '1', height: 600 });
    await renderingSettled(el);
    // At 100% a Letter page is 1056 px tall: page 1 is visible, page 2 is the one ahead.
    expect(renderedPages(el)).to.deep.equal([1, 2]);
  });
});
