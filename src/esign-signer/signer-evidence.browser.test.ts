/**
 * The signing page records only what the recipient does: the completion screen offers the signed PDF but
 * fetches nothing by itself (the server records a download as the recipient's act), the click downloads
 * it, and a prerendered page reports no visit until it is shown.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';
import type { EsignSigner } from './esign-signer.ts';

async function settle(el: EsignSigner): Promise<void> {
  await el.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
}

/** An approver without fields: the shortest way to the completion screen (the stand-in answers document_status 30). */
async function completed() {
  const loaded = await loadSigner([{ ...ownField({ label: 'Theirs' }), editable: false }], { role: 'approver' });
  const done = oneEvent(loaded.el, 'esign-complete');
  q<HTMLButtonElement>(loaded.el, '[part~="finish"]').click();
  await settle(loaded.el);
  q<HTMLButtonElement>(loaded.el, '#confirm-submit-button').click();
  await done;
  await settle(loaded.el);
  return loaded;
}

describe('esign-signer evidence', () => {
  it('the completion screen fetches no PDF; the download button fetches it as a download, once, when clicked', async () => {
    const { el, server } = await completed();
    const afterComplete = () => server.calls.slice(server.calls.findIndex((c) => c.op === 'complete') + 1);
    expect(afterComplete().filter((c) => c.op === 'pdf')).to.deep.equal([], 'showing the completion screen is no download');

    const saved: HTMLAnchorElement[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this);
    };
    try {
      q<HTMLButtonElement>(el, '[part~="download"]').click();
      for (let i = 0; i < 50 && saved.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(
      afterComplete()
        .filter((c) => c.op === 'pdf')
        .map((c) => c.query),
    ).to.deep.equal(['?force_download=1'], 'the one PDF fetch since completing is the click');
    expect(saved.length).to.equal(1);
    expect(saved[0].download).to.equal('Service agreement.pdf');
    expect(saved[0].href).to.match(/^blob:/);
    server.restore();
  });

  it('a prerendered signing page reports its visit only once it is shown', async () => {
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    try {
      const { server } = await loadSigner([ownField({ label: 'Name' })]);
      expect(server.calls.map((c) => c.op)).not.to.include('visit');
      Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
      document.dispatchEvent(new Event('prerenderingchange'));
      for (let i = 0; i < 50 && !server.calls.some((c) => c.op === 'visit'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(server.calls.filter((c) => c.op === 'visit').length).to.equal(1);
      server.restore();
    } finally {
      delete (document as { prerendering?: boolean }).prerendering;
    }
  });
});
