import { expect, oneEvent } from '@open-wc/testing';
import { registerTranslation } from '../internal/i18n.ts';
import { getPdfAssetUrls } from '../internal/pdf-worker.ts';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import type { EsignViewer } from './esign-viewer.ts';
import { liveCanvases, loadViewer, makeViewer, pageElements, renderingSettled } from '../../test/support/viewer/viewer-test-helpers.ts';

describe('esign-viewer lifecycle', () => {
  it('works from a plain page: createElement, attributes and events only', async () => {
    const el = document.createElement('esign-viewer');
    el.setAttribute('style', 'width:500px;height:400px');
    el.setAttribute('zoom', 'fit-page');
    el.setAttribute('src', '/fixtures/pdfjs-rotation.pdf');
    const ready = oneEvent(document.body, 'esign-ready');
    document.body.append(el);
    try {
      expect((await ready).detail.pages).to.equal(2);
      expect(el.pageCount).to.equal(2);
    } finally {
      el.remove();
    }
  });

  it('switches documents: starts at page 1 and frees the old canvases', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '0.5' });
    el.goToPage(6);
    await renderingSettled(el);
    expect(el.page).to.equal(6);
    const old = liveCanvases(el);
    expect(old.length).to.be.greaterThan(0);
    const ready = oneEvent(el, 'esign-ready');
    el.data = await generatePdf({ pages: 3 });
    expect((await ready).detail.pages).to.equal(3);
    expect(el.page).to.equal(1);
    for (const canvas of old) expect(canvas.width).to.equal(0);
    expect(pageElements(el)).to.have.length(3);
  });

  it('closes on removal and reopens when put back', async () => {
    const data = await generatePdf({ pages: 4 });
    const el = await loadViewer({ data, zoom: '0.5' });
    const parent = el.parentElement!;
    el.remove();
    await el.updateComplete;
    expect(el.pageCount).to.equal(0);
    expect(liveCanvases(el)).to.have.length(0);
    const ready = oneEvent(el, 'esign-ready');
    parent.append(el);
    expect((await ready).detail.pages).to.equal(4);
  });

  it('speaks the language of its closest lang attribute', async () => {
    registerTranslation('fr', { 'viewer.page': 'Page {page} sur {pages}', 'viewer.nextPage': 'Page suivante' });
    const holder = document.createElement('div');
    holder.lang = 'fr';
    document.body.append(holder);
    try {
      const el = document.createElement('esign-viewer') as EsignViewer;
      el.style.height = '400px';
      const ready = oneEvent(el, 'esign-ready');
      el.data = await generatePdf({ pages: 2 });
      holder.append(el);
      await ready;
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="page-indicator"]')!.textContent).to.equal('Page 1 sur 2');
      expect(el.shadowRoot!.querySelector('.page')!.getAttribute('aria-label')).to.equal('Page 1 sur 2');
      expect(el.shadowRoot!.querySelector('button[aria-label="Page suivante"]')).to.not.equal(null);
    } finally {
      holder.remove();
    }
  });

  it('points pdf.js at its data folders (CMaps, standard fonts, wasm decoders) where they are served', async () => {
    const urls = getPdfAssetUrls();
    for (const [folder, file] of [
      [urls.cMapUrl, 'UniJIS-UTF16-H.bcmap'],
      [urls.standardFontDataUrl, 'FoxitFixed.pfb'],
      [urls.wasmUrl, 'openjpeg.wasm'],
      [urls.iccUrl, 'CGATS001Compat-v2-micro.icc'],
    ]) {
      const response = await fetch(folder + file, { method: 'HEAD' });
      expect(response.status, folder + file).to.equal(200);
    }
  });

  it('hides the toolbar on request', async () => {
    const el = await loadViewer({ data: await generatePdf({ pages: 1 }) });
    el.hideToolbar = true;
    await el.updateComplete;
    expect(getComputedStyle(el.shadowRoot!.querySelector('.toolbar')!).display).to.equal('none');
  });
});

describe('esign-viewer theming', () => {
  it('follows --esign-* custom properties and ::part rules from the page', async () => {
    const sheet = document.createElement('style');
    sheet.textContent = `
      esign-viewer.themed { --esign-viewer-background: rgb(1, 2, 3); --esign-toolbar-background: rgb(4, 5, 6); --esign-page-background: rgb(7, 8, 9); }
      esign-viewer.themed::part(page-indicator) { color: rgb(10, 11, 12); }
      esign-viewer.themed::part(field) { outline: 3px solid rgb(13, 14, 15); }
    `;
    document.head.append(sheet);
    const el = await makeViewer();
    el.classList.add('themed');
    const ready = oneEvent(el, 'esign-ready');
    el.fields = [{ page: 1, ax: 0.1, ay: 0.1, bx: 0.4, by: 0.2, element_type: 'signature', signer: 1 }] as EsignViewer['fields'];
    el.data = await generatePdf({ pages: 2 });
    await ready;
    await el.updateComplete;
    try {
      const root = el.shadowRoot!;
      const style = (selector: string) => getComputedStyle(root.querySelector(selector)!);
      expect(getComputedStyle(el).backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(style('[part~="toolbar"]').backgroundColor).to.equal('rgb(4, 5, 6)');
      expect(style('[part~="page"]').backgroundColor).to.equal('rgb(7, 8, 9)');
      expect(style('[part~="page-indicator"]').color).to.equal('rgb(10, 11, 12)');
      expect(style('[part~="field"]').outlineColor).to.equal('rgb(13, 14, 15)');
    } finally {
      sheet.remove();
    }
  });
});
