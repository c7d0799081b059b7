/**
 * The editor's document upload strip without a server (the real upload, conversion and reopening run against the
 * demo server in test/e2e/journey-convert.e2e.ts): it appears only with `requestUpload`, takes a chosen file,
 * says why an upload failed in the page's language, and stays usable and axe-clean in English and Arabic.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { loadEditor, q } from '../../test/support/editor/editor-test-helpers.ts';
import type { EsignEditor } from './esign-editor.ts';

function choose(el: EsignEditor, file: File): void {
  const input = q<HTMLInputElement>(el, '[part=upload] input[type=file]');
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const docx = () => new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])], 'terms.docx');

describe('esign-editor document upload', () => {
  it('shows no upload strip unless the host can mint upload URLs', async () => {
    const el = await loadEditor();
    expect(el.shadowRoot!.querySelector('[part=upload]') === null).to.equal(true);
    el.requestUpload = () => '/nowhere';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=upload] input[type=file]') !== null).to.equal(true);
    await expect(el).shadowDom.to.be.accessible();
  });

  it('says why when the host cannot give an upload URL, and lets the sender try again', async () => {
    const el = await loadEditor();
    let asked = 0;
    el.requestUpload = () => {
      asked++;
      throw new Error('the API key has expired');
    };
    await el.updateComplete;
    const failed = oneEvent(el, 'esign-error');
    choose(el, docx());
    const { detail } = await failed;
    expect(detail.code).to.equal('upload-failed');
    await el.updateComplete;
    expect(q(el, '.upload-problem').textContent).to.equal('The document was not uploaded: the API key has expired');
    expect(q<HTMLInputElement>(el, '[part=upload] input[type=file]').disabled).to.equal(false);
    choose(el, docx());
    await el.updateComplete;
    expect(asked).to.equal(2);
  });

  it('names the HTTP status when the upload URL refuses the file, in Arabic, right to left', async () => {
    const el = await loadEditor();
    el.lang = 'ar';
    // The test server has no such route: the PUT gets a 404, as for an upload URL that was never minted.
    el.requestUpload = () => `${location.origin}/no-such-upload/url`;
    await el.updateComplete;
    const failed = oneEvent(el, 'esign-error');
    choose(el, docx());
    await failed;
    await el.updateComplete;
    const text = q(el, '.upload-problem').textContent ?? '';
    expect(text.startsWith('لم يُرفع المستند')).to.equal(true);
    expect(text.includes('404')).to.equal(true);
    expect(getComputedStyle(q(el, '[part=upload]')).direction).to.equal('rtl');
    await expect(el).shadowDom.to.be.accessible();
  });

  it('outlines the editor while a file is dragged over it, and not for dragged text', async () => {
    const el = await loadEditor();
    el.requestUpload = () => '/nowhere';
    await el.updateComplete;
    const scroller = q(el, '.scroller');
    const text = new DataTransfer();
    text.setData('text/plain', 'hello');
    scroller.dispatchEvent(new DragEvent('dragover', { dataTransfer: text, bubbles: true, cancelable: true }));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=drop-hint]') === null).to.equal(true);
    const files = new DataTransfer();
    files.items.add(docx());
    const over = new DragEvent('dragover', { dataTransfer: files, bubbles: true, cancelable: true });
    scroller.dispatchEvent(over);
    await el.updateComplete;
    expect(over.defaultPrevented).to.equal(true);
    expect(q(el, '[part=drop-hint]').textContent).to.equal('Drop the document to upload it');
    scroller.dispatchEvent(new DragEvent('dragleave', { dataTransfer: files, bubbles: true, relatedTarget: null }));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=drop-hint]') === null).to.equal(true);
  });
});
