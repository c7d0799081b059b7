import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { centre, field, fieldEls, loadEditor, q, round } from '../../test/support/editor/editor-test-helpers.ts';

afterEach(async () => {
  await resetMouse();
});

const mod = navigator.platform.includes('Mac') ? 'Meta' : 'Control';

describe('esign-editor keyboard', () => {
  it('adds a field from the toolbox with Enter, nudges it, resizes it, deletes it, and undoes the chain', async () => {
    const el = await loadEditor();
    q(el, '.tool[data-tool="signature"]').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.getFields()).to.have.length(1);
    const start = el.getFields()[0];
    // The new field has focus: arrows nudge it.
    expect(el.shadowRoot!.activeElement?.classList.contains('efield')).to.equal(true);
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Shift+ArrowDown' });
    await sendKeys({ press: 'Alt+ArrowRight' });
    await el.updateComplete;
    const f = el.getFields()[0];
    expect(round((f.ax - start.ax) * 612, 3)).to.equal(1);
    expect(round((f.ay - start.ay) * 792, 3)).to.equal(10);
    expect(round((f.bx - f.ax - (start.bx - start.ax)) * 612, 3)).to.equal(1);
    await sendKeys({ press: 'Delete' });
    await el.updateComplete;
    expect(el.getFields()).to.have.length(0);
    // Undo the delete, the resize, the two nudges, and the add: five steps.
    for (let i = 0; i < 5; i++) await sendKeys({ press: `${mod}+z` });
    await el.updateComplete;
    expect(el.getFields()).to.have.length(0);
    await sendKeys({ press: `${mod}+Shift+z` });
    await el.updateComplete;
    expect(el.getFields()).to.deep.equal([start]);
    await sendKeys({ press: `${mod}+y` });
    await sendKeys({ press: `${mod}+y` });
    await sendKeys({ press: `${mod}+y` });
    await sendKeys({ press: `${mod}+y` });
    await el.updateComplete;
    expect(el.getFields()).to.have.length(0);
  });

  it('copies to another page with the keyboard and duplicates with Ctrl+D', async () => {
    const el = await loadEditor({ pages: 3, zoom: '0.3', fields: [field(0.1, 0.1, 0.3, 0.15, { element_type: 'signature', label: 'Sign here' })] });
    fieldEls(el)[0].focus();
    await sendKeys({ press: `${mod}+c` });
    el.scroller!.scrollTop = q(el, '.page[data-page="3"]').offsetTop;
    await new Promise((r) => setTimeout(r, 200));
    expect(el.currentPage).to.equal(3);
    await el.updateComplete;
    expect(q(el, '.page-indicator').textContent).to.equal('Page 3 of 3');
    await sendKeys({ press: `${mod}+v` });
    await new Promise((r) => setTimeout(r, 50));
    await el.updateComplete;
    const fields = el.getFields();
    expect(fields).to.have.length(2);
    expect(fields[1]).to.include({ page: 3, ax: 0.1, ay: 0.1, label: 'Sign here', element_type: 'signature' });
    // The pasted field is selected and focused; Ctrl+D duplicates it beside itself, 10 points down and right.
    await sendKeys({ press: `${mod}+d` });
    await el.updateComplete;
    const dup = el.getFields()[2];
    expect(dup.page).to.equal(3);
    expect(round((dup.ax - 0.1) * 612, 3)).to.equal(10);
  });

  it('Tab walks the fields and focus selects; Enter opens the property panel, Escape closes it', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.3, 0.15), field(0.1, 0.3, 0.3, 0.35)] });
    el.scroller!.focus();
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(fieldEls(el)[0].hasAttribute('data-selected')).to.equal(true);
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(fieldEls(el).map((f) => f.hasAttribute('data-selected'))).to.deep.equal([false, true]);
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.panel')).to.not.equal(null);
    expect(el.shadowRoot!.activeElement?.closest('.panel')).to.not.equal(null);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.panel')).to.equal(null);
    expect(el.shadowRoot!.activeElement).to.equal(fieldEls(el)[1]);
  });

  it('a shared clipboard carries fields between two editors on the page', async () => {
    const a = await loadEditor({ fields: [field(0.2, 0.2, 0.4, 0.25, { element_type: 'initials' })], width: 390 });
    const b = await loadEditor({ width: 390 });
    fieldEls(a)[0].focus();
    await sendKeys({ press: `${mod}+c` });
    b.scroller!.focus();
    await sendKeys({ press: `${mod}+v` });
    await new Promise((r) => setTimeout(r, 50));
    await b.updateComplete;
    expect(b.getFields()).to.have.length(1);
    expect(b.getFields()[0]).to.include({ element_type: 'initials', ax: 0.2, page: 1 });
  });

  it('Shift+Space builds a multi-selection from the keyboard, and Ctrl+X cuts it', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.3, 0.15), field(0.1, 0.3, 0.3, 0.35), field(0.1, 0.5, 0.3, 0.55)] });
    fieldEls(el)[0].focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Shift+Space' }); // keeps field 3 and starts building a selection
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Space' }); // adds field 1
    await el.updateComplete;
    expect(fieldEls(el).map((f) => f.hasAttribute('data-selected'))).to.deep.equal([true, false, true]);
    await sendKeys({ press: `${mod}+x` });
    await new Promise((r) => setTimeout(r, 50));
    await el.updateComplete;
    expect(el.getFields().map((f) => f.ay)).to.deep.equal([0.3]);
    el.scroller!.focus();
    await sendKeys({ press: `${mod}+v` });
    await new Promise((r) => setTimeout(r, 50));
    expect(el.getFields()).to.have.length(3);
  });

  it('builds and saves a template with the keyboard alone, start to finish', async () => {
    const el = await loadEditor();
    const saved = new Promise<{ ok: boolean; fields: { label: string; element_type: string }[] }>((r) =>
      el.addEventListener('esign-save', (e) => r(e.detail), { once: true }),
    );
    // Tab from the first toolbar button until the signature tool has focus.
    q<HTMLButtonElement>(el, '[data-action="properties"]').focus();
    for (let i = 0; i < 30 && el.shadowRoot!.activeElement?.getAttribute('data-tool') !== 'signature'; i++) await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.getAttribute('data-tool')).to.equal('signature');
    await sendKeys({ press: 'Enter' }); // adds a signature field to the current page and focuses it
    await el.updateComplete;
    await sendKeys({ press: 'Shift+ArrowDown' });
    await sendKeys({ press: 'Enter' }); // opens the properties, focus in the panel
    await el.updateComplete;
    await el.updateComplete;
    for (let i = 0; i < 5 && el.shadowRoot!.activeElement?.getAttribute('name') !== 'label'; i++) await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Client signature' });
    await sendKeys({ press: 'Escape' }); // closes the panel, focus back on the field
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.classList.contains('efield')).to.equal(true);
    // Shift+Tab back through the recipients and the toolbox to the toolbar's save button.
    for (let i = 0; i < 40 && el.shadowRoot!.activeElement?.getAttribute('data-action') !== 'save'; i++) await sendKeys({ press: 'Shift+Tab' });
    expect(el.shadowRoot!.activeElement?.getAttribute('data-action')).to.equal('save');
    await sendKeys({ press: 'Enter' });
    const result = await saved;
    expect(result.ok).to.equal(true);
    expect(result.fields).to.have.length(1);
    expect(result.fields[0]).to.include({ label: 'Client signature', element_type: 'signature' });
  });

  it('click selects and the toolbar buttons delete and undo', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.3, 0.15)] });
    await sendMouse({ type: 'click', position: centre(fieldEls(el)[0]) });
    await el.updateComplete;
    await sendMouse({ type: 'click', position: centre(q(el, '[data-action="delete"]')) });
    await el.updateComplete;
    expect(el.getFields()).to.have.length(0);
    await sendMouse({ type: 'click', position: centre(q(el, '[data-action="undo"]')) });
    await el.updateComplete;
    expect(el.getFields()).to.have.length(1);
  });
});
