import { expect, oneEvent } from '@open-wc/testing';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import type { EsignViewer } from './esign-viewer.ts';
import { loadViewer, nextFrame, pageElement, renderingSettled, scroller } from '../../test/support/viewer/viewer-test-helpers.ts';

const GAP = 12;

async function settle(el: EsignViewer): Promise<void> {
  await el.updateComplete;
  await nextFrame();
  await nextFrame();
  await el.updateComplete;
}

function key(el: EsignViewer, name: string, init: KeyboardEventInit = {}): void {
  scroller(el).dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true, cancelable: true, ...init }));
}

describe('esign-viewer zoom', () => {
  it('fit-width makes the page as wide as the scroller', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: 'fit-width', width: 700 });
    const box = scroller(el);
    expect(pageElement(el, 1).offsetWidth).to.be.closeTo(box.clientWidth - 2 * GAP, 1);
    expect(box.scrollWidth).to.be.at.most(box.clientWidth);
  });

  it('fit-page shows the whole page', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: 'fit-page', width: 700, height: 500 });
    await settle(el);
    const box = scroller(el);
    const page = pageElement(el, 1);
    expect(page.offsetHeight).to.be.closeTo(box.clientHeight - 2 * GAP, 1);
    expect(page.offsetWidth).to.be.lessThan(box.clientWidth);
    // A page narrower than the view sits in its middle.
    const pageBox = page.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    expect(pageBox.left + pageBox.width / 2).to.be.closeTo(view.left + box.clientWidth / 2, 1);
  });

  it('takes numbers and percentages, and steps with zoomIn/zoomOut', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '150%' });
    expect(el.scale).to.equal(1.5);
    expect(pageElement(el, 1).offsetWidth).to.be.closeTo(612 * 1.5 * (96 / 72), 1);
    el.zoomIn();
    await settle(el);
    expect(el.scale).to.equal(1.75);
    expect(el.zoom).to.equal('1.75');
    el.zoomOut();
    el.zoomOut();
    await settle(el);
    expect(el.scale).to.equal(1.25);
    el.zoom = '0.5';
    await settle(el);
    expect(pageElement(el, 1).offsetWidth).to.be.closeTo(408, 1);
  });

  it('ctrl+wheel zooms and keeps the point under the cursor still', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '1', width: 600, height: 500 });
    const box = scroller(el);
    box.scrollTop = 1500;
    box.scrollLeft = 100;
    await settle(el);
    const rect = box.getBoundingClientRect();
    const clientX = rect.left + 200;
    const clientY = rect.top + 150;
    const pointOnPage = (): { page: number; x: number; y: number } => {
      for (const page of el.shadowRoot!.querySelectorAll<HTMLElement>('.page')) {
        const r = page.getBoundingClientRect();
        if (clientY >= r.top && clientY <= r.bottom)
          return { page: Number(page.dataset.page), x: (clientX - r.left) / r.width, y: (clientY - r.top) / r.height };
      }
      throw new Error('no page under the cursor');
    };
    const before = pointOnPage();
    // Several events within one frame, as a trackpad pinch sends them.
    for (let i = 0; i < 3; i++) box.dispatchEvent(new WheelEvent('wheel', { deltaY: -60, ctrlKey: true, clientX, clientY, bubbles: true, cancelable: true }));
    await settle(el);
    expect(el.scale).to.be.greaterThan(1.5);
    const after = pointOnPage();
    expect(after.page).to.equal(before.page);
    expect(after.x).to.be.closeTo(before.x, 0.01);
    expect(after.y).to.be.closeTo(before.y, 0.01);
  });

  it('zooms with a two-finger pinch', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '1', width: 600, height: 500 });
    const box = scroller(el);
    const rect = box.getBoundingClientRect();
    const touches = (spread: number): Touch[] => [
      new Touch({ identifier: 1, target: box, clientX: rect.left + 300 - spread, clientY: rect.top + 200 }),
      new Touch({ identifier: 2, target: box, clientX: rect.left + 300 + spread, clientY: rect.top + 200 }),
    ];
    const send = (type: string, list: Touch[]): void => {
      box.dispatchEvent(new TouchEvent(type, { touches: list, changedTouches: list, bubbles: true, cancelable: true }));
    };
    send('touchstart', touches(50));
    send('touchmove', touches(100));
    send('touchend', []);
    await settle(el);
    expect(el.scale).to.be.closeTo(2, 0.01);
    expect(pageElement(el, 1).offsetWidth).to.be.closeTo(612 * 2 * (96 / 72), 1);
  });

  it('re-renders sharper after a zoom and cancels the stale render', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '0.5' });
    await renderingSettled(el);
    const before = pageElement(el, 1).querySelector('canvas')!.width;
    el.zoom = '1';
    await oneEvent(el, 'esign-page-render');
    await renderingSettled(el);
    const after = pageElement(el, 1).querySelector('canvas')!.width;
    expect(after).to.be.closeTo(before * 2, 2);
  });
});

describe('esign-viewer navigation', () => {
  it('moves between pages with the keyboard and announces each page', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: 'fit-page' });
    let change = oneEvent(el, 'esign-page-change');
    key(el, 'PageDown');
    expect((await change).detail).to.deep.equal({ page: 2, pages: 14 });
    await settle(el);
    expect(el.page).to.equal(2);
    expect(el.getAttribute('page')).to.equal('2');
    const live = el.shadowRoot!.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).to.equal('Page 2 of 14');

    change = oneEvent(el, 'esign-page-change');
    key(el, 'End');
    expect((await change).detail.page).to.equal(14);
    change = oneEvent(el, 'esign-page-change');
    key(el, 'ArrowLeft');
    expect((await change).detail.page).to.equal(13);
    change = oneEvent(el, 'esign-page-change');
    key(el, 'Home');
    expect((await change).detail.page).to.equal(1);
    await settle(el);
    expect(scroller(el).scrollTop).to.equal(0);
  });

  it('goes to the page the `page` attribute or goToPage() names', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: 'fit-width' });
    el.setAttribute('page', '5');
    await settle(el);
    const box = scroller(el);
    expect(pageElement(el, 5).offsetTop - box.scrollTop).to.be.closeTo(GAP, 1);
    el.goToPage(99);
    await settle(el);
    expect(el.page).to.equal(14);
    expect(el.shadowRoot!.querySelector('[part="page-indicator"]')!.textContent).to.equal('Page 14 of 14');
  });

  it('opens at the page the attribute names and paints it', async () => {
    const data = await generatePdf({ pages: 20 });
    const el = await loadViewer({ data, zoom: '0.5', page: 12 });
    await renderingSettled(el);
    expect(el.page).to.equal(12);
    expect(pageElement(el, 12).hasAttribute('data-rendered')).to.equal(true);
    expect(pageElement(el, 1).hasAttribute('data-rendered')).to.equal(false);
  });

  it('follows scrolling with the current page', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '1' });
    const change = oneEvent(el, 'esign-page-change');
    scroller(el).scrollTop = pageElement(el, 3).offsetTop;
    expect((await change).detail.page).to.equal(3);
  });
});
