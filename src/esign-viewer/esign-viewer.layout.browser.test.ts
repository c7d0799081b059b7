import { expect, oneEvent } from '@open-wc/testing';
import { getDocument } from 'pdfjs-dist';
import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import {
  liveCanvases,
  loadViewer,
  nextFrame,
  pageElement,
  pageElements,
  renderedPages,
  renderingSettled,
  scroller,
} from '../../test/support/viewer/viewer-test-helpers.ts';

const PX = 96 / 72;

function cssSize(el: HTMLElement): [number, number] {
  return [el.offsetWidth, el.offsetHeight];
}

describe('esign-viewer page layout', () => {
  it('sizes every placeholder for mixed page sizes and rotations', async () => {
    const widths = [612, 300, 842, 400, 612];
    const heights = [792, 500, 595, 400, 792];
    const rotations = [0, 90, 0, 270, 180] as const;
    const data = await generatePdf({ pages: 5, width: (i) => widths[i], height: (i) => heights[i], rotate: (i) => rotations[i] });
    const el = await loadViewer({ data, zoom: '1' });
    const pages = pageElements(el);
    expect(pages).to.have.length(5);
    pages.forEach((page, i) => {
      const quarter = rotations[i] % 180 !== 0;
      const [w, h] = quarter ? [heights[i], widths[i]] : [widths[i], heights[i]];
      const [cw, ch] = cssSize(page);
      expect(Math.abs(cw - w * PX), `page ${i + 1} width`).to.be.lessThan(1.01);
      expect(Math.abs(ch - h * PX), `page ${i + 1} height`).to.be.lessThan(1.01);
    });
  });

  it('shows /Rotate 90 pages of real files as landscape', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-rotation.pdf', zoom: '1' });
    expect(cssSize(pageElement(el, 1)).map(Math.round)).to.deep.equal([816, 1056]);
    expect(cssSize(pageElement(el, 2)).map(Math.round)).to.deep.equal([1056, 816]);

    const rotated = await loadViewer({ src: '/fixtures/pdfjs-hello_world_rotated.pdf', zoom: '1' });
    for (const page of pageElements(rotated)) {
      const [w, h] = cssSize(page);
      expect(w).to.be.greaterThan(h);
    }
  });

  it('shows the CropBox, not the MediaBox, as the page', async () => {
    const data = await generatePdf({ pages: 2, width: 600, height: 800, cropBox: (i) => (i === 1 ? [100, 200, 300, 400] : undefined) });
    const el = await loadViewer({ data, zoom: '1' });
    expect(cssSize(pageElement(el, 1)).map(Math.round)).to.deep.equal([800, 1067]);
    expect(cssSize(pageElement(el, 2)).map(Math.round)).to.deep.equal([400, 533]);
  });

  it('keeps the first page painted while later page sizes are corrected', async () => {
    const data = await generatePdf({ pages: 40, height: (i) => (i < 1 ? 792 : 400) });
    const el = await loadViewer({ data, zoom: '1' });
    expect(Math.round(pageElement(el, 2).offsetHeight)).to.equal(Math.round(400 * PX));
    expect(Math.round(pageElement(el, 40).offsetHeight)).to.equal(Math.round(400 * PX));
    expect(scroller(el).scrollTop).to.equal(0);
  });
});

describe('esign-viewer rendering', () => {
  it('paints the visible pages and the next one, nothing else', async () => {
    const data = await generatePdf({ pages: 30 });
    const el = await loadViewer({ data, zoom: '0.5', height: 600 });
    await renderingSettled(el);
    // A page is 528 px tall at 50%: pages 1 and 2 are visible (600 px), page 3 is one ahead.
    expect(renderedPages(el)).to.deep.equal([1, 2, 3]);
    expect(liveCanvases(el)).to.have.length(3);
  });

  it('frees canvases of pages that leave the buffer while scrolling', async () => {
    const data = await generatePdf({ pages: 80 });
    const el = await loadViewer({ data, zoom: '0.3', height: 500 });
    const box = scroller(el);
    let most = 0;
    for (let top = 0; top < box.scrollHeight; top += 250) {
      box.scrollTop = top;
      await nextFrame();
      await new Promise((r) => setTimeout(r, 30));
      most = Math.max(most, liveCanvases(el).length);
    }
    await renderingSettled(el);
    most = Math.max(most, liveCanvases(el).length);
    const painted = renderedPages(el);
    expect(most).to.be.at.most(12);
    expect(painted).to.include(80);
    expect(painted).not.to.include(1);
    // Every painted page has exactly one live canvas; evicted pages have none.
    expect(liveCanvases(el).length).to.equal(painted.length);
    for (const page of pageElements(el)) {
      const canvas = page.querySelector('canvas');
      if (!page.hasAttribute('data-rendered')) expect(canvas, `page ${page.dataset.page}`).to.equal(null);
    }
  });

  it('renders one page at a time and cancels renders of pages scrolled away', async () => {
    const data = await generatePdf({ pages: 60, text: (i) => `Page ${i + 1}\n`.repeat(40) });
    // Watch every render pdf.js starts, through the page prototype the viewer's pages share.
    const probeTask = getDocument({ data: data.slice() });
    const proto = Object.getPrototypeOf(await (await probeTask.promise).getPage(1)) as PDFPageProxy;
    const original = proto.render;
    let active = 0;
    let most = 0;
    let cancelled = 0;
    // Each render is held for 100 ms after pdf.js finishes, so a page scrolled away is still rendering
    // whatever the machine's speed: the test does not depend on how fast pdf.js paints.
    proto.render = function (this: PDFPageProxy, ...args: Parameters<PDFPageProxy['render']>): RenderTask {
      const task = original.apply(this, args);
      active++;
      most = Math.max(most, active);
      let cancel!: (error: Error) => void;
      const held = new Promise<void>((resolve, reject) => {
        cancel = reject;
        task.promise.then(() => setTimeout(resolve, 100), reject);
      });
      held.then(
        () => active--,
        () => {
          active--;
          cancelled++;
        },
      );
      const cancelBoth = () => {
        task.cancel();
        cancel(Object.assign(new Error('Rendering cancelled'), { name: 'RenderingCancelledException' }));
      };
      // RenderTask's `promise` is a getter: define the held one over it.
      return Object.defineProperties(Object.create(task) as RenderTask, { promise: { value: held }, cancel: { value: cancelBoth } });
    };
    try {
      const el = await loadViewer({ data, zoom: '0.4', height: 500 });
      const box = scroller(el);
      for (let i = 0; i < 30; i++) {
        box.scrollTop += 400;
        await new Promise((r) => setTimeout(r, 5));
      }
      el.zoom = '0.6';
      await renderingSettled(el);
      expect(most).to.equal(1);
      expect(cancelled).to.be.greaterThan(0);
    } finally {
      proto.render = original;
      await probeTask.destroy();
    }
  });

  it('renders at devicePixelRatio 2 with a backing store twice the CSS size', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get: () => 2 });
    try {
      const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '1' });
      const page = pageElement(el, 1);
      if (!page.hasAttribute('data-rendered')) await oneEvent(el, 'esign-page-render');
      const canvas = page.querySelector('canvas')!;
      const rect = page.getBoundingClientRect();
      expect(Math.abs(canvas.width - rect.width * 2)).to.be.at.most(1);
      expect(Math.abs(canvas.height - rect.height * 2)).to.be.at.most(1);
      expect(canvas.getBoundingClientRect().width).to.be.closeTo(rect.width, 0.5);
    } finally {
      if (original) Object.defineProperty(window, 'devicePixelRatio', original);
      else delete (window as { devicePixelRatio?: number }).devicePixelRatio;
    }
  });

  it('caps the canvas pixel count at high zoom', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '6' });
    await renderingSettled(el);
    const canvas = pageElement(el, 1).querySelector('canvas')!;
    expect(canvas.width * canvas.height).to.be.at.most(2 ** 24 + 10000);
    expect(canvas.width).to.be.greaterThan(1000);
  });
});
