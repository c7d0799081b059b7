/**
 * What <esign-signer> tells assistive technology: required and optional fields, the progress as a polite
 * live region, field boxes named by what they show. (The computed accessibility tree itself is checked
 * against the real page in test/e2e/signing-accessibility.e2e.ts.)
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';

const settle = async (el: { updateComplete: Promise<boolean> }) => {
  await el.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
};

describe('esign-signer for assistive technology', () => {
  it('a required field says so (aria-required, "(required)" in its label); an optional one reads "Nickname (optional)"', async () => {
    const name = ownField({ label: 'Full name' });
    const nickname = ownField({ label: 'Nickname', optional: true, ay: 0.3, by: 0.34 });
    const agree = ownField({ label: 'I agree', validation: 25, ay: 0.4, by: 0.44 });
    const { el, server } = await loadSigner([name, nickname, agree]);
    expect(q(el, '#field-input').getAttribute('aria-required')).to.equal('true');
    expect(q(el, '#field-name').textContent).to.equal('Full name (required)');
    expect(q(el, `.field.own[data-uuid="${name.uuid}"]`).getAttribute('aria-label')).to.equal('Full name, your field 1, required');
    expect(q(el, `.field.own[data-uuid="${nickname.uuid}"]`).getAttribute('aria-label')).to.equal('Nickname (optional), your field 2');
    q<HTMLButtonElement>(el, '.nav .next').click();
    await settle(el);
    expect(q(el, '#field-input').getAttribute('aria-required')).to.equal('false');
    expect(q(el, '#field-name').textContent).to.equal('Nickname (optional)');
    q<HTMLButtonElement>(el, '.nav .next').click();
    await settle(el);
    expect(q<HTMLInputElement>(el, '#field-input').type).to.equal('checkbox');
    expect(q(el, '#field-input').getAttribute('aria-required')).to.equal('true');
    server.restore();
  });

  it('the progress is a polite live region that keeps its node while the recipient fills and moves on', async () => {
    const { el, server } = await loadSigner([ownField({ label: 'Full name' }), ownField({ label: 'City', ay: 0.3, by: 0.34 })]);
    const progress = q(el, '[part~="progress-count"]');
    expect(progress.getAttribute('role')).to.equal('status');
    expect(progress.getAttribute('aria-live')).to.equal('polite');
    q<HTMLInputElement>(el, '#field-input').focus();
    await sendKeys({ type: 'Ann' });
    q<HTMLButtonElement>(el, '.nav .next').click();
    await settle(el);
    // The same node (a live region announces changes of a node that was already there), now counting one.
    expect(q(el, '[part~="progress-count"]')).to.equal(progress);
    expect(progress.textContent).to.equal('1 of 2 required fields done');
    server.restore();
  });

  it('a filled field box is named by the value it shows (WCAG 2.5.3), and stays axe clean', async () => {
    const name = ownField({ label: 'Full name' });
    const { el, server } = await loadSigner([name, ownField({ label: 'Nickname', optional: true, ay: 0.3, by: 0.34 })]);
    q<HTMLInputElement>(el, '#field-input').focus();
    await sendKeys({ type: 'Ann Tester' });
    await settle(el);
    const box = q(el, `.field.own[data-uuid="${name.uuid}"]`);
    expect(box.textContent!.trim()).to.equal('Ann Tester');
    expect(box.getAttribute('aria-label')).to.equal('Ann Tester, Full name, your field 1, required');
    await expect(el).to.be.accessible();
    server.restore();
  });
});
