import { expect, fixture, html } from '@open-wc/testing';
import { openCapture } from './signature-capture.ts';
import type { EsignSignatureCapture } from './signature-capture.ts';

/** Whether the page has fetched the module with the inlined script fonts. */
const fontsFetched = () => performance.getEntriesByType('resource').some((e) => e.name.includes('signature-fonts.generated'));

describe('typed-signature fonts', () => {
  it('are fetched when the Type tab opens, not when the signer or its Draw tab shows', async () => {
    const el = await fixture<EsignSignatureCapture>(html`<esign-signature-capture></esign-signature-capture>`);
    openCapture(el, { kind: 'signature', lang: 'en', modes: ['draw', 'type'], name: 'Ann Tester', onAdopt: () => {}, onCancel: () => {} });
    await el.updateComplete;
    await new Promise((r) => setTimeout(r, 100));
    expect(fontsFetched()).to.equal(false);
    el.shadowRoot!.querySelector<HTMLButtonElement>('#tab-type')!.click();
    for (let i = 0; i < 200 && [...document.fonts].filter((f) => f.family.includes('Esign')).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(fontsFetched()).to.equal(true);
    expect([...document.fonts].filter((f) => f.family.includes('Esign')).length).to.equal(2);
  });
});
