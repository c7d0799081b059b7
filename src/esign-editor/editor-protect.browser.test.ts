import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys } from '@web/test-runner-commands';
import { field, fieldEls, loadEditor, q } from '../../test/support/editor/editor-test-helpers.ts';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import type { EsignEditor } from './esign-editor.ts';

afterEach(async () => {
  await resetMouse();
});

// Nine lines of body text from the top of page 1 (36 pt Helvetica: about 0.05..0.57 of the page's height,
// 0.06..0.55 of its width): the page's middle, where a field used to land, is text.
const BODY = Array.from({ length: 9 }, () => 'Lorem ipsum dolor').join('\n');

async function editorOnText(fields = [] as ReturnType<typeof field>[]): Promise<EsignEditor> {
  const el = await loadEditor({ fields });
  const ready = oneEvent(el, 'esign-ready');
  el.data = await generatePdf({ pages: 2, text: (i) => (i === 0 ? BODY : `Page ${i + 1}`) });
  await ready;
  await el.updateComplete;
  return el;
}

const status = (el: EsignEditor) => q(el, '[role="status"]').textContent ?? '';

describe('esign-editor protects the document', () => {
  it('marks a field that covers text, and the save reports it as a warning, not an error', async () => {
    const el = await editorOnText([
      field(0.05, 0.06, 0.5, 0.12, { element_type: 'signature', signer: 1 }),
      field(0.1, 0.8, 0.4, 0.85, { element_type: 'signature', signer: 1 }),
    ]);
    await waitUntil(() => el.shadowRoot!.querySelector('.efield[data-covers-text]'), 'the field over the text is marked');
    const marked = fieldEls(el).filter((f) => f.hasAttribute('data-covers-text'));
    expect(marked).to.have.length(1);
    expect(marked[0].getAttribute('aria-label')).to.contain('Covers text on the page');
    expect(marked[0].title).to.contain('Covers text on the page');
    const result = await el.save();
    expect(result.ok).to.equal(true);
    expect(result.problems).to.deep.equal([]);
    expect(result.warnings).to.deep.equal([{ field: '[0]', code: 'covers_text', message: 'Covers text on the page: the signed PDF would hide it' }]);
    expect(status(el)).to.contain('cover text on the page');
    // Moved off the text, it is clear.
    el.fields = [field(0.6, 0.06, 0.95, 0.12, { element_type: 'signature', signer: 1 })];
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.efield[data-covers-text]')).to.equal(null);
    expect((await el.save()).warnings).to.deep.equal([]);
  });

  it('Enter on a tool places the field in the nearest empty area of the page in view, not on the text', async () => {
    const el = await editorOnText();
    // The text of page 1 is read once the page is painted.
    const guard = (el as unknown as { actions: { textGuard: { text: { of(p: number): unknown } } } }).actions.textGuard;
    await waitUntil(() => guard.text.of(1), 'page 1 text read');
    q(el, '.tool[data-tool="signature"]').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const [placed] = el.getFields();
    expect(placed.page).to.equal(1);
    expect(el.shadowRoot!.querySelector('.efield[data-covers-text]')).to.equal(null);
    // Beside the text (to its right) or below it, inside the page.
    expect(placed.ax >= 0.55 || placed.ay >= 0.55, JSON.stringify(placed)).to.equal(true);
    expect(placed.bx).to.be.at.most(0.98 + 1e-9);
    expect(status(el)).to.contain('Signature added on page 1');
  });

  it('announces every keyboard move and resize with where the field now is', async () => {
    const el = await loadEditor({ fields: [field(0.1, 0.5, 0.4, 0.55)] });
    fieldEls(el)[0].focus();
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    const first = status(el);
    expect(first).to.match(/^1 field\(s\) moved to 62, 396 pt on page 1$/);
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(status(el), 'a second step is a new announcement').to.equal('1 field(s) moved to 63, 396 pt on page 1');
    await sendKeys({ press: 'Alt+ArrowDown' });
    await el.updateComplete;
    expect(status(el)).to.equal('1 field(s) resized to 184 × 41 pt');
  });

  it('draws the arrange buttons as icons, each with a name and a tooltip', async () => {
    const el = await loadEditor();
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.toolbar button[aria-label]')];
    expect(buttons.length).to.be.greaterThan(10);
    for (const b of buttons) {
      expect(b.querySelector('svg'), b.dataset.action).to.not.equal(null);
      expect(b.textContent!.trim(), `${b.dataset.action} has no glyph text`).to.equal('');
      expect(b.title).to.equal(b.getAttribute('aria-label'));
    }
    expect(q(el, '[data-action="align-left"]').title).to.equal('Align left');
  });
});
