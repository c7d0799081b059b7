/** A pattern field (93) tells the signer what the format is: an example from the pattern, or the sender's own hint. */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';
import type { EsignSigner } from './esign-signer.ts';

async function settle(el: EsignSigner): Promise<void> {
  await el.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
}

describe('esign-signer pattern hint', () => {
  it('shows an example of the format, beside the field and in the message when the value does not match', async () => {
    const { el, server } = await loadSigner([ownField({ label: 'Phone', validation: 93, options: '\\d{3}-\\d{4}' })]);
    expect(q(el, '#field-hint').textContent).to.equal('Enter a value like 123-4567.');
    const input = q<HTMLInputElement>(el, '#field-input');
    expect(input.placeholder).to.equal('123-4567');
    input.focus();
    await sendKeys({ type: '1234567' });
    input.blur();
    await settle(el);
    expect(q(el, '#field-error').textContent).to.equal('"Phone" is not in the expected format (like 123-4567).');
    server.restore();
  });

  it("shows the sender's own hint, in the recipient's language too", async () => {
    document.documentElement.lang = 'de';
    try {
      const { el, server } = await loadSigner([
        ownField({ label: 'Police', validation: 93, options: '[A-Z]{2}\\d{6}', label_extra: 'AB123456 (siehe Brief)' }),
      ]);
      expect(q(el, '#field-hint').textContent).to.equal('Geben Sie einen Wert in diesem Format ein: AB123456 (siehe Brief)');
      q<HTMLInputElement>(el, '#field-input').focus();
      await sendKeys({ type: 'x' });
      q<HTMLInputElement>(el, '#field-input').blur();
      await settle(el);
      expect(q(el, '#field-error').textContent).to.equal(
        'Die Eingabe hat nicht das erwartete Format. Geben Sie einen Wert in diesem Format ein: AB123456 (siehe Brief)',
      );
      server.restore();
    } finally {
      document.documentElement.lang = 'en';
    }
  });
});
