/**
 * The signer's layout at desktop and phone sizes (issue 18): the field bar leaves a phone most of its
 * height and says the progress once; the recipient can zoom and move between pages; tapping one's own
 * signature box opens the capture; signing dates are named and explained once, without truncation;
 * the final state says what happens next.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { sendMouse, setViewport } from '@web/test-runner-commands';
import type { EsignSigner } from './esign-signer.ts';
import { capture, loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 667 },
] as const;

async function settle(el: EsignSigner): Promise<void> {
  await el.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))));
  await el.updateComplete;
}

/** The signer filling the viewport as a page would embed it (its default height is 80vh). */
async function loadAt(size: (typeof SIZES)[number], fields: Parameters<typeof loadSigner>[0], opts: Parameters<typeof loadSigner>[1] = {}) {
  await setViewport({ width: size.width, height: size.height });
  const loaded = await loadSigner(fields, opts);
  loaded.el.style.width = '100%';
  loaded.el.style.height = '';
  await settle(loaded.el);
  return loaded;
}

const centreOf = (r: DOMRect): [number, number] => [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];

afterEach(async () => {
  await setViewport({ width: 800, height: 600 });
});

describe('esign-signer layout at desktop and phone sizes', () => {
  for (const size of SIZES) {
    it(`${size.name}: the field bar is compact, on one row of buttons, and says the progress once`, async () => {
      const { el, server } = await loadAt(size, [
        ownField({ label: 'Start date', validation: 4 }),
        ownField({ label: 'Name', ay: 0.3, by: 0.34 }),
        ownField({ element_type: 'signature', ay: 0.5, by: 0.6 }),
      ]);
      const bar = q(el, '.bar').getBoundingClientRect();
      const limit = size.name === 'phone' ? 0.22 : 0.2;
      expect(bar.height / window.innerHeight, `bar ${bar.height}px of ${window.innerHeight}px`).to.be.at.most(limit);
      const buttons = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.nav button')].map((b) => b.getBoundingClientRect());
      expect(new Set(buttons.map((b) => Math.round(b.top))).size).to.equal(1, 'one row of buttons');
      for (const b of buttons) {
        expect(b.height).to.be.at.least(36, 'touch-sized');
        expect(b.right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
      }
      const text = el.shadowRoot!.textContent ?? '';
      expect(text.split('required fields done').length - 1).to.equal(1, 'the progress is said once');
      expect(q(el, '#field-hint').textContent).to.contain('dd/mm/yyyy');
      server.restore();
    });

    it(`${size.name}: zoom in, out and back to the page width; page buttons move between pages`, async () => {
      const { el, server } = await loadAt(size, [ownField({ label: 'A' })], { pages: 3 });
      const pagesOf = () => el.shadowRoot!.querySelector('.page-number')!.textContent;
      expect(pagesOf()).to.equal('1 / 3');
      const width = () => q(el, '.page[data-page="1"]').getBoundingClientRect().width;
      const fitted = width();
      q<HTMLButtonElement>(el, '[data-action="zoom-in"]').click();
      await settle(el);
      expect(width()).to.be.above(fitted * 1.05);
      q<HTMLButtonElement>(el, '[data-action="zoom-out"]').click();
      q<HTMLButtonElement>(el, '[data-action="zoom-out"]').click();
      await settle(el);
      expect(width()).to.be.below(fitted * 0.98);
      q<HTMLButtonElement>(el, '[data-action="fit-width"]').click();
      await settle(el);
      expect(width()).to.be.closeTo(fitted, 1);
      expect(q<HTMLButtonElement>(el, '[data-action="previous-page"]').disabled).to.equal(true);
      q<HTMLButtonElement>(el, '[data-action="next-page"]').click();
      for (let i = 0; i < 20 && pagesOf() !== '2 / 3'; i++) await settle(el);
      expect(pagesOf()).to.equal('2 / 3');
      const scroller = q(el, '.scroller').getBoundingClientRect();
      expect(Math.abs(q(el, '.page[data-page="2"]').getBoundingClientRect().top - scroller.top)).to.be.below(40);
      const header = q(el, '.header').getBoundingClientRect();
      expect(q(el, '.page-controls').getBoundingClientRect().right).to.be.at.most(header.right + 0.5);
      expect(header.height).to.be.below(60, 'the header stays one row');
      server.restore();
    });

    it(`${size.name}: tapping one's own signature box opens the capture, also when it is already the active field`, async () => {
      const sig = ownField({ element_type: 'signature', ay: 0.2, by: 0.3 });
      const { el, server } = await loadAt(size, [sig, ownField({ label: 'After', ay: 0.5, by: 0.55 })]);
      const dialog = () => capture(el).shadowRoot.querySelector('dialog')!;
      expect(dialog().open).to.equal(false);
      const box = q(el, `.field.own[data-uuid="${sig.uuid}"]`);
      box.scrollIntoView({ block: 'center' });
      await settle(el);
      await sendMouse({ type: 'click', position: centreOf(box.getBoundingClientRect()) });
      await settle(el);
      expect(dialog().open).to.equal(true, 'the capture opened');
      capture(el).shadowRoot.querySelector<HTMLButtonElement>('.capture-actions button')!.click(); // cancel
      await settle(el);
      // From another field: the tap makes the signature active and opens the capture.
      q<HTMLButtonElement>(el, '.nav button.primary').click();
      await settle(el);
      expect(q(el, '.field-name').textContent).to.contain('After');
      const again = q(el, `.field.own[data-uuid="${sig.uuid}"]`);
      again.scrollIntoView({ block: 'center' });
      await settle(el);
      await sendMouse({ type: 'click', position: centreOf(again.getBoundingClientRect()) });
      await settle(el);
      expect(dialog().open).to.equal(true);
      expect(q(el, '.field-name').textContent).to.contain('Signature');
      dialog().close();
      server.restore();
    });

    it(`${size.name}: a signing date is called "Signing date" and explained once, in full`, async () => {
      const { el, server } = await loadAt(size, [ownField({ validation: 48 }), ownField({ label: 'Name', ay: 0.3, by: 0.34 })]);
      expect(q(el, '.field-name').textContent!.trim()).to.equal('Signing date');
      expect(q(el, '.field.own').getAttribute('aria-label')).to.contain('Signing date');
      const bar = q(el, '.bar');
      expect((bar.textContent ?? '').split('date you sign').length - 1).to.equal(1, 'the explanation is shown once');
      const value = q(el, '#field-value');
      expect(value.textContent).to.match(/Filled in with the date you sign: \d{1,2} \w+ \d{4}/);
      expect(value.scrollWidth).to.be.at.most(value.clientWidth + 1, 'not cut off');
      expect(value.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
      expect(getComputedStyle(value).textOverflow).to.not.equal('ellipsis');
      server.restore();
    });

    it(`${size.name}: the final state says what happens next and shows what the page slots in`, async () => {
      const { el, server } = await loadAt(size, [ownField({ label: 'Name' })]);
      const input = q<HTMLInputElement>(el, '#field-input');
      input.value = 'Ann';
      input.dispatchEvent(new Event('input'));
      await settle(el);
      q<HTMLButtonElement>(el, '[part~="finish"]').click();
      await settle(el);
      const done = oneEvent(el, 'esign-complete');
      q<HTMLButtonElement>(el, '#confirm-submit-button').click();
      await done;
      await settle(el);
      const link = document.createElement('a');
      link.slot = 'final';
      link.href = '#pdf';
      link.textContent = 'Download the signed PDF';
      el.append(link);
      await settle(el);
      const final = q(el, '[part~="final"]');
      expect(final.textContent).to.contain('Your signature has been recorded');
      expect(final.textContent).to.contain('Everyone has signed');
      expect(final.textContent).to.match(/email/);
      const slot = final.querySelector('slot[name="final"]') as HTMLSlotElement;
      expect(slot.assignedElements()).to.deep.equal([link]);
      expect(link.getBoundingClientRect().height).to.be.above(0, "the page's link is shown");
      expect(final.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
      link.remove();
      server.restore();
    });
  }
});
