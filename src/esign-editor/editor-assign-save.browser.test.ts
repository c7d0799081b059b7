/**
 * Issue 18, editor: choosing a recipient only chooses who new fields belong to; reassigning placed fields
 * is an explicit button (one undo step). A failed save shows its reason in the toolbar, not only to
 * screen readers. At desktop and phone widths.
 */
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { field, loadEditor, q } from '../../test/support/editor/editor-test-helpers.ts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 760 },
] as const;

afterEach(async () => {
  await setViewport({ width: 800, height: 600 });
});

describe('esign-editor recipient assignment and save failures', () => {
  for (const size of SIZES) {
    it(`${size.name}: choosing another recipient leaves the selected field alone; Assign gives it explicitly`, async () => {
      await setViewport({ width: size.width, height: size.height });
      const el = await loadEditor({
        width: size.width - 10,
        height: size.height - 10,
        fields: [field(0.1, 0.1, 0.3, 0.15, { element_type: 'signature', signer: 1 })],
      });
      el.signers = '[{"name":"Ann"},{"name":"Ben"}]';
      el.select([0]);
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('.assign')).to.equal(null, 'the field already belongs to the chosen recipient');
      q<HTMLInputElement>(el, '.recipient[data-signer="2"] input[type="radio"]').click();
      await el.updateComplete;
      expect(el.getFields()[0].signer).to.equal(1, "choosing Ben does not move Ann's field");
      const assign = q<HTMLButtonElement>(el, '.assign');
      expect(assign.textContent).to.equal('Assign the selected field to Ben');
      expect(assign.getBoundingClientRect().width).to.be.above(0);
      assign.click();
      await el.updateComplete;
      expect(el.getFields()[0].signer).to.equal(2);
      expect(el.shadowRoot!.querySelector('.assign')).to.equal(null);
      el.undo();
      await el.updateComplete;
      expect(el.getFields()[0].signer).to.equal(1, 'one undo step');
    });

    it(`${size.name}: a refused save says why in the toolbar`, async () => {
      await setViewport({ width: size.width, height: size.height });
      const el = await loadEditor({
        width: size.width - 10,
        height: size.height - 10,
        fields: [field(0.1, 0.1, 0.3, 0.15, { element_type: 'signature', signer: 1 })],
      });
      const realFetch = window.fetch;
      const reason = 'This template is used by documents in progress: its fields cannot change.';
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.startsWith('http://editor.test/')) return realFetch(input, init);
        return new Response(JSON.stringify({ error: { status: 409, code: 'conflict', message: reason } }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        });
      };
      try {
        el.autosaveDelay = 0;
        el.endpoint = 'http://editor.test';
        el.token = 'token';
        el.template = 'tpl-1';
        await el.updateComplete;
        const saved = await el.save().then(
          () => 'saved',
          (error: Error) => error.message,
        );
        expect(saved).to.equal(reason);
        await el.updateComplete;
        const state = q(el, '[part~="save-state"]');
        expect(state.textContent).to.equal(`Not saved: ${reason}`);
        const box = state.getBoundingClientRect();
        expect(box.width).to.be.above(0);
        expect(box.height).to.be.above(0);
        expect(getComputedStyle(state).clipPath).to.equal('none');
        expect(box.right).to.be.at.most(el.getBoundingClientRect().right + 0.5, 'visible inside the editor');
      } finally {
        window.fetch = realFetch;
      }
    });
  }

  it("a witness and an approver swatch differ from their signer's (they share its hue)", async () => {
    const el = await loadEditor({ fields: [] });
    el.signers = '[{"name":"Ann"},{"name":"Wit","role":"witness","index":1},{"name":"Legal","role":"approver","index":1}]';
    await el.updateComplete;
    const look = (signer: number) => {
      const s = getComputedStyle(q(el, `.recipient[data-signer="${signer}"] .swatch`));
      return `${s.backgroundColor}|${s.backgroundImage}|${s.borderTopWidth}|${s.borderTopLeftRadius}`;
    };
    expect(new Set([look(1), look(101), look(201)]).size).to.equal(3);
  });
});
