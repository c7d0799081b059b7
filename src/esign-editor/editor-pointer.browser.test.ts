import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { centre, pressAndMove, drag, field, fieldEls, loadEditor, nextFrame, pagePoint, q, round } from '../../test/support/editor/editor-test-helpers.ts';

afterEach(async () => {
  await resetMouse();
});

describe('esign-editor pointer editing', () => {
  it('resizes with the south-east handle and keeps the minimum size', async () => {
    const el = await loadEditor({ fields: [field(0.2, 0.2, 0.4, 0.25, { element_type: 'signature' })] });
    await sendMouse({ type: 'click', position: centre(fieldEls(el)[0]) });
    await el.updateComplete;
    const handle = q(el, '[data-handle="se"]');
    const from = centre(handle);
    const to = pagePoint(el, 1, 0.5, 0.3);
    await drag(from, to);
    await el.updateComplete;
    const f = el.getFields()[0];
    expect(f.ax).to.equal(0.2);
    expect(f.ay).to.equal(0.2);
    expect(f.bx).to.be.closeTo(0.5, 0.01);
    expect(f.by).to.be.closeTo(0.3, 0.01);
    // Drag the west edge far past the east edge: the field stops at 8 points wide.
    await sendMouse({ type: 'click', position: centre(fieldEls(el)[0]) });
    await el.updateComplete;
    await drag(centre(q(el, '[data-handle="w"]')), pagePoint(el, 1, 0.9, 0.25));
    const g = el.getFields()[0];
    expect(round((g.bx - g.ax) * 612, 1)).to.be.closeTo(8, 0.2);
  });

  it('resizes a multi-selection together from the primary field handles', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.3, 0.14), field(0.1, 0.3, 0.2, 0.34)] });
    el.select([0, 1]);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('[data-handle]')).to.have.length(8, 'handles on the primary only');
    const handle = q(el, '[data-handle="e"]');
    const page = q(el, '.page[data-page="1"]').getBoundingClientRect();
    const from = centre(handle);
    await drag(from, [from[0] + Math.round(page.width * 0.1), from[1]]);
    const f = el.getFields();
    expect(f[0].bx - f[0].ax).to.be.closeTo(0.3, 0.005);
    expect(f[1].bx - f[1].ax).to.be.closeTo(0.2, 0.005);
    expect(f[0].ax).to.equal(0.1);
  });

  it('selects with a marquee, moves the selection together, and shift-click toggles', async () => {
    const el = await loadEditor({
      fields: [field(0.1, 0.1, 0.2, 0.13), field(0.3, 0.1, 0.4, 0.13), field(0.7, 0.4, 0.8, 0.43)],
    });
    await drag(pagePoint(el, 1, 0.05, 0.05), pagePoint(el, 1, 0.45, 0.2));
    await el.updateComplete;
    expect(fieldEls(el).map((f) => f.hasAttribute('data-selected'))).to.deep.equal([true, true, false]);
    await drag(centre(fieldEls(el)[0]), [centre(fieldEls(el)[0])[0], centre(fieldEls(el)[0])[1] + 50]);
    const moved = el.getFields();
    expect(moved[0].ay).to.be.greaterThan(0.15);
    expect(round(moved[1].ay - moved[0].ay, 6)).to.equal(0);
    expect(moved[2].ay).to.equal(0.4);
    // shift-click removes one from the selection
    await sendKeys({ down: 'Shift' });
    await sendMouse({ type: 'click', position: centre(fieldEls(el)[1]) });
    await sendKeys({ up: 'Shift' });
    await el.updateComplete;
    expect(fieldEls(el).map((f) => f.hasAttribute('data-selected'))).to.deep.equal([true, false, false]);
    // a click on the empty page clears it
    await sendMouse({ type: 'click', position: pagePoint(el, 1, 0.6, 0.5) });
    await el.updateComplete;
    expect(fieldEls(el).some((f) => f.hasAttribute('data-selected'))).to.equal(false);
  });

  it('snaps a dragged field to another field edge and shows a guide meanwhile', async () => {
    const el = await loadEditor({ fields: [field(0.2, 0.1, 0.4, 0.14), field(0.5, 0.3, 0.6, 0.34)] });
    const page = q(el, '.page[data-page="1"]').getBoundingClientRect();
    const from = centre(fieldEls(el)[1]);
    // Aim 4 px right of alignment with field 0's left edge (0.2): within the 6 px threshold.
    const targetLeftPx = page.left + page.width * 0.2 + 4;
    const to: [number, number] = [Math.round(from[0] - (page.left + page.width * 0.5 - targetLeftPx)), from[1] + 17];
    await pressAndMove(from, to, 5);
    expect(el.shadowRoot!.querySelectorAll('.guide-x').length).to.be.greaterThan(0);
    await sendMouse({ type: 'up' });
    await el.updateComplete;
    expect(round(el.getFields()[1].ax, 6)).to.equal(0.2);
    expect(el.shadowRoot!.querySelector('.guide')).to.equal(null);
  });

  it('a drag paints no page again', async () => {
    const el = await loadEditor({ pages: 3, fields: [field(0.2, 0.2, 0.4, 0.25), field(0.5, 0.5, 0.7, 0.55)] });
    let last = performance.now();
    el.addEventListener('esign-page-render', () => (last = performance.now()));
    while (performance.now() - last < 400) await new Promise((r) => setTimeout(r, 50));
    const before = el.pageRenders;
    expect(before).to.be.greaterThan(0);
    const from = centre(fieldEls(el)[0]);
    await drag(from, [from[0] + 80, from[1] + 40], 12);
    await new Promise((r) => setTimeout(r, 400));
    expect(el.getFields()[0].ax).to.be.greaterThan(0.25);
    expect(el.pageRenders).to.equal(before);
  });

  it('Escape cancels a drag in progress and restores the field', async () => {
    const el = await loadEditor({ fields: [field(0.2, 0.2, 0.3, 0.25)] });
    const from = centre(fieldEls(el)[0]);
    await sendMouse({ type: 'move', position: from });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [from[0] + 60, from[1] + 60] });
    await nextFrame();
    await nextFrame();
    await sendKeys({ press: 'Escape' });
    await sendMouse({ type: 'up' });
    await el.updateComplete;
    expect(el.getFields()[0].ax).to.equal(0.2);
    expect(parseFloat(fieldEls(el)[0].style.left)).to.equal(20);
  });

  it('autoscrolls while a dragged field rests at the bottom edge, and the field follows', async () => {
    const el = await loadEditor({ zoom: '1', fields: [field(0.3, 0.1, 0.5, 0.14)] });
    const scroller = el.scroller!;
    const from = centre(fieldEls(el)[0]);
    const bottom = Math.round(scroller.getBoundingClientRect().bottom - 4);
    await sendMouse({ type: 'move', position: from });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [from[0], from[1] + 20] });
    await sendMouse({ type: 'move', position: [from[0], bottom] });
    for (let i = 0; i < 20; i++) await nextFrame();
    const scrolled = scroller.scrollTop;
    await sendMouse({ type: 'up' });
    await el.updateComplete;
    expect(scrolled).to.be.greaterThan(100);
    const page = q(el, '.page[data-page="1"]').getBoundingClientRect();
    const f = el.getFields()[0];
    // The field's centre ends under the pointer: the drag distance plus what the pages scrolled.
    expect(page.top + ((f.ay + f.by) / 2) * page.height).to.be.closeTo(bottom, 3);
  });

  it('drags a selection onto another page, keeping the grab point and the layout', async () => {
    const el = await loadEditor({ pages: 2, zoom: '0.3', fields: [field(0.1, 0.1, 0.3, 0.15), field(0.4, 0.1, 0.6, 0.15), field(0.1, 0.8, 0.2, 0.85)] });
    el.select([0, 1]);
    await el.updateComplete;
    const from = centre(fieldEls(el)[0]);
    const to = pagePoint(el, 2, 0.3, 0.3);
    expect(el.scroller!.getBoundingClientRect().bottom - to[1]).to.be.greaterThan(40, 'away from the autoscroll band');
    await pressAndMove(from, to, 6);
    expect(el.shadowRoot!.querySelectorAll('.page[data-page="2"] .drag-layer .ghost-field')).to.have.length(2);
    expect(fieldEls(el)[0].style.visibility).to.equal('hidden');
    await sendMouse({ type: 'up' });
    await el.updateComplete;
    const f = el.getFields();
    expect(f.map((x) => x.page)).to.deep.equal([2, 2, 1]);
    expect((f[0].ax + f[0].bx) / 2).to.be.closeTo(0.3, 0.01);
    expect((f[0].ay + f[0].by) / 2).to.be.closeTo(0.3, 0.01);
    expect(f[1].ax - f[0].ax).to.be.closeTo(0.3, 1e-9);
    expect(el.shadowRoot!.querySelectorAll('.page[data-page="2"] .efield')).to.have.length(2);
    el.undo();
    expect(el.getFields().map((x) => x.page)).to.deep.equal([1, 1, 1]);
  });

  it('drags a selection spanning pages: each field keeps its distance in pages, with ghosts on every landing page', async () => {
    const el = await loadEditor({ pages: 3, zoom: '0.3', fields: [field(0.1, 0.1, 0.3, 0.15), field(0.4, 0.5, 0.6, 0.55, { page: 2 })] });
    el.select([0, 1]);
    await el.updateComplete;
    const from = centre(fieldEls(el)[0]);
    const to = pagePoint(el, 2, 0.3, 0.2);
    await pressAndMove(from, to, 6);
    const ghosts = (page: number) => el.shadowRoot!.querySelectorAll(`.page[data-page="${page}"] .ghost-field`).length;
    expect([ghosts(1), ghosts(2), ghosts(3)]).to.deep.equal([0, 1, 1]);
    await sendMouse({ type: 'up' });
    await el.updateComplete;
    const f = el.getFields();
    expect(f.map((x) => x.page)).to.deep.equal([2, 3]);
    expect(f[1].ax - f[0].ax).to.be.closeTo(0.3, 1e-9);
    expect(f[1].ay - f[0].ay).to.be.closeTo(0.4, 1e-9);
    expect(el.shadowRoot!.querySelectorAll('.ghost-field')).to.have.length(0);
    el.undo();
    expect(el.getFields().map((x) => x.page)).to.deep.equal([1, 2]);
  });

  it('drags a field type from the toolbox onto page 2', async () => {
    const el = await loadEditor({ pages: 2, zoom: '0.3' });
    const tool = q(el, '.tool[data-tool="signature"]');
    await drag(centre(tool), pagePoint(el, 2, 0.5, 0.5), 8);
    await el.updateComplete;
    const fields = el.getFields();
    expect(fields).to.have.length(1);
    expect(fields[0].page).to.equal(2);
    expect(fields[0].element_type).to.equal('signature');
    expect((fields[0].ax + fields[0].bx) / 2).to.be.closeTo(0.5, 0.01);
    expect(fieldEls(el)[0].hasAttribute('data-selected')).to.equal(true);
  });

  it('click a tool, then draw the field on the page', async () => {
    const el = await loadEditor();
    await sendMouse({ type: 'click', position: centre(q(el, '.tool[data-tool="text"]')) });
    await el.updateComplete;
    expect(q(el, '.tool[data-tool="text"]').getAttribute('aria-pressed')).to.equal('true');
    await drag(pagePoint(el, 1, 0.1, 0.3), pagePoint(el, 1, 0.5, 0.35));
    await el.updateComplete;
    const f = el.getFields()[0];
    expect(f.element_type).to.equal('text');
    expect(f.ax).to.be.closeTo(0.1, 0.005);
    expect(f.bx).to.be.closeTo(0.5, 0.005);
    expect(q(el, '.tool[data-tool="text"]').getAttribute('aria-pressed')).to.equal('false');
  });
});
