import { expect } from '@open-wc/testing';
import { loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';
import { ts } from './signer-i18n.ts';
import { codeDigits } from './controllers/one-time-code.ts';
import type { EsignSigner } from './esign-signer.ts';

async function settle(el: EsignSigner): Promise<void> {
  await el.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
  await el.updateComplete;
}

/** Until the element has answered: the step's input, button or message changed. */
async function until(el: EsignSigner, ready: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !ready(); i++) await new Promise((r) => setTimeout(r, 10));
  await settle(el);
}

const has = (el: EsignSigner, selector: string) => el.shadowRoot!.querySelector(selector) !== null;
const message = (el: EsignSigner) => q(el, '#otp-message').textContent ?? '';

function type(el: EsignSigner, text: string): void {
  const input = q<HTMLInputElement>(el, '#otp-input');
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('esign-signer: the one-time code step', () => {
  it('keeps the fields closed until the code: send, a countdown, paste of the whole code, then the first field', async () => {
    const name = ownField({ label: 'Name' });
    const { el, server } = await loadSigner([name], { verification: { required: 'sms', code: '123456' } });
    expect(has(el, '[part~="field-bar"]'), 'no field bar before the code').to.equal(false);
    expect(has(el, '#field-input')).to.equal(false);
    expect(el.shadowRoot!.querySelector('.field.own')?.tagName ?? '', 'the field boxes are read-only').to.not.equal('BUTTON');
    const step = q(el, '[part~="verification"]');
    expect(step.textContent).to.contain('+44 7••• ••• 123');
    expect(has(el, '#otp-input'), 'nothing sent on load').to.equal(false);
    expect(server.calls.map((c) => c.op)).to.not.include('verification/send');

    q<HTMLButtonElement>(el, '#otp-send').click();
    await until(el, () => has(el, '#otp-input'));
    const input = q<HTMLInputElement>(el, '#otp-input');
    expect(input.getAttribute('autocomplete')).to.equal('one-time-code');
    expect(input.getAttribute('inputmode')).to.equal('numeric');
    expect(el.shadowRoot!.activeElement).to.equal(input, 'focus moves to the code');
    expect(q(el, '#otp-message').getAttribute('role')).to.equal('status');
    expect(message(el)).to.contain(ts('en', 'verify.sentSms', { destination: '\u2066+44 7••• ••• 123\u2069' }));
    expect(q<HTMLButtonElement>(el, '#otp-send').disabled, 'resend waits for the countdown').to.equal(true);
    expect(q(el, '[part~="otp-countdown"]').textContent).to.equal(ts('en', 'verify.resendIn', { seconds: 30 }));

    type(el, 'Your code: 123 456');
    await until(el, () => has(el, '#field-input'));
    expect(server.calls.filter((c) => c.op === 'verification/check').map((c) => c.body)).to.deep.equal([{ code: '123456' }]);
    expect(has(el, '[part~="verification"]')).to.equal(false);
    expect(q(el, '.field-name').textContent).to.contain('Name');
    expect(el.shadowRoot!.activeElement?.id).to.equal('field-input');
    expect(q(el, '.frame > [role="status"]').textContent).to.equal(ts('en', 'verify.verified'));
    server.restore();
  });

  it('says what went wrong: tries left, expired, locked, and resend throttled', async () => {
    const { el, server } = await loadSigner([ownField({ label: 'Name' })], { verification: { code: '123456' } });
    const otp = server.otp!;
    otp.resendIn = 0; // no countdown in the way: each case below sends again at once
    const sendAgain = async () => {
      q<HTMLButtonElement>(el, '#otp-send').click();
      await until(el, () => has(el, '#otp-input') && message(el).startsWith('A code'));
    };
    await sendAgain();

    type(el, '000000');
    await until(el, () => message(el) === ts('en', 'verify.wrong', { left: 4 }));
    expect(message(el)).to.equal(ts('en', 'verify.wrong', { left: 4 }));
    expect(q(el, '#otp-input').getAttribute('aria-invalid')).to.equal('true');
    expect(q(el, '#otp-message').className).to.equal('error');

    otp.expired = true;
    type(el, '123456');
    await until(el, () => message(el) === ts('en', 'verify.expired'));
    expect(message(el)).to.equal(ts('en', 'verify.expired'));
    expect(has(el, '#otp-input'), 'an expired code is not entered again').to.equal(false);
    expect(q(el, '#otp-send').textContent).to.equal(ts('en', 'verify.resend'));
    expect(el.shadowRoot!.activeElement?.id, 'focus is not lost with the input').to.equal('otp-send');

    await sendAgain();
    otp.triesLeft = 1;
    type(el, '999999');
    await until(el, () => message(el) === ts('en', 'verify.locked'));
    expect(message(el)).to.equal(ts('en', 'verify.locked'));

    otp.throttled = 12;
    q<HTMLButtonElement>(el, '#otp-send').click();
    await until(el, () => message(el) === ts('en', 'verify.throttled', { seconds: 12 }));
    expect(message(el)).to.equal(ts('en', 'verify.throttled', { seconds: 12 }));
    expect(q(el, '[part~="otp-countdown"]').textContent).to.equal(ts('en', 'verify.resendIn', { seconds: 12 }));
    expect(q<HTMLButtonElement>(el, '#otp-send').disabled).to.equal(true);
    expect(has(el, '#field-input'), 'still closed').to.equal(false);
    server.restore();
  });

  for (const lang of ['ar', 'he'])
    it(`in ${lang}: translated, right to left, the masked address kept in one left-to-right run, accessible`, async () => {
      const { el, server } = await loadSigner([ownField({ label: 'Name' })], { lang, verification: { required: 'email' } });
      const step = q(el, '[part~="verification"]');
      expect(getComputedStyle(step).direction).to.equal('rtl');
      expect(q(el, '#otp-title').textContent).to.equal(ts(lang, 'verify.title'));
      expect(ts(lang, 'verify.title')).to.not.equal(ts('en', 'verify.title'));
      expect(q(el, '#otp-intro').textContent).to.contain('\u2066a••@example.com\u2069');
      q<HTMLButtonElement>(el, '#otp-send').click();
      await until(el, () => has(el, '#otp-input'));
      expect(q(el, '#otp-input').getAttribute('dir')).to.equal('ltr');
      expect(q(el, '[part~="otp-countdown"]').textContent).to.equal(ts(lang, 'verify.resendIn', { seconds: 30 }));
      await expect(el).to.be.accessible();
      server.restore();
    });

  it('reads a pasted code out of the message around it', () => {
    expect(codeDigits('123 456')).to.equal('123456');
    expect(codeDigits('123456 is your code to sign "Lease 2026".')).to.equal('123456');
    expect(codeDigits('12-34')).to.equal('1234');
  });
});
