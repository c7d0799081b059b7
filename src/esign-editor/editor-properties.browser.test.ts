// Every control of the property panel writes the element JSON, each change is one undo step; Tab follows reading order.
import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys } from '@web/test-runner-commands';
import { field, fieldEls, loadEditor, openPanelFor, q } from '../../test/support/editor/editor-test-helpers.ts';
import type { EsignEditor } from './esign-editor.ts';

afterEach(async () => {
  await resetMouse();
});

/** Chooses an option of a <select> in the panel the way a person's choice arrives: value, then `change`. */
async function choose(el: EsignEditor, name: string, value: string): Promise<void> {
  const select = q<HTMLSelectElement>(el, `.panel select[name="${name}"]`);
  select.focus();
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

/** Types into a panel input with the keyboard (replacing its text), then leaves it with Tab. */
async function typeInto(el: EsignEditor, name: string, text: string): Promise<void> {
  const input = q<HTMLInputElement>(el, `.panel [name="${name}"]`);
  input.focus();
  input.select();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Tab' });
  await el.updateComplete;
}

async function toggle(el: EsignEditor, name: string): Promise<void> {
  q<HTMLInputElement>(el, `.panel input[name="${name}"]`).focus();
  await sendKeys({ press: 'Space' });
  await el.updateComplete;
}

describe('esign-editor property panel controls', () => {
  it('font, size, alignment, border, no_pdf, required, field order, default value, validation, items, recipient and type each write the JSON as one undo step', async () => {
    const el = await loadEditor({
      fields: [field(0.1, 0.1, 0.4, 0.15, { element_type: 'text', signer: 1 }), field(0.1, 0.5, 0.4, 0.55, { element_type: 'signature', signer: 1 })],
    });
    el.signers = 'Ann, Bob';
    await el.updateComplete;
    const original = el.getFields();
    await openPanelFor(el, 0);
    const steps: [string, () => Promise<void>, (f: ReturnType<EsignEditor['getFields']>[number]) => boolean][] = [
      ['font', () => choose(el, 'font_name', 'courier'), (f) => f.font_name === 'courier'],
      ['size', () => typeInto(el, 'font_size', '14'), (f) => f.font_size === 14],
      ['align', () => choose(el, 'align', '3'), (f) => f.align === 3],
      ['border', () => toggle(el, 'hide_border'), (f) => f.hide_border === true],
      ['no_pdf', () => toggle(el, 'no_pdf'), (f) => f.no_pdf === true],
      ['required', () => toggle(el, 'required'), (f) => f.optional !== original[0].optional],
      ['order', () => typeInto(el, 'fieldorder', '3'), (f) => f.fieldorder === 3],
      ['value', () => typeInto(el, 'value', 'hello'), (f) => f.value === 'hello'],
      ['validation', () => choose(el, 'validation', '20'), (f) => f.validation === 20],
      ['items', () => typeInto(el, 'options', 'Red\nBlue'), (f) => f.options === 'Red\nBlue'],
      ['recipient', () => choose(el, 'signer', '2'), (f) => f.signer === 2],
    ];
    for (const [name, act, check] of steps) {
      await act();
      expect(check(el.getFields()[0]), name).to.equal(true);
    }
    // The second field was never touched.
    expect(el.getFields()[1]).to.deep.equal(original[1]);
    // Changing the type keeps the field but gives it the new type's validation.
    await choose(el, 'type', 'email');
    expect(el.getFields()[0].validation).to.not.equal(20);
    // One undo step per change: undoing them all, one by one, gives back the original JSON.
    let undos = 0;
    while (el.undo()) undos++;
    expect(undos).to.equal(steps.length + 1);
    expect(el.getFields()).to.deep.equal(original);
  });

  it('with several fields selected, the panel edits what they share', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.4, 0.15, { element_type: 'text' }), field(0.1, 0.3, 0.4, 0.35, { element_type: 'text' })] });
    el.select([0, 1]);
    await el.updateComplete;
    fieldEls(el)[0].focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(q(el, '.panel h2').textContent).to.contain('2 fields');
    await toggle(el, 'no_pdf');
    await choose(el, 'align', '2');
    expect(el.getFields().map((f) => [f.no_pdf, f.align])).to.deep.equal([
      [true, 2],
      [true, 2],
    ]);
  });

  it('Tab follows reading order (top-down, left-right), not insertion order, and keeps focus when a move reorders the fields', async () => {
    const el = await loadEditor({
      fields: [field(0.1, 0.2, 0.3, 0.25, { label: 'Lower' }), field(0.6, 0.1, 0.8, 0.15, { label: 'Right' }), field(0.1, 0.1, 0.3, 0.15, { label: 'Left' })],
    });
    el.scroller!.focus();
    const visited: string[] = [];
    for (let i = 0; i < 3; i++) {
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      const label = ['Left', 'Right', 'Lower'].find((l) => el.shadowRoot!.activeElement?.textContent?.includes(l));
      visited.push(label ?? '(not a field)');
    }
    expect(visited).to.deep.equal(['Left', 'Right', 'Lower']);
    // "Lower" has focus: move it above the others with the keyboard (10 pt steps); it keeps focus and Tab order follows.
    for (let i = 0; i < 10; i++) await sendKeys({ press: 'Shift+ArrowUp' });
    await el.updateComplete;
    const focused = el.shadowRoot!.activeElement as HTMLElement;
    expect(focused.textContent).to.contain('Lower');
    expect(fieldEls(el)[0]).to.equal(focused);
    // fieldorder wins over position.
    el.setFields(el.getFields().map((f) => (f.label === 'Right' ? { ...f, fieldorder: 1 } : f)));
    await el.updateComplete;
    expect(fieldEls(el)[0].textContent).to.contain('Right');
  });
});
