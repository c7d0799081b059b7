import { expect, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';

/** A picture of a page: white, with a dark band where its text would be. */
async function pageImage(): Promise<Blob> {
  const canvas = new OffscreenCanvas(612, 792);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 612, 792);
  context.fillStyle = '#222';
  context.fillRect(36, 36, 400, 30);
  return canvas.convertToBlob({ type: 'image/png' });
}

describe('esign-signer: the first page before pdf.js (slow phones)', () => {
  it('shows the server-rendered page 1 with its fields usable, then swaps to pdf.js with no layout jump', async () => {
    let releasePdf = () => {};
    const pdfHeld = new Promise<void>((resolve) => (releasePdf = resolve));
    const name = ownField({ label: 'Full name', ay: 0.15, by: 0.19 });
    const city = ownField({ label: 'City', ay: 0.25, by: 0.29 });
    const { el, server } = await loadSigner([name, city], { firstPage: { image: await pageImage(), width: 612, height: 792 }, pdfHeld });
    try {
      // Ready while the PDF is still held back: page 1 is the image, laid out at the page's size.
      expect(server.calls.some((c) => c.op === 'first-page')).to.equal(true);
      const page = q(el, '.page[data-page="1"]');
      const image = q<HTMLImageElement>(el, '.page[data-page="1"] img.page-image');
      expect(image.getAttribute('alt')).to.equal('');
      expect(image.getAttribute('aria-hidden')).to.equal('true');
      expect(page.querySelector('canvas')).to.equal(null);
      const laidOut = page.getBoundingClientRect();
      expect(laidOut.height / laidOut.width).to.be.closeTo(792 / 612, 0.01);
      await waitUntil(() => image.complete && image.naturalWidth === 612, 'the image decodes');

      // A tap over the image on the second field's box opens its control, focused.
      const box = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.field.own')].find((b) => b.getAttribute('aria-label')?.includes('City'))!;
      const r = box.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
      await el.updateComplete;
      expect(q(el, '.field-name').textContent).to.contain('City');
      expect(el.shadowRoot!.activeElement?.id).to.equal('field-input');

      // pdf.js arrives: its canvas replaces the image, in the same place and size.
      await new Promise((r) => requestAnimationFrame(r));
      const before = page.getBoundingClientRect();
      releasePdf();
      await waitUntil(() => page.querySelector('canvas') && !page.querySelector('img.page-image'), 'the canvas replaces the image', { timeout: 10_000 });
      const after = page.getBoundingClientRect();
      expect([after.top, after.left, after.width, after.height]).to.deep.equal([before.top, before.left, before.width, before.height]);
      expect(el.shadowRoot!.querySelectorAll('.page').length).to.equal(2);
    } finally {
      releasePdf();
      server.restore();
    }
  });

  it('lays every page out at the size the server sent with the image, so nothing moves when pdf.js reads them', async () => {
    let releasePdf = () => {};
    const pdfHeld = new Promise<void>((resolve) => (releasePdf = resolve));
    const { el, server } = await loadSigner([ownField({ label: 'Full name', ay: 0.15, by: 0.19 })], {
      pages: 3,
      // Page 2 is landscape: without the sizes it would be laid out at page 1's size and jump when pdf.js read it.
      pdfPages: { width: (i) => (i === 1 ? 792 : 612), height: (i) => (i === 1 ? 612 : 792) },
      firstPage: { image: await pageImage(), width: 612, height: 792, pageSizes: '612x792,792x612,612x792' },
      pdfHeld,
    });
    try {
      const box = (n: number) => q(el, `.page[data-page="${n}"]`).getBoundingClientRect();
      expect(el.shadowRoot!.querySelector('canvas')).to.equal(null);
      const early = [1, 2, 3].map(box);
      expect(early[1]!.height / early[1]!.width).to.be.closeTo(612 / 792, 0.01);
      expect(early[2]!.height / early[2]!.width).to.be.closeTo(792 / 612, 0.01);
      releasePdf();
      await waitUntil(() => q(el, '.page[data-page="1"]').querySelector('canvas'), 'pdf.js paints page 1', { timeout: 10_000 });
      await new Promise((r) => setTimeout(r, 300));
      const late = [1, 2, 3].map(box);
      for (const i of [0, 1, 2]) {
        expect([late[i]!.top, late[i]!.width, late[i]!.height], `page ${i + 1}`).to.deep.equal([early[i]!.top, early[i]!.width, early[i]!.height]);
      }
    } finally {
      releasePdf();
      server.restore();
    }
  });
});
