import { expect, oneEvent } from '@open-wc/testing';
import { signerColor } from '../fields/signers.ts';
import type { FieldElement } from '../fields/types.ts';
import { completeElement } from '../fields/complete-element.ts';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import type { EsignViewer } from './esign-viewer.ts';
import { loadViewer, makeViewer, nextFrame, pageElement } from '../../test/support/viewer/viewer-test-helpers.ts';

const SIGNATURE_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function field(partial: Partial<FieldElement>): FieldElement {
  // font_size 11: the size these fields were written with (the default is 10).
  return completeElement({ ax: 0.1, ay: 0.1, bx: 0.3, by: 0.15, page: 1, element_type: 'text', font_size: 11, ...partial });
}

function fieldBoxes(el: EsignViewer, page: number): HTMLElement[] {
  return [...pageElement(el, page).querySelectorAll<HTMLElement>('.field')];
}

describe('esign-viewer field overlay', () => {
  it('places fields by page fractions and colours them per signer', async () => {
    const data = await generatePdf({ pages: 2, width: 400, height: 600 });
    const el = await loadViewer({ data, zoom: '1' });
    el.fields = [
      field({ ax: 0.5, ay: 0.25, bx: 0.75, by: 0.3, signer: 1, label: 'Full name' }),
      field({ page: 2, ax: 0, ay: 0.9, bx: 0.5, by: 1, element_type: 'signature', signer: 2 }),
      field({ page: 2, ax: 0.6, ay: 0.1, bx: 0.9, by: 0.2, element_type: 'initials', signer: 102 }),
    ];
    await el.updateComplete;
    const [name] = fieldBoxes(el, 1);
    const page = pageElement(el, 1).getBoundingClientRect();
    const box = name.getBoundingClientRect();
    expect(box.left - page.left).to.be.closeTo(page.width * 0.5, 1);
    expect(box.top - page.top).to.be.closeTo(page.height * 0.25, 1);
    expect(box.width).to.be.closeTo(page.width * 0.25, 1);
    expect(name.textContent!.trim()).to.equal('Full name');
    expect(getComputedStyle(name).borderTopColor).to.equal(hexToRgb(signerColor(1)));

    const [signature, initials] = fieldBoxes(el, 2);
    expect(getComputedStyle(signature).borderTopColor).to.equal(hexToRgb(signerColor(2)));
    expect(signature.textContent!.trim()).to.equal('Signature');
    expect(signature.getBoundingClientRect().bottom).to.be.closeTo(pageElement(el, 2).getBoundingClientRect().bottom, 1);
    // A witness shares its signer's hue.
    expect(getComputedStyle(initials).borderTopColor).to.equal(hexToRgb(signerColor(2)));

    // Zoom keeps fields where they are on the page.
    el.zoom = '2';
    await el.updateComplete;
    await nextFrame();
    const zoomedPage = pageElement(el, 1).getBoundingClientRect();
    expect(fieldBoxes(el, 1)[0].getBoundingClientRect().left - zoomedPage.left).to.be.closeTo(zoomedPage.width * 0.5, 1);
  });

  it('shows filled values and signature images, and never changes the array it was given', async () => {
    const data = await generatePdf({ pages: 1 });
    const el = await loadViewer({ data, zoom: '1' });
    const fields = [
      field({ value: 'Ada Lovelace', label: 'Name' }),
      field({ element_type: 'signature', value: SIGNATURE_PNG, signer: 3, ay: 0.5, by: 0.6 }),
      field({ validation: 25, value: '1', ay: 0.7, by: 0.75 }),
    ];
    const copy = JSON.stringify(fields);
    el.fields = fields;
    await el.updateComplete;
    const [text, signature, checkbox] = fieldBoxes(el, 1);
    expect(text.querySelector('[part="field-value"]')!.textContent).to.equal('Ada Lovelace');
    expect(text.hasAttribute('data-filled')).to.equal(true);
    const img = signature.querySelector('img')!;
    expect(img.getAttribute('src')).to.equal(SIGNATURE_PNG);
    expect(img.alt).to.equal('Signature (Signer 3)');
    expect(checkbox.textContent!.trim()).to.equal('✓');
    expect(JSON.stringify(fields)).to.equal(copy);
  });
});

describe('esign-viewer errors', () => {
  async function expectError(src: string, code: string): Promise<EsignViewer> {
    const el = await makeViewer();
    const error = oneEvent(el, 'esign-error');
    el.src = src;
    const { detail } = await error;
    expect(detail.code).to.equal(code);
    await el.updateComplete;
    const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain(detail.message);
    expect(el.shadowRoot!.querySelectorAll('.page')).to.have.length(0);
    return el;
  }

  it('explains a broken PDF', async () => {
    const el = await expectError('/fixtures/pdflib-missing_xref_trailer_dict.pdf', 'invalid-pdf');
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.match(/not a valid PDF or is damaged/);
  });

  it('explains bytes that are not a PDF', async () => {
    const el = await makeViewer();
    const error = oneEvent(el, 'esign-error');
    el.data = new TextEncoder().encode('<html>this is not a PDF</html>');
    expect((await error).detail.code).to.equal('invalid-pdf');
  });

  it('explains a PDF whose pages cannot be read', async () => {
    // A catalog and page tree whose only page object is missing.
    const text =
      '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\ntrailer <</Root 1 0 R/Size 3>>\n%%EOF\n';
    const el = await makeViewer();
    const error = oneEvent(el, 'esign-error');
    el.data = new TextEncoder().encode(text);
    expect((await error).detail.code).to.equal('invalid-pdf');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')).to.not.equal(null);
  });

  it('shows what pdf.js can repair of a PDF with a broken /Root reference', async () => {
    // pdf.js rebuilds the cross-reference table of pdflib-invalid_root_ref.pdf and renders its one page,
    // as Firefox does; see docs/decisions/viewer.md.
    const el = await loadViewer({ src: '/fixtures/pdflib-invalid_root_ref.pdf', zoom: '0.2' });
    expect(el.pageCount).to.equal(1);
    if (!pageElement(el, 1).hasAttribute('data-rendered')) await oneEvent(el, 'esign-page-render');
    expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
  });

  it('explains an encrypted PDF', async () => {
    const el = await expectError('/fixtures/pdflib-encrypted_new.pdf', 'encrypted');
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.match(/password-protected\. Upload a copy without a password/);
  });

  it('explains a missing file', async () => {
    await expectError('/fixtures/no-such-file.pdf', 'not-found');
  });

  it('explains a server that cannot be reached', async () => {
    const el = await expectError('http://127.0.0.1:1/contract.pdf', 'network');
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.match(/network or the server is unreachable/);
  });

  it('shows a progress bar while a slow download runs, then the document', async () => {
    const el = await makeViewer();
    const ready = oneEvent(el, 'esign-ready');
    el.src = '/fixtures/pdfjs-tracemonkey.pdf?delay=600';
    await el.updateComplete;
    const bar = el.shadowRoot!.querySelector('[role="progressbar"]');
    expect(bar).to.not.equal(null);
    await ready;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="progressbar"]')).to.equal(null);
  });
});

describe('esign-viewer through the REST API', () => {
  it('loads a template PDF and its fields with the component token', async () => {
    const el = await makeViewer();
    const ready = oneEvent(el, 'esign-ready');
    Object.assign(el, { endpoint: `${location.origin}/rest`, token: 'good-token', template: 'pdfjs-tracemonkey' });
    expect((await ready).detail.pages).to.equal(14);
    await el.updateComplete;
    await new Promise((r) => setTimeout(r, 100));
    await el.updateComplete;
    expect(fieldBoxes(el, 1)[0].textContent!.trim()).to.equal('Sign here');
    expect(fieldBoxes(el, 2)[0].textContent!.trim()).to.equal('Filled');
  });

  it('says the token expired on 401', async () => {
    const el = await makeViewer();
    const error = oneEvent(el, 'esign-error');
    Object.assign(el, { endpoint: `${location.origin}/rest`, token: 'stale', template: 'pdfjs-tracemonkey' });
    const { detail } = await error;
    expect(detail.code).to.equal('unauthorized');
    expect(detail.message).to.match(/expired/);
  });
});

describe('esign-viewer accessibility', () => {
  it('passes axe with a document and fields, and has labelled page regions', async () => {
    const el = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '0.5' });
    el.fields = [field({ label: 'Name' }), field({ element_type: 'signature', signer: 2, ay: 0.4, by: 0.5 })];
    await el.updateComplete;
    expect(pageElement(el, 3).getAttribute('role')).to.equal('region');
    expect(pageElement(el, 3).getAttribute('aria-label')).to.equal('Page 3 of 14');
    expect(el.shadowRoot!.querySelector('.scroller')!.getAttribute('tabindex')).to.equal('0');
    await expect(el).to.be.accessible();
  });

  it('passes axe in the error state', async () => {
    const el = await makeViewer();
    const error = oneEvent(el, 'esign-error');
    el.src = '/fixtures/pdflib-encrypted_new.pdf';
    await error;
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('keeps fields in the DOM only for pages in view and near it, and draws them when their page comes into view', async () => {
    const data = await generatePdf({ pages: 100, width: 400, height: 600 });
    const el = await loadViewer({ data, zoom: '0.5', height: 400 });
    el.fields = Array.from({ length: 100 }, (_, i) => field({ page: i + 1, label: `Field on ${i + 1}` }));
    await el.updateComplete;
    const drawn = () => el.shadowRoot!.querySelectorAll('.field').length;
    expect(fieldBoxes(el, 1).length).to.equal(1);
    expect(drawn()).to.be.at.most(12);
    expect(fieldBoxes(el, 80).length).to.equal(0);
    el.goToPage(80);
    for (let i = 0; i < 40 && fieldBoxes(el, 80).length === 0; i++) await nextFrame();
    expect(fieldBoxes(el, 80).map((f) => f.textContent!.trim())).to.deep.equal(['Field on 80']);
    expect(fieldBoxes(el, 1).length).to.equal(0);
    expect(drawn()).to.be.at.most(12);
  });
});

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
