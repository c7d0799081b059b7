import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import type { EsignEditor } from './esign-editor.ts';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import { centre, drag, field, fieldEls, loadEditor, nextFrame, pagePoint, q, round } from '../../test/support/editor/editor-test-helpers.ts';

afterEach(async () => {
  await resetMouse();
});

describe('esign-editor basics', () => {
  it('shows the given fields and never mutates the input', async () => {
    const input = Object.freeze([Object.freeze(field(0.1, 0.1, 0.3, 0.15, { signer: 1, element_type: 'signature' }))]);
    const el = await loadEditor({ fields: input as never });
    expect(fieldEls(el)).to.have.length(1);
    expect(el.getFields()[0].ax).to.equal(0.1);
    expect(el.getFields()[0]).to.not.equal(input[0]);
  });

  it('moves a field by dragging it, as one undo step', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.1, 0.3, 0.15, { element_type: 'signature' })] });
    const changes: unknown[] = [];
    el.addEventListener('esign-change', (e) => changes.push(e.detail));
    const f = fieldEls(el)[0];
    const from = centre(f);
    const page = q(el, '.page[data-page="1"]').getBoundingClientRect();
    await drag(from, [from[0] + Math.round(page.width * 0.2), from[1] + Math.round(page.height * 0.1)]);
    await el.updateComplete;
    const moved = el.getFields()[0];
    expect(round(moved.ax, 2)).to.be.closeTo(0.3, 0.011);
    expect(round(moved.ay, 2)).to.be.closeTo(0.2, 0.011);
    expect(changes).to.have.length(1);
    expect(el.undo()).to.equal(true);
    expect(el.getFields()[0].ax).to.equal(0.1);
  });

  it('junk in `fields` never throws: usable fields are kept, the rest is reported through esign-validate', async () => {
    const el = await loadEditor();
    const validated = oneEvent(el, 'esign-validate');
    el.fields = [null, 'x', { ax: 'a' }, { ax: NaN, ay: 0, bx: 1, by: 1 }, field(0.1, 0.1, 0.3, 0.15, { label: 'Kept' })] as never;
    const { detail } = await validated;
    await el.updateComplete;
    expect(detail.ok).to.equal(false);
    expect(detail.problems.map((p: { field: string }) => p.field)).to.include.members(['[0]', '[1]', '[2].ax']);
    expect(el.getFields().map((f) => f.label)).to.deep.equal(['Kept']);
    expect(fieldEls(el)).to.have.length(1);
    el.fields = 'not an array' as never;
    await el.updateComplete;
    expect(el.getFields()).to.deep.equal([]);
  });

  it('a stale token is one esign-error, though both the PDF and the fields are refused; a new token may fail again', async () => {
    const el = await fixture<EsignEditor>(html`<esign-editor style="width:790px;height:590px"></esign-editor>`);
    const errors: { code: string; message: string }[] = [];
    el.addEventListener('esign-error', (e) => errors.push(e.detail));
    const settled = async () => {
      // Both requests answer 401 at once from the test server; wait for both to have been handled.
      await oneEvent(el, 'esign-error');
      await new Promise((r) => setTimeout(r, 600));
    };
    let done = settled();
    Object.assign(el, { endpoint: `${location.origin}/rest`, token: 'stale', template: 'pdfjs-tracemonkey' });
    await done;
    expect(errors.map((e) => e.code)).to.deep.equal(['unauthorized']);
    expect(errors[0].message).to.match(/token/);
    done = settled();
    el.token = 'still-stale';
    await done;
    expect(errors.map((e) => e.code)).to.deep.equal(['unauthorized', 'unauthorized'], 'a new load reports its own failure');
  });

  it('fields on pages the PDF lacks are kept and reported through esign-validate once the page count is known', async () => {
    const el = await fixture<EsignEditor>(html`<esign-editor style="width:790px;height:590px" zoom="0.7"></esign-editor>`);
    const validated = oneEvent(el, 'esign-validate');
    el.fields = [field(0.1, 0.1, 0.3, 0.15, { page: 1, label: 'Here' }), field(0.1, 0.1, 0.3, 0.15, { page: 5, label: 'Beyond' })];
    el.data = await generatePdf({ pages: 2 });
    const { detail } = await validated;
    expect(detail.ok).to.equal(false);
    expect(detail.problems.map((p: { field: string }) => p.field)).to.deep.equal(['[1].page']);
    expect(detail.problems[0].message).to.match(/page 5 does not exist: the document has 2 pages/);
    expect(el.pageCount).to.equal(2);
    expect(el.getFields().map((f) => f.label)).to.deep.equal(['Here', 'Beyond'], 'kept until the sender moves or saves it');

    // With the page count already known, assigning such fields says so at once.
    const again = oneEvent(el, 'esign-validate');
    el.fields = [field(0.1, 0.1, 0.3, 0.15, { page: 3, label: 'Also beyond' })];
    expect((await again).detail.problems.map((p: { field: string }) => p.field)).to.deep.equal(['[0].page']);
  });
});
