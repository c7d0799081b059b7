import { expect, oneEvent } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { centre, field, fieldEls, loadEditor, openPanelFor, q } from '../../test/support/editor/editor-test-helpers.ts';

afterEach(async () => {
  await resetMouse();
});

const mod = navigator.platform.includes('Mac') ? 'Meta' : 'Control';

describe('esign-editor property panel, validation and save', () => {
  it('typing a label is one undo step and shows on the field', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.4, 0.15, { element_type: 'signature' })] });
    const panel = await openPanelFor(el, 0);
    const label = panel.querySelector<HTMLInputElement>('input[name="label"]')!;
    expect(el.shadowRoot!.activeElement).to.not.equal(label);
    label.focus();
    await sendKeys({ type: 'Full name' });
    await el.updateComplete;
    expect(el.getFields()[0].label).to.equal('Full name');
    expect(fieldEls(el)[0].textContent).to.contain('Full name');
    await sendKeys({ type: '!' });
    await el.updateComplete;
    expect(q(el, '#label-problem').textContent).to.contain('"!"');
    expect(label.getAttribute('aria-invalid')).to.equal('true');
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('#label-problem')).to.equal(null);
    label.blur();
    el.undo();
    await el.updateComplete;
    expect(el.getFields()[0].label).to.equal('');
  });

  it('sets the position in points and the page from the panel', async () => {
    const el = await loadEditor({ pages: 2, fields: [field(0.1, 0.1, 0.4, 0.15)] });
    const panel = await openPanelFor(el, 0);
    const x = panel.querySelector<HTMLInputElement>('input[name="x"]')!;
    expect(x.value).to.equal('61.2');
    x.focus();
    x.select();
    await sendKeys({ type: '306' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    const f = el.getFields()[0];
    expect(f.ax).to.be.closeTo(0.5, 1e-9);
    expect(f.bx - f.ax).to.be.closeTo(0.3, 1e-9);
    const page = q(el, '.panel input[name="page"]') as HTMLInputElement;
    page.focus();
    page.select();
    await sendKeys({ type: '2' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(el.getFields()[0].page).to.equal(2);
  });

  it('a number being typed survives a re-render before it is committed (a page render, a text scan)', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.4, 0.15)] });
    const panel = await openPanelFor(el, 0);
    const x = panel.querySelector<HTMLInputElement>('input[name="x"]')!;
    x.focus();
    x.select();
    await sendKeys({ type: '30' });
    el.requestUpdate();
    await el.updateComplete;
    expect(x.value).to.equal('30');
    await sendKeys({ type: '6' });
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(el.getFields()[0].ax).to.be.closeTo(0.5, 1e-9);
    el.undo();
    await el.updateComplete;
    expect(el.getFields()[0].ax).to.be.closeTo(0.1, 1e-9);
    expect(x.value).to.equal('61.2');
  });

  it('a regex field tests sample values live with the safe regex', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.4, 0.15, { validation: 93, options: '^[A-Z]{2}\\d{4}$' })] });
    const panel = await openPanelFor(el, 0);
    const sample = panel.querySelector<HTMLInputElement>('input[name="regex_sample"]')!;
    sample.focus();
    await sendKeys({ type: 'AB1234' });
    await el.updateComplete;
    expect(q(el, '[data-regex-result]').dataset.regexResult).to.equal('match');
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(q(el, '[data-regex-result]').dataset.regexResult).to.equal('no-match');
  });

  it('copies a field to a page range from the panel', async () => {
    const el = await loadEditor({ pages: 4, zoom: '0.3', fields: [field(0.1, 0.9, 0.3, 0.95, { label: 'Initials' })] });
    const panel = await openPanelFor(el, 0);
    const range = panel.querySelector<HTMLInputElement>('input[name="duplicate_range"]')!;
    range.focus();
    await sendKeys({ type: '9' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(q(el, '.panel .error').textContent).to.contain('outside pages 1-4');
    range.select();
    await sendKeys({ type: '2-4' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.getFields().map((f) => f.page)).to.deep.equal([1, 2, 3, 4]);
    expect(el.getFields().every((f) => f.ay === 0.9 && f.label === 'Initials')).to.equal(true);
    el.undo();
    expect(el.getFields()).to.have.length(1);
  });

  it('save validates first: problems are marked on the fields and nothing is saved until fixed', async () => {
    const el = await loadEditor({
      fields: [
        field(0.1, 0.1, 0.4, 0.15, { element_type: 'text', signer: 2 }),
        field(0.1, 0.3, 0.4, 0.35, { element_type: 'text', validation: 20, options: '' }),
      ],
    });
    const validated = oneEvent(el, 'esign-validate');
    const result = await el.save();
    expect(result.ok).to.equal(false);
    const { detail } = await validated;
    expect(detail.ok).to.equal(false);
    const codes = detail.problems.map((p: { code: string }) => p.code);
    expect(codes).to.include('no_signature');
    // The dropdown without items is named by its own path, not only through its signer.
    expect(detail.problems.some((p: { field: string }) => p.field === '[1].options')).to.equal(true);
    await el.updateComplete;
    expect(fieldEls(el).every((f) => f.hasAttribute('data-problem'))).to.equal(true);
    expect(fieldEls(el)[0].getAttribute('aria-label')).to.match(/Problem:/);
    expect(q(el, '[role="status"]').textContent).to.match(/problem/);
    // Fix: items for the dropdown, and signature fields for signers 1 and 2.
    el.setFields([
      field(0.1, 0.1, 0.4, 0.15, { element_type: 'signature', signer: 2 }),
      field(0.1, 0.3, 0.4, 0.35, { element_type: 'text', validation: 20, options: 'A\nB' }),
      field(0.5, 0.3, 0.8, 0.35, { element_type: 'signature', signer: 1 }),
    ]);
    await el.updateComplete;
    expect(fieldEls(el).some((f) => f.hasAttribute('data-problem'))).to.equal(false);
    const saved = oneEvent(el, 'esign-save');
    const ok = await el.save();
    expect(ok.ok).to.equal(true);
    expect((await saved).detail.fields).to.have.length(3);
  });

  it('esign-change carries a new array each time and assigning it back keeps the history', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.4, 0.15)] });
    const seen: unknown[][] = [];
    el.addEventListener('esign-change', (e) => {
      seen.push(e.detail.fields);
      el.fields = e.detail.fields; // a controlled-component page
    });
    fieldEls(el)[0].focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(seen).to.have.length(2);
    expect(seen[0]).to.not.equal(seen[1]);
    expect(el.undo()).to.equal(true);
    expect(el.undo()).to.equal(true);
  });

  it('is axe clean with a selection and the panel open', async () => {
    const el = await loadEditor({
      fields: [field(0.1, 0.1, 0.4, 0.15, { element_type: 'signature' }), field(0.1, 0.3, 0.4, 0.35, { validation: 20, options: 'A\nB' })],
    });
    el.setAttribute('signers', '[{"name":"Ann"},{"name":"Wit","role":"witness","index":1}]');
    el.setAttribute('allow-edit-recipients', '');
    await openPanelFor(el, 1);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.panel')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('read-only shows fields but offers no editing', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.4, 0.15)] });
    el.setFields([field(0.2, 0.1, 0.5, 0.15)]); // something to undo
    el.readOnly = true;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.toolbox')).to.equal(null);
    const before = el.getFields();
    await sendMouse({ type: 'click', position: centre(fieldEls(el)[0]) });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Delete' });
    await sendKeys({ press: `${mod}+v` });
    await sendKeys({ press: `${mod}+z` });
    expect(el.undo()).to.equal(false);
    expect(el.getFields()).to.deep.equal(before);
    expect(el.shadowRoot!.querySelector('[data-handle]')).to.equal(null);
  });
});
