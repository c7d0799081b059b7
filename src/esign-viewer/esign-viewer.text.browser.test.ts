import { expect, oneEvent } from '@open-wc/testing';
import type { EsignViewer } from './esign-viewer.ts';
import { loadViewer, makeViewer, nextFrame, pageElement, renderingSettled, scroller } from '../../test/support/viewer/viewer-test-helpers.ts';

async function textLayerOf(el: EsignViewer, page: number): Promise<HTMLElement> {
  for (let i = 0; i < 100; i++) {
    const layer = pageElement(el, page).querySelector<HTMLElement>('.text-layer');
    if (layer && layer.querySelector('span')) return layer;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no text layer on page ${page}`);
}

function spanContaining(layer: HTMLElement, text: string): HTMLElement {
  const span = [...layer.querySelectorAll<HTMLElement>('span')].find((s) => s.textContent!.includes(text));
  if (!span) throw new Error(`no span with "${text}"`);
  return span;
}

describe('esign-viewer text layer', () => {
  it('puts the page text over the canvas, where it is printed, and scales it with zoom', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '1' });
    const layer = await textLayerOf(el, 1);
    expect(layer.textContent).to.contain('Trace-based Just-in-Time Type Specialization');
    const page = pageElement(el, 1).getBoundingClientRect();
    const title = spanContaining(layer, 'Trace-based').getBoundingClientRect();
    // The title is printed centred near the top of the page.
    expect(title.top - page.top).to.be.within(0.08 * page.height, 0.2 * page.height);
    expect(title.left - page.left).to.be.within(0.05 * page.width, 0.3 * page.width);
    expect(getComputedStyle(spanContaining(layer, 'Trace-based')).color).to.equal('rgba(0, 0, 0, 0)');

    el.zoom = '2';
    await el.updateComplete;
    await nextFrame();
    const zoomedPage = pageElement(el, 1).getBoundingClientRect();
    const zoomedTitle = spanContaining(layer, 'Trace-based').getBoundingClientRect();
    // Booleans, not elements: a failed comparison of a text layer prints (and diffs) kilobytes of HTML.
    expect(pageElement(el, 1).querySelector('.text-layer') === layer, 'the same text layer, rescaled').to.equal(true);
    expect((zoomedTitle.left - zoomedPage.left) / zoomedPage.width).to.be.closeTo((title.left - page.left) / page.width, 0.005);
    expect(zoomedTitle.width / title.width).to.be.closeTo(2, 0.05);
  });

  it('keeps the text of rotated pages inside the page', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-rotation.pdf', zoom: '0.5' });
    await renderingSettled(el);
    const layer = await textLayerOf(el, 2);
    const page = pageElement(el, 2).getBoundingClientRect();
    for (const span of layer.querySelectorAll('span')) {
      const r = span.getBoundingClientRect();
      if (r.width === 0) continue;
      expect(r.left).to.be.at.least(page.left - 1);
      expect(r.right).to.be.at.most(page.right + 1);
      expect(r.top).to.be.at.least(page.top - 1);
      expect(r.bottom).to.be.at.most(page.bottom + 1);
    }
  });

  it('drops the text layer of pages that leave the buffer, and can be left out', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '0.3', height: 300 });
    await textLayerOf(el, 1);
    const box = scroller(el);
    // Each step waits for its pages to paint, so every page is pushed into the buffer in order and page 1,
    // the oldest, is evicted: a faster scroll skips pages and leaves it among the most recent.
    for (let top = 0; top < box.scrollHeight; top += 150) {
      box.scrollTop = top;
      await nextFrame();
      await renderingSettled(el, 100);
    }
    await renderingSettled(el);
    expect(pageElement(el, 1).querySelector('.text-layer') === null, 'page 1 text layer dropped').to.equal(true);
    expect(el.shadowRoot!.querySelectorAll('.text-layer').length).to.be.at.most(11);

    const plain = await makeViewer({ zoom: '0.5' });
    plain.setAttribute('no-text-layer', '');
    const ready = oneEvent(plain, 'esign-ready');
    plain.src = '/fixtures/pdfjs-tracemonkey.pdf';
    await ready;
    await renderingSettled(plain);
    expect(pageElement(plain, 1).hasAttribute('data-rendered')).to.equal(true);
    expect(plain.shadowRoot!.querySelectorAll('.text-layer')).to.have.length(0);

    // Switched on and off again at run time.
    plain.noTextLayer = false;
    await textLayerOf(plain, 1);
    plain.noTextLayer = true;
    await plain.updateComplete;
    expect(plain.shadowRoot!.querySelectorAll('.text-layer')).to.have.length(0);
    expect(pageElement(plain, 1).querySelector('canvas')!.width).to.be.greaterThan(0);
  });
});
