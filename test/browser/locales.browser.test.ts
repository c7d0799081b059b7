/**
 * The three elements in English and Arabic, on a desktop and a phone-sized page: translated, laid out
 * right to left in Arabic (direction resolved from `lang`, the signer's bar and the editor's toolbar and
 * panel mirrored), axe clean; and axe clean in every other shipped locale.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { LOCALES, langOf, t } from '../../src/internal/i18n.ts';
import { ts } from '../../src/esign-signer/signer-i18n.ts';
import { te } from '../../src/esign-editor/editor-i18n.ts';
import { loadSigner, ownField, q as sq } from '../support/signer/signer-test-helpers.ts';
import { field, fieldEls, loadEditor, openPanelFor, q as eq } from '../support/editor/editor-test-helpers.ts';
import { loadViewer } from '../support/viewer/viewer-test-helpers.ts';
import { generatePdf } from '../support/generate-pdf.ts';
import type { EsignViewer } from '../../src/esign-viewer/esign-viewer.ts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, element: 780 },
  { name: 'phone', width: 390, height: 844, element: 380 },
];

const rect = (el: Element) => el.getBoundingClientRect();
const byText = (root: ParentNode, selector: string, text: string) =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((b) => b.textContent?.trim() === text) ?? null;

describe('locales: English and Arabic on desktop and phone', () => {
  after(() => setViewport({ width: 800, height: 600 }));

  for (const size of SIZES) {
    for (const lang of ['en', 'ar']) {
      const rtl = lang === 'ar';

      it(`signer, ${lang}, ${size.name}: translated bar, ${rtl ? 'mirrored' : 'left to right'}, axe clean`, async () => {
        await setViewport({ width: size.width, height: size.height });
        const { el, server } = await loadSigner([ownField({ label: 'Name' }), ownField({ element_type: 'signature', ay: 0.3, by: 0.4 })], { attrs: { lang } });
        try {
          el.style.width = `${size.element}px`;
          await el.updateComplete;
          expect(el.direction).to.equal(rtl ? 'rtl' : 'ltr');
          expect(getComputedStyle(el).direction).to.equal(rtl ? 'rtl' : 'ltr');
          const bar = sq(el, '[part="field-bar"]');
          expect(bar.getAttribute('aria-label')).to.equal(ts(lang, 'signer.fieldsBar'));
          const previous = byText(bar, 'button', ts(lang, 'signer.previous'))!;
          const next = byText(bar, 'button', ts(lang, 'signer.next'))!;
          expect(previous, 'previous button in the language').to.not.equal(null);
          expect(next, 'next button in the language').to.not.equal(null);
          if (rtl) {
            expect(ts(lang, 'signer.next')).to.not.equal(ts('en', 'signer.next'));
            expect(rect(previous).left).to.be.greaterThan(rect(next).left);
          } else {
            expect(rect(previous).left).to.be.lessThan(rect(next).left);
          }
          expect(sq(el, '#field-hint').textContent).to.equal(rtl ? 'أدخل نصًا.' : 'Enter text.');
          await expect(el).to.be.accessible();
        } finally {
          server.restore();
        }
      });

      it(`editor, ${lang}, ${size.name}: translated toolbar and panel, ${rtl ? 'mirrored' : 'left to right'}, axe clean`, async () => {
        await setViewport({ width: size.width, height: size.height });
        // On a desktop the editor is wide enough for the panel to fit beside the field on either side.
        const desktop = size.name === 'desktop';
        const el = await loadEditor({
          fields: [field(0.45, 0.3, 0.55, 0.36)],
          width: desktop ? 1240 : size.element,
          height: size.height - 60,
          zoom: desktop ? '0.5' : undefined,
        });
        el.setAttribute('lang', lang);
        await el.updateComplete;
        expect(el.direction).to.equal(rtl ? 'rtl' : 'ltr');
        expect(getComputedStyle(el).direction).to.equal(rtl ? 'rtl' : 'ltr');
        expect(eq(el, '[part="toolbar"]').getAttribute('aria-label')).to.equal(te(lang, 'editor.toolbar'));
        const undo = eq(el, '[data-action="undo"]');
        const redo = eq(el, '[data-action="redo"]');
        expect(undo.getAttribute('aria-label')).to.equal(te(lang, 'editor.undo'));
        if (rtl) expect(rect(undo).left).to.be.greaterThan(rect(redo).left);
        else expect(rect(undo).left).to.be.lessThan(rect(redo).left);
        // The pages themselves stay left to right: a field keeps its place on the page.
        expect(getComputedStyle(eq(el, '.pages')).direction).to.equal('ltr');
        const panel = await openPanelFor(el, 0);
        await new Promise((r) => setTimeout(r, 100)); // floating-ui places the panel asynchronously
        expect(panel.querySelector(`button[aria-label="${te(lang, 'editor.panel.close')}"]`), 'close button in the language').to.not.equal(null);
        if (size.name === 'desktop') {
          // Beside the field, on the side lines end: right in English, left in Arabic.
          const box = rect(fieldEls(el)[0]);
          if (rtl) expect(rect(panel).right).to.be.at.most(box.left + 1);
          else expect(rect(panel).left).to.be.at.least(box.right - 1);
        }
        await expect(el).to.be.accessible();
      });

      it(`viewer, ${lang}, ${size.name}: translated toolbar, ${rtl ? 'right to left' : 'left to right'}, axe clean`, async () => {
        await setViewport({ width: size.width, height: size.height });
        const el = await loadViewer({ data: await generatePdf({ pages: 2 }), width: size.element, height: size.height - 60 });
        el.setAttribute('lang', lang);
        await el.updateComplete;
        expect(el.direction).to.equal(rtl ? 'rtl' : 'ltr');
        expect(el.shadowRoot!.querySelector('[part="page-indicator"]')!.textContent).to.equal(t(lang, 'viewer.page', { page: 1, pages: 2 }));
        const [previous, next] = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="toolbar"] button')];
        expect(previous.getAttribute('aria-label')).to.equal(t(lang, 'viewer.previousPage'));
        if (rtl) expect(rect(previous).left).to.be.greaterThan(rect(next).left);
        else expect(rect(previous).left).to.be.lessThan(rect(next).left);
        await expect(el).to.be.accessible();
      });
    }
  }
});

describe('locales: where the language comes from', () => {
  it("an element in a detached tree under a link falls back to the page (the link's host is no shadow host)", () => {
    const link = document.createElement('a');
    link.href = 'https://example.test/path';
    const child = link.appendChild(document.createElement('span'));
    expect(langOf(child)).to.equal(document.documentElement.lang ? document.documentElement.lang.toLowerCase() : langOf(document.body));
  });
  it('the lang attribute, then the closest ancestor, then the page, then the browser', async () => {
    const root = document.documentElement;
    const before = root.getAttribute('lang');
    try {
      const holder = await fixture<HTMLDivElement>(html`<div lang="he"><esign-viewer style="width:500px;height:400px"></esign-viewer></div>`);
      const el = holder.querySelector('esign-viewer') as EsignViewer;
      const ready = oneEvent(el, 'esign-ready');
      el.data = await generatePdf({ pages: 1 });
      await ready;
      expect([el.locale, el.direction]).to.deep.equal(['he', 'rtl']);
      el.setAttribute('lang', 'ja');
      await el.updateComplete;
      expect([el.locale, el.direction]).to.deep.equal(['ja', 'ltr']);
      expect(el.shadowRoot!.querySelector('[part="page-indicator"]')!.textContent).to.equal('1 / 1 ページ');
      el.removeAttribute('lang');
      holder.removeAttribute('lang');
      root.setAttribute('lang', 'pl');
      el.requestUpdate();
      await el.updateComplete;
      expect(el.locale).to.equal('pl');
      expect(el.shadowRoot!.querySelector('[part="page-indicator"]')!.textContent).to.equal('Strona 1 z 1');
      root.removeAttribute('lang');
      el.requestUpdate();
      await el.updateComplete;
      const shipped = navigator.languages.find((l) => (LOCALES as readonly string[]).includes(l.split('-')[0].toLowerCase()));
      expect(el.locale).to.equal((shipped ?? navigator.languages[0] ?? 'en').toLowerCase());
      // An explicit dir on the element wins over its language's direction.
      el.setAttribute('lang', 'ar');
      el.setAttribute('dir', 'ltr');
      await el.updateComplete;
      expect(getComputedStyle(el).direction).to.equal('ltr');
    } finally {
      if (before === null) root.removeAttribute('lang');
      else root.setAttribute('lang', before);
    }
  });
});

describe('locales: axe clean in every shipped locale', () => {
  for (const lang of LOCALES) {
    it(`${lang}: signer, editor with its panel open, viewer`, async () => {
      const { el: signer, server } = await loadSigner([ownField({ label: 'Name' }), ownField({ element_type: 'signature', ay: 0.3, by: 0.4 })], {
        attrs: { lang },
      });
      try {
        await expect(signer).to.be.accessible();
      } finally {
        server.restore();
      }
      const editor = await loadEditor({ fields: [field(0.4, 0.3, 0.6, 0.36)] });
      editor.setAttribute('lang', lang);
      await editor.updateComplete;
      await openPanelFor(editor, 0);
      await expect(editor).to.be.accessible();
      const viewer = await loadViewer({ data: await generatePdf({ pages: 1 }) });
      viewer.setAttribute('lang', lang);
      await viewer.updateComplete;
      await expect(viewer).to.be.accessible();
    });
  }
});
