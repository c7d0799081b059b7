/**
 * A code-guarded signature (validation 73 on a signature field): the bar asks for the code beside the signature,
 * finishing without it says so at the field, and the completion carries it in `codes` (the server checks it:
 * demo/server/services/signing/signature-code.test.ts).
 */
import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { capture, loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';

async function settle(el: HTMLElement & { updateComplete: Promise<boolean> }): Promise<void> {
  await el.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
}

describe('esign-signer code-guarded signature', () => {
  it('asks for the code, will not finish without it, and sends it with the signature', async () => {
    const sig = ownField({ element_type: 'signature', validation: 73, options: '', label: 'Guarded' });
    const { el, server } = await loadSigner([sig]);
    expect(q(el, '[part~="code"]').textContent).to.contain('Code to sign');
    q<HTMLButtonElement>(el, '#field-input').click();
    const dialog = capture(el);
    await settle(el);
    dialog.shadowRoot.querySelector<HTMLElement>('[role=tab][aria-selected=true]')!.focus();
    await sendKeys({ press: 'ArrowRight' }); // Draw → Type: the name is typed in already
    await settle(dialog as never);
    dialog.shadowRoot.querySelector<HTMLButtonElement>('.capture-actions .primary')!.click();
    await settle(el);
    expect(q<HTMLImageElement>(el, '.signature-preview').src).to.match(/^data:image\/png;base64,/);

    q<HTMLButtonElement>(el, '[part~="finish"]').click();
    await settle(el);
    expect(q<HTMLDialogElement>(el, '#confirm-submit').open).to.equal(false);
    expect(q(el, '#field-error').textContent).to.equal('Enter the code you were given to sign here.');

    q<HTMLInputElement>(el, '#field-code').focus();
    await sendKeys({ type: 'Blue-Fox-42' });
    await settle(el);
    q<HTMLButtonElement>(el, '[part~="finish"]').click();
    await settle(el);
    expect(q<HTMLDialogElement>(el, '#confirm-submit').open).to.equal(true);
    const complete = oneEvent(el, 'esign-complete');
    q<HTMLButtonElement>(el, '#confirm-submit-button').click();
    await complete;
    const sent = server.calls.find((c) => c.op === 'complete')!.body as { values: Record<string, string>; codes: Record<string, string> };
    expect(sent.codes).to.deep.equal({ [sig.uuid!]: 'Blue-Fox-42' });
    expect(sent.values[sig.uuid!]).to.match(/^data:image\/png;base64,/);
    server.restore();
  });

  it('is axe-clean with the code input', async () => {
    const { el, server } = await loadSigner([ownField({ element_type: 'signature', validation: 73, options: '', label: 'Guarded' })]);
    await expect(el).shadowDom.to.be.accessible();
    server.restore();
  });
});
