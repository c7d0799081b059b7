/**
 * What the viewer and the signer show for every validation code, read from the rendered DOM: each box
 * shows what its kind module displays (the Node test demo/server/pdf/stamp-kinds.test.ts checks the same
 * display against the stamped PDF), and checkbox values stored as the model writes them ('tick',
 * 'cross') show the right mark: 24 tick was shown as a cross, 25 tick as nothing.
 */
import { expect } from '@open-wc/testing';
import type { FieldElement } from '../../src/fields/types.ts';
import { normalizeElement } from '../../src/fields/validate.ts';
import { displayedContent, kindOf } from '../../src/fields/kinds/index.ts';
import { generatePdf } from '../support/generate-pdf.ts';
import { fieldSamples, type FieldSample } from '../support/field-samples.ts';
import { loadViewer, pageElement } from '../support/viewer/viewer-test-helpers.ts';
import { loadSigner, ownField } from '../support/signer/signer-test-helpers.ts';

const COLUMNS = 4;

/** Sample `i` in a grid cell of page 1. */
function placed(s: FieldSample, i: number): Partial<FieldElement> {
  const col = i % COLUMNS;
  const row = Math.floor(i / COLUMNS);
  const ax = 0.02 + col * 0.245;
  const ay = 0.02 + row * 0.04;
  return { element_type: s.element_type, validation: s.validation, options: s.options, value: s.value, page: 1, ax, ay, bx: ax + 0.23, by: ay + 0.032 };
}

/** What a field box shows: its text, or `image:<src>`, or '' when it shows only its label. */
function shown(box: Element): string {
  const img = box.querySelector('img');
  if (img) return `image:${img.getAttribute('src')}`;
  return box.querySelector('[part="field-value"]')?.textContent ?? '';
}

function expected(f: Pick<FieldElement, 'element_type' | 'validation' | 'options' | 'value'>): string {
  const content = displayedContent(f);
  return content.kind === 'image' ? `image:${content.dataUrl}` : content.kind === 'none' ? '' : content.text;
}

const CHECKBOXES = [
  { validation: 24, value: 'tick', mark: '✓' },
  { validation: 24, value: 'cross', mark: '✗' },
  { validation: 25, value: 'tick', mark: '✓' },
  { validation: 26, value: 'cross', mark: '✗' },
];

describe('field kinds on screen', () => {
  it("the viewer shows each validation code's value as its kind module displays it, checkbox marks included", async () => {
    const samples = fieldSamples();
    const el = await loadViewer({ data: await generatePdf({ pages: 1 }), zoom: '1' });
    el.fields = samples.map((s, i) => normalizeElement({ signer: 1, ...placed(s, i) }));
    await el.updateComplete;
    const boxes = [...pageElement(el, 1).querySelectorAll('.field')];
    expect(boxes.length).to.equal(samples.length);
    samples.forEach((s, i) => {
      const box = pageElement(el, 1).querySelector(`.field[data-index="${i}"]`)!;
      expect(shown(box), s.name).to.equal(expected(el.fields![i]));
      expect(shown(box), `${s.name} shows something`).to.not.equal('');
    });
    for (const c of CHECKBOXES) {
      const i = samples.findIndex((s) => s.validation === c.validation && s.value === c.value);
      expect(shown(pageElement(el, 1).querySelector(`.field[data-index="${i}"]`)!), `${c.validation} ${c.value}`).to.equal(c.mark);
    }
  });

  it("the signer shows its own fields' values the same way (automatic dates show the signing day instead)", async () => {
    const samples = fieldSamples().filter((s) => kindOf(s).name !== 'signing_date');
    const fields = samples.map((s, i) => ownField(placed(s, i)));
    const { el, server } = await loadSigner(fields, { pages: 1 });
    try {
      fields.forEach((f, i) => {
        const box = el.shadowRoot!.querySelector(`.field.own[data-uuid="${f.uuid}"]`)!;
        expect(shown(box), samples[i].name).to.equal(expected(f));
      });
      for (const c of CHECKBOXES) {
        const f = fields.find((x) => x.validation === c.validation && x.value === c.value)!;
        expect(shown(el.shadowRoot!.querySelector(`.field.own[data-uuid="${f.uuid}"]`)!), `${c.validation} ${c.value}`).to.equal(c.mark);
      }
    } finally {
      server.restore();
    }
  });
});
