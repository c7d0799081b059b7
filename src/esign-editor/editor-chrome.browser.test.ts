import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys } from '@web/test-runner-commands';
import { registerEditorTranslation } from './editor-i18n.ts';
import { centre, field, fieldEls, loadEditor, q } from '../../test/support/editor/editor-test-helpers.ts';

afterEach(async () => {
  await resetMouse();
});

describe('esign-editor recipients, arrange, RTL, strings, pen', () => {
  it('lists recipients with witnesses, assigns new fields to the chosen one, and reorders signers with their fields', async () => {
    const el = await loadEditor({
      fields: [field(0.1, 0.1, 0.3, 0.15, { element_type: 'signature', signer: 1 }), field(0.1, 0.3, 0.3, 0.35, { element_type: 'signature', signer: 101 })],
    });
    el.signers = '[{"name":"Ann"},{"name":"Ben"},{"name":"Wit","role":"witness","index":1}]';
    el.allowEditRecipients = true;
    await el.updateComplete;
    const rows = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.recipient')].map((r) => Number(r.dataset.signer));
    expect(rows).to.deep.equal([1, 101, 2]);
    // Choose Ben, then add a field with the keyboard: it belongs to signer 2.
    q<HTMLInputElement>(el, '.recipient[data-signer="2"] input[type="radio"]').click();
    q(el, '.tool[data-tool="initials"]').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.getFields()[2].signer).to.equal(2);
    // Ben moves up: signer numbers swap on fields, the witness follows Ann to number 102.
    q<HTMLButtonElement>(el, '.recipient[data-signer="2"] button[aria-label^="Move Ben up"]').click();
    await el.updateComplete;
    expect(el.getFields().map((f) => f.signer)).to.deep.equal([2, 102, 1]);
    const names = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('.recipient-name')].map((i) => i.value);
    expect(names).to.deep.equal(['Ben', 'Ann', 'Wit']);
    // Add a signer and name it.
    [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.recipient-actions button')][0].click();
    await el.updateComplete;
    const added = q<HTMLInputElement>(el, '.recipient[data-signer="3"] .recipient-name');
    added.focus();
    await sendKeys({ type: 'Cy' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(q<HTMLInputElement>(el, '.recipient[data-signer="3"] .recipient-name').value).to.equal('Cy');
    el.undo();
    expect(el.getFields().map((f) => f.signer)).to.deep.equal([1, 101, 2], 'the reorder is one undo step');
  });

  it('aligns and distributes the selection from the toolbar', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.2, 0.13), field(0.25, 0.2, 0.35, 0.23), field(0.6, 0.3, 0.7, 0.33)] });
    el.select([0, 1, 2]);
    await el.updateComplete;
    q<HTMLButtonElement>(el, '[data-action="align-top"]').click();
    expect(el.getFields().map((f) => f.ay)).to.deep.equal([0.1, 0.1, 0.1]);
    q<HTMLButtonElement>(el, '[data-action="distribute-horizontal"]').click();
    const f = el.getFields();
    expect(f[1].ax - f[0].bx).to.be.closeTo(f[2].ax - f[1].bx, 1e-9);
  });

  it('offers only the toolbox types asked for, and select() takes indexes or uuids with esign-select', async () => {
    const uuid = '0b6f5a34-7f54-4a53-9d1e-3c3a2c4f9a10';
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.2, 0.13), field(0.3, 0.1, 0.4, 0.13, { uuid, label: 'Mine' })] });
    el.toolbox = 'signature, date admin';
    await el.updateComplete;
    expect([...el.shadowRoot!.querySelectorAll<HTMLElement>('.tool')].map((t) => t.dataset.tool)).to.deep.equal(['signature', 'date', 'sender']);
    const selected: { indexes: number[]; fields: { label: string }[] }[] = [];
    el.addEventListener('esign-select', (e) => selected.push(e.detail));
    el.select([uuid]);
    el.select([0, 1, 7]);
    expect(selected.map((d) => d.indexes)).to.deep.equal([[1], [0, 1]]);
    expect(selected[0].fields[0].label).to.equal('Mine');
  });

  it('lays out right to left, with pages still left to right', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.3, 0.15)] });
    el.setAttribute('dir', 'rtl');
    await el.updateComplete;
    const side = q(el, '.side').getBoundingClientRect();
    const scroller = q(el, '.scroller').getBoundingClientRect();
    expect(side.left).to.be.greaterThan(scroller.left);
    expect(getComputedStyle(q(el, '.pages')).direction).to.equal('ltr');
    const page = q(el, '.page[data-page="1"]').getBoundingClientRect();
    expect(fieldEls(el)[0].getBoundingClientRect().left - page.left).to.be.closeTo(page.width * 0.1, 1);
  });

  it('takes its strings from the translation table for its language', async () => {
    // Swedish does not ship: a page can add it, and what it leaves out falls back to English.
    registerEditorTranslation('sv', { 'editor.tool.signature': 'Underskrift', 'editor.undo': 'Ångra' });
    const el = await loadEditor();
    el.setAttribute('lang', 'sv-FI');
    await el.updateComplete;
    expect(q(el, '.tool[data-tool="signature"]').textContent).to.contain('Underskrift');
    expect(q(el, '[data-action="undo"]').getAttribute('aria-label')).to.equal('Ångra');
    expect(q(el, '.tool[data-tool="initials"]').textContent).to.contain('Initials', 'English fallback');
    // A shipped language needs nothing registered; the attribute alone re-renders the editor.
    el.setAttribute('lang', 'fr-CA');
    await el.updateComplete;
    expect(q(el, '.tool[data-tool="initials"]').textContent).to.contain('Paraphe');
    expect(q(el, '[data-action="undo"]').getAttribute('aria-label')).to.equal('Annuler');
  });

  it('moves a field with pen input (pointer events with pointerType pen)', async () => {
    const el = await loadEditor({ fields: [field(0.2, 0.2, 0.3, 0.25)] });
    const target = fieldEls(el)[0];
    const [x, y] = centre(target);
    const page = q(el, '.page[data-page="1"]').getBoundingClientRect();
    const opts = { bubbles: true, composed: true, pointerId: 7, pointerType: 'pen', isPrimary: true, button: 0, buttons: 1 };
    target.dispatchEvent(new PointerEvent('pointerdown', { ...opts, clientX: x, clientY: y }));
    const scroller = q(el, '.scroller');
    for (let i = 1; i <= 4; i++) {
      scroller.dispatchEvent(new PointerEvent('pointermove', { ...opts, clientX: x + i * page.width * 0.025, clientY: y }));
      await new Promise((r) => requestAnimationFrame(r));
    }
    scroller.dispatchEvent(new PointerEvent('pointerup', { ...opts, buttons: 0, clientX: x + page.width * 0.1, clientY: y }));
    await el.updateComplete;
    expect(el.getFields()[0].ax).to.be.closeTo(0.3, 0.002);
  });

  it('touch on the empty page is left to scrolling; a tap clears the selection', async () => {
    const el = await loadEditor({ fields: [field(0.2, 0.2, 0.3, 0.25)] });
    el.select([0]);
    await el.updateComplete;
    const page = q(el, '.page[data-page="1"]');
    const r = page.getBoundingClientRect();
    const down = new PointerEvent('pointerdown', {
      bubbles: true,
      composed: true,
      cancelable: true,
      pointerId: 9,
      pointerType: 'touch',
      isPrimary: true,
      clientX: r.left + 20,
      clientY: r.top + 300,
    });
    page.querySelector('.page-canvas')!.dispatchEvent(down);
    expect(down.defaultPrevented).to.equal(false);
    page
      .querySelector('.page-canvas')!
      .dispatchEvent(
        new PointerEvent('pointerup', { bubbles: true, composed: true, pointerId: 9, pointerType: 'touch', clientX: r.left + 20, clientY: r.top + 300 }),
      );
    await el.updateComplete;
    expect(fieldEls(el)[0].hasAttribute('data-selected')).to.equal(false, 'a tap on the page clears the selection');
    expect(el.shadowRoot!.querySelector('.drag-layer')).to.equal(null, 'and starts no marquee');
  });

  it('a second finger turns a field drag into a pinch: the field goes back and the pages zoom', async () => {
    const el = await loadEditor({ fields: [field(0.2, 0.2, 0.3, 0.25)] });
    const before = el.getFields()[0];
    const target = fieldEls(el)[0];
    const scroller = q(el, '.scroller');
    const [x, y] = centre(target);
    const touch = (id: number, dx: number) => ({
      bubbles: true,
      composed: true,
      cancelable: true,
      pointerId: id,
      pointerType: 'touch',
      isPrimary: id === 1,
      clientX: x + dx,
      clientY: y,
    });
    target.dispatchEvent(new PointerEvent('pointerdown', touch(1, 0)));
    for (const dx of [10, 20, 30]) {
      scroller.dispatchEvent(new PointerEvent('pointermove', touch(1, dx)));
      await new Promise((r) => requestAnimationFrame(r));
    }
    expect(target.style.transform, 'the first finger drags').to.not.equal('');
    scroller.dispatchEvent(new PointerEvent('pointerdown', touch(2, 80)));
    const scale = () => q(el, '.page[data-page="1"]').getBoundingClientRect().width;
    const width0 = scale();
    const fingers = (spread: number) => [
      new Touch({ identifier: 1, target: scroller, clientX: x - spread, clientY: y }),
      new Touch({ identifier: 2, target: scroller, clientX: x + spread, clientY: y }),
    ];
    scroller.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: fingers(40), changedTouches: fingers(40) }));
    scroller.dispatchEvent(new TouchEvent('touchmove', { bubbles: true, cancelable: true, touches: fingers(60), changedTouches: fingers(60) }));
    scroller.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: fingers(60) }));
    for (const id of [1, 2]) scroller.dispatchEvent(new PointerEvent('pointerup', touch(id, 30)));
    await el.updateComplete;
    await new Promise((r) => requestAnimationFrame(r));
    expect(el.getFields()[0]).to.deep.equal(before, 'the field did not move');
    expect(scale() / width0).to.be.closeTo(1.5, 0.05);
  });
});
