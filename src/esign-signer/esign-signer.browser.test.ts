import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { EsignSigner } from './esign-signer.ts';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { capture, loadSigner, ownField, q } from '../../test/support/signer/signer-test-helpers.ts';
import { fakeToken } from '../../test/support/signer/signer-fake-server.ts';
import { registerSignerTranslation } from './signer-i18n.ts';
import { VALIDATION_CODES, valueHint } from '../fields/index.ts';

async function settle(el: HTMLElement & { updateComplete: Promise<boolean> }): Promise<void> {
  await el.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
}

describe('esign-signer', () => {
  it('loads the PDF and the fields, marks the visit and shows the first field in order', async () => {
    const late = ownField({ label: 'Later', page: 2, ay: 0.1, by: 0.15 });
    const first = ownField({ label: 'First', page: 1, ay: 0.5, by: 0.55 });
    const ordered = ownField({ label: 'Ordered', page: 2, ay: 0.8, by: 0.85, fieldorder: 1 });
    const { el, server } = await loadSigner([late, first, ordered, { ...ownField({ signer: 2, label: 'Theirs' }), editable: false }]);
    expect(server.calls.map((c) => c.op)).to.include.members(['signing', 'pdf', 'visit']);
    expect(q(el, '.field-name').textContent).to.contain('Ordered');
    expect(q(el, '.bar-top').textContent).to.contain('Field 1 of 3');
    expect(q(el, '[part~="progress-count"]').textContent).to.contain('0 of 3');
    expect(el.shadowRoot!.querySelectorAll('.field.own').length).to.equal(3);
    server.restore();
  });

  it('validates as the recipient types, with the message beside the field and in the bar', async () => {
    const email = ownField({ label: 'Email', validation: 1 });
    const { el, server } = await loadSigner([email]);
    const input = q<HTMLInputElement>(el, '#field-input');
    input.focus();
    const change = oneEvent(el, 'esign-field-change');
    await sendKeys({ type: 'ann@' });
    const event = await change;
    expect(event.detail.uuid).to.equal(email.uuid);
    input.blur();
    await settle(el);
    expect(q(el, '#field-error').textContent).to.match(/email address/);
    expect(q(el, '.field-error').textContent).to.match(/email address/);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    input.focus();
    await sendKeys({ type: 'example.com' });
    await settle(el);
    expect(q(el, '#field-error').textContent).to.equal('');
    expect(q(el, '[part~="progress-count"]').textContent).to.contain('1 of 1');
    server.restore();
  });

  it('keyboard only: Tab through the bar, type a signature, submit and confirm', async () => {
    const name = ownField({ label: 'Name', validation: 78 });
    const sig = ownField({ element_type: 'signature', ay: 0.3, by: 0.4 });
    const date = ownField({ label: 'Signed on', validation: 30, ay: 0.5, by: 0.55 });
    const { el, server } = await loadSigner([name, sig, date]);
    q<HTMLInputElement>(el, '#field-input').focus();
    await sendKeys({ type: 'ann tester' });
    await settle(el);
    expect(q<HTMLInputElement>(el, '#field-input').value).to.equal('ANN TESTER', 'upper-case code transforms as typed');
    await sendKeys({ press: 'Tab' }); // previous (disabled: skipped) → next
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(q(el, '.field-name').textContent).to.contain('Signature');
    expect(el.shadowRoot!.activeElement?.id).to.equal('field-input');
    await sendKeys({ press: 'Enter' }); // opens the capture dialog
    const dialog = capture(el);
    await settle(el);
    const typeTab = dialog.shadowRoot.querySelector<HTMLElement>('[role=tab][aria-selected=true]')!;
    expect(dialog.shadowRoot.activeElement).to.equal(typeTab);
    await sendKeys({ press: 'ArrowRight' }); // Draw → Type
    await settle(dialog as never);
    const typed = dialog.shadowRoot.querySelector<HTMLInputElement>('#typed')!;
    expect(typed.value).to.equal('Ann Tester');
    typed.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 'son' });
    dialog.shadowRoot.querySelector<HTMLButtonElement>('.capture-actions .primary')!.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(q<HTMLImageElement>(el, '.signature-preview').src).to.match(/^data:image\/png;base64,/);
    expect(q(el, '[part~="progress-count"]').textContent).to.contain('2 of 2');
    const finish = q<HTMLButtonElement>(el, '[part~="finish"]');
    finish.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(q<HTMLDialogElement>(el, '#confirm-submit').open).to.equal(true);
    const complete = oneEvent(el, 'esign-complete');
    q<HTMLButtonElement>(el, '#confirm-submit-button').focus();
    await sendKeys({ press: 'Enter' });
    const done = await complete;
    expect(done.detail.documentStatus).to.equal(30);
    const sent = server.calls.find((c) => c.op === 'complete')!.body as { values: Record<string, string> };
    expect(sent.values[name.uuid!]).to.equal('ANN TESTER');
    expect(sent.values[sig.uuid!]).to.match(/^data:image\/png;base64,/);
    expect(Object.keys(sent.values)).not.to.include(date.uuid, "signing dates are the server's");
    await settle(el);
    expect(q(el, '[part~="final"]').textContent).to.contain('Your signature has been recorded');
    server.restore();
  });

  it('finish with fields missing goes to the first problem; a server refusal lands beside its field', async () => {
    const a = ownField({ label: 'Alpha' });
    const b = ownField({ label: 'Beta', ay: 0.3, by: 0.35, validation: 25 });
    const { el, server } = await loadSigner([a, b]);
    q<HTMLButtonElement>(el, '[part~="finish"]').click();
    await settle(el);
    expect(q(el, '.field-name').textContent).to.contain('Alpha');
    expect(q(el, '#field-error').textContent).to.contain('required');
    expect(q<HTMLDialogElement>(el, '#confirm-submit').open).to.equal(false);
    server.restore();
  });

  it('checkboxes, radio groups (logic_action 1), dropdowns and drawn signatures with undo, then adopt-and-reuse', async () => {
    const r1 = ownField({ label: 'Plan A', validation: 25, logic_action: 1, logic_group: 'plan' });
    const r2 = ownField({ label: 'Plan B', validation: 25, logic_action: 1, logic_group: 'plan', ay: 0.2, by: 0.24 });
    const pick = ownField({ label: 'Colour', validation: 20, options: 'Red\nBlue', ay: 0.3, by: 0.34 });
    const s1 = ownField({ element_type: 'signature', ay: 0.4, by: 0.5 });
    const s2 = ownField({ element_type: 'signature', ay: 0.6, by: 0.7 });
    const { el, server } = await loadSigner([r1, r2, pick, s1, s2]);
    q<HTMLInputElement>(el, '#field-input').click();
    await settle(el);
    el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.field.own')[1].click();
    await settle(el);
    q<HTMLInputElement>(el, '#field-input').click();
    await settle(el);
    expect(el.fields.map((f) => f.value).slice(0, 2)).to.deep.equal(['', 'tick'], 'choosing Plan B clears Plan A');
    q<HTMLButtonElement>(el, '.nav button.primary').click();
    await settle(el);
    const select = q<HTMLSelectElement>(el, '#field-input');
    select.value = 'Blue';
    select.dispatchEvent(new Event('change'));
    q<HTMLButtonElement>(el, '.nav button.primary').click();
    await settle(el);
    q<HTMLButtonElement>(el, '#field-input').click();
    const dialog = capture(el);
    await settle(el);
    const pad = dialog.shadowRoot.querySelector<HTMLCanvasElement>('canvas.pad')!;
    const box = pad.getBoundingClientRect();
    const stroke = async (y: number) => {
      await sendMouse({ type: 'move', position: [Math.round(box.left + 20), Math.round(box.top + y)] });
      await sendMouse({ type: 'down' });
      for (let x = 35; x < 200; x += 15) await sendMouse({ type: 'move', position: [Math.round(box.left + x), Math.round(box.top + y + (x % 30))] });
      await sendMouse({ type: 'up' });
    };
    await stroke(30);
    await stroke(60);
    await settle(dialog as never);
    const undo = [...dialog.shadowRoot.querySelectorAll<HTMLButtonElement>('.pad-tools button')][0];
    expect(undo.disabled).to.equal(false);
    undo.click();
    await settle(dialog as never);
    dialog.shadowRoot.querySelector<HTMLButtonElement>('.capture-actions .primary')!.click();
    await settle(el);
    expect(el.fields[3].value).to.match(/^data:image\/png;base64,/);
    q<HTMLButtonElement>(el, '.nav button.primary').click();
    await settle(el);
    q<HTMLButtonElement>(el, '#field-input').click(); // "Sign with your adopted signature"
    await settle(el);
    expect(el.fields[4].value).to.equal(el.fields[3].value);
    expect(el.fields[2].value).to.equal('Blue');
    server.restore();
  });

  it('reject asks for a reason and confirms', async () => {
    const { el, server } = await loadSigner([ownField({ label: 'A' })]);
    q<HTMLButtonElement>(el, '[part~="reject"]').click();
    await settle(el);
    q<HTMLButtonElement>(el, '#confirm-reject-button').click();
    await settle(el);
    expect(q(el, '#reject-problem').textContent).to.contain('reason');
    const area = q<HTMLTextAreaElement>(el, '#reject-reason');
    area.value = 'Wrong amount';
    area.dispatchEvent(new Event('input'));
    const rejected = oneEvent(el, 'esign-reject');
    q<HTMLButtonElement>(el, '#confirm-reject-button').click();
    expect((await rejected).detail.reason).to.equal('Wrong amount');
    expect(server.calls.find((c) => c.op === 'reject')!.body).to.deep.equal({ reason: 'Wrong amount' });
    server.restore();
  });

  it('a renewed token keeps what was entered; translations apply', async () => {
    registerSignerTranslation('fr', { 'signer.next': 'Champ suivant' });
    document.documentElement.lang = 'fr';
    try {
      const { el, server } = await loadSigner([ownField({ label: 'A' }), ownField({ label: 'B', ay: 0.3, by: 0.34 })]);
      expect(q(el, '.nav button.primary').textContent).to.equal('Champ suivant');
      q<HTMLInputElement>(el, '#field-input').focus();
      await sendKeys({ type: 'kept' });
      el.token = `${fakeToken()}x`;
      await settle(el);
      expect(el.fields[0].value).to.equal('kept');
      expect(server.calls.filter((c) => c.op === 'signing').length).to.equal(1);
      server.restore();
    } finally {
      document.documentElement.lang = 'en';
    }
  });

  it('an approver without fields approves through a confirm dialog', async () => {
    const { el, server } = await loadSigner([{ ...ownField({ label: 'Theirs' }), editable: false }], { role: 'approver' });
    const approve = q<HTMLButtonElement>(el, '[part~="finish"]');
    expect(approve.textContent).to.equal('Approve');
    approve.click();
    await settle(el);
    expect(q(el, '#confirm-submit-title').textContent).to.equal('Approve this document?');
    const done = oneEvent(el, 'esign-complete');
    q<HTMLButtonElement>(el, '#confirm-submit-button').click();
    await done;
    expect(server.calls.find((c) => c.op === 'complete')!.body).to.deep.equal({ values: {} });
    server.restore();
  });

  it('a recipient whose turn has not come sees why and no field bar', async () => {
    const { el, server } = await loadSigner([ownField({ label: 'A' })], { canSign: false });
    expect(q(el, '[part~="final"]').textContent).to.contain('not your turn');
    expect(el.shadowRoot!.querySelector('.bar')).to.equal(null);
    expect(server.calls.some((c) => c.op === 'visit')).to.equal(false);
    server.restore();
  });

  it('on a phone-sized element the field bar stays in view while the pages scroll', async () => {
    const { el, server } = await loadSigner([ownField({ label: 'A' }), ownField({ label: 'B', page: 2 })], { pages: 3 });
    el.style.width = '390px';
    el.style.height = '700px';
    await settle(el);
    const scroller = q(el, '.scroller');
    scroller.scrollTop = scroller.scrollHeight;
    await settle(el);
    const host = el.getBoundingClientRect();
    const bar = q(el, '.bar').getBoundingClientRect();
    expect(bar.bottom).to.be.at.most(host.bottom + 0.5);
    expect(bar.top).to.be.at.least(host.top);
    const next = q(el, '.nav button.primary').getBoundingClientRect();
    expect(next.right).to.be.at.most(host.right + 0.5);
    expect(next.height).to.be.at.least(40, 'touch-sized');
    server.restore();
  });

  it('is axe clean while signing, in RTL too', async () => {
    for (const dir of ['ltr', 'rtl']) {
      const { el, server } = await loadSigner([ownField({ label: 'Name' }), ownField({ element_type: 'signature', ay: 0.3, by: 0.4 })], { dir });
      await expect(el).to.be.accessible();
      server.restore();
    }
  });

  it('an attachment field uploads the chosen file and its name becomes the value; a file over the limit is refused beside the field', async () => {
    const { el, server } = await loadSigner([ownField({ label: 'Appendix', validation: 76 }), ownField({ label: 'Big', validation: 74, ay: 0.3, by: 0.34 })]);
    const choose = async (file: File) => {
      const input = q<HTMLInputElement>(el, '#field-input');
      expect(input.type).to.equal('file');
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change'));
      for (let i = 0; i < 100 && !server.calls.some((c) => c.op === 'attachment') && !q(el, '#field-error').textContent; i++)
        await new Promise((r) => setTimeout(r, 20));
      await settle(el);
    };
    await choose(new File(['a,b\n1,2\n'], 'données.csv', { type: 'text/csv' }));
    const upload = server.calls.find((c) => c.op === 'attachment')!.body as { field: string; name: string; data: string };
    expect(upload.name).to.equal('données.csv');
    expect(atob(upload.data)).to.equal('a,b\n1,2\n');
    expect(el.fields[0].value).to.equal('données.csv');
    expect(q(el, '[part~="attachment-name"]').textContent).to.contain('données.csv');
    q<HTMLButtonElement>(el, '.nav button.primary').click();
    await settle(el);
    await choose(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.bin'));
    expect(q(el, '#field-error').textContent).to.contain('too large');
    expect(el.fields[1].value).to.equal('');
    expect(server.calls.filter((c) => c.op === 'attachment').length).to.equal(1);
    server.restore();
  });

  it('every validation code of src/fields gets the control its valueHint names', async () => {
    const fields = VALIDATION_CODES.map((c, i) =>
      ownField({
        label: `Code ${c.code}`,
        validation: c.code,
        options: 'A\nB',
        ay: 0.02 + (i % 40) * 0.024,
        by: 0.04 + (i % 40) * 0.024,
        page: 1 + Math.floor(i / 40),
      }),
    );
    const { el, server } = await loadSigner(fields, { pages: 2 });
    const seen = new Set<number>();
    for (let step = 0; step < fields.length; step++) {
      const label = q(el, '.field-name').textContent!;
      const code = Number(/Code (\d+)/.exec(label)![1]);
      seen.add(code);
      const hint = valueHint({ element_type: 'text', validation: code, options: 'A\nB' });
      const control = el.shadowRoot!.querySelector<HTMLInputElement & HTMLSelectElement>('#field-input');
      const what = `code ${code} (${hint.control})`;
      if (hint.control === 'automatic') expect(control, what).to.equal(null);
      else if (hint.control === 'draw') expect(control!.textContent, what).to.equal('Draw');
      else if (hint.control === 'file') expect(control!.type, what).to.equal('file');
      else if (hint.control === 'select' || code === 24) expect(control!.tagName, what).to.equal('SELECT');
      else if (hint.control === 'checkbox') expect(control!.type, what).to.equal('checkbox');
      else {
        expect(control!.tagName, what).to.equal('INPUT');
        expect(control!.getAttribute('inputmode'), what).to.equal(hint.inputMode);
        expect(control!.getAttribute('placeholder') ?? '', what).to.equal(hint.placeholder);
        expect(control!.maxLength, what).to.equal(hint.maxLength ?? -1);
      }
      if (hint.control === 'select' && code !== 24) expect(control!.options.length, what).to.equal((hint.choices ?? []).length + 1);
      // An automatic (signing date) field says what it holds in its control; the hint would repeat it.
      expect(q(el, '#field-hint').textContent, what).to.equal(
        hint.control === 'file' ? 'Choose the file to attach (at most 10 MB).' : hint.control === 'automatic' ? '' : hint.description,
      );
      const next = q<HTMLButtonElement>(el, '.nav button:nth-of-type(2)');
      if (next.disabled) break;
      next.click();
      await settle(el);
    }
    expect([...seen].sort((a, b) => a - b)).to.deep.equal(
      VALIDATION_CODES.map((c) => c.code).filter((c) => valueHint({ element_type: 'text', validation: c }).control !== 'automatic' || seen.has(c)),
    );
    server.restore();
  });

  it("follows the document's redirect after completing (http(s) only), unless the page cancels esign-complete", async () => {
    const here = `${location.href.split('#')[0]}#signed`;
    const { el, server } = await loadSigner([{ ...ownField({ label: 'Theirs' }), editable: false }], { role: 'approver', redirect: here });
    el.noRedirect = false;
    const done = oneEvent(el, 'esign-complete');
    q<HTMLButtonElement>(el, '[part~="finish"]').click();
    await settle(el);
    q<HTMLButtonElement>(el, '#confirm-submit-button').click();
    expect((await done).detail.redirect).to.equal(here);
    await settle(el);
    expect(q(el, '[part~="final"]').textContent).to.contain('Taking you on');
    for (let i = 0; i < 40 && location.hash !== '#signed'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(location.hash).to.equal('#signed');
    history.replaceState(null, '', location.href.split('#')[0]);
    server.restore();

    for (const [redirect, cancel] of [
      [here, true],
      ['javascript:alert(1)', false],
    ] as const) {
      const again = await loadSigner([{ ...ownField({ label: 'Theirs' }), editable: false }], { role: 'approver', redirect });
      again.el.noRedirect = false;
      again.el.addEventListener('esign-complete', (e) => {
        if (cancel) e.preventDefault();
      });
      q<HTMLButtonElement>(again.el, '[part~="finish"]').click();
      await settle(again.el);
      q<HTMLButtonElement>(again.el, '#confirm-submit-button').click();
      await oneEvent(again.el, 'esign-complete');
      await settle(again.el);
      expect(q(again.el, '[part~="final"]').textContent, redirect).not.to.contain('Taking you on');
      again.server.restore();
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(location.hash).to.equal('');
  });

  it('fires esign-error when it cannot load: a missing token, an unreachable server', async () => {
    const missing = await fixture<EsignSigner>(html`<esign-signer></esign-signer>`);
    const first = oneEvent(missing, 'esign-error');
    missing.signer = 'someone';
    missing.endpoint = 'http://127.0.0.1:9';
    expect((await first).detail.code).to.equal('missing-source');
    const unreachable = oneEvent(missing, 'esign-error');
    missing.token = 'a.b.c';
    const detail = (await unreachable).detail;
    expect(detail.code).to.equal('network');
    expect(detail.message).to.contain('could not be reached');
    await settle(missing);
    expect(q(missing, '[part~="final"]').textContent).to.contain('could not be reached');
  });
});
