import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, PDFName, PDFString, degrees } from 'pdf-lib';
import { readFixture } from '../../../test/support/fixtures.ts';
import { importFormFields } from './form-import.ts';
import { CHECKED_VALUE } from './form-fields.ts';
import { inspectPdf } from './inspect.ts';
import { PdfProblem } from './load.ts';
import { openWithPdfjs } from './pdfjs-node.ts';

const FORM_FIXTURES = [
  'pdfjs-160F-2019.pdf',
  'pdfjs-prefilled_f1040.pdf',
  'pdfjs-signed_verified.pdf',
  'pdflib-fancy_fields.pdf',
  'pdflib-dod_character.pdf',
  'pdflib-sample_form.pdf',
  'pdflib-with_combed_fields.pdf',
  'pdflib-with_xfa_fields.pdf',
];

/** Widget rectangles as pdf.js places them on the displayed page, as fractions, by field name. */
async function pdfjsWidgetFractions(bytes: Uint8Array) {
  const opened = await openWithPdfjs(bytes);
  const out: { name: string; page: number; ax: number; ay: number; bx: number; by: number }[] = [];
  try {
    for (let n = 1; n <= opened.doc.numPages; n++) {
      const page = await opened.doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      for (const a of await page.getAnnotations()) {
        if (a.subtype !== 'Widget') continue;
        const [x0, y0] = viewport.convertToViewportPoint(a.rect[0], a.rect[1]);
        const [x1, y1] = viewport.convertToViewportPoint(a.rect[2], a.rect[3]);
        out.push({
          name: a.fieldName,
          page: n,
          ax: Math.min(x0, x1) / viewport.width,
          bx: Math.max(x0, x1) / viewport.width,
          ay: Math.min(y0, y1) / viewport.height,
          by: Math.max(y0, y1) / viewport.height,
        });
      }
    }
  } finally {
    await opened.close();
  }
  return out;
}

test('importFormFields imports every form fixture where pdf.js places its widgets, and strips the form', async () => {
  for (const name of FORM_FIXTURES) {
    const bytes = await readFixture(name);
    const result = await importFormFields(bytes);
    const widgets = await pdfjsWidgetFractions(bytes);
    for (const e of result.elements) {
      const match = widgets.find(
        (w) =>
          w.name === e.map_to &&
          w.page === e.page &&
          Math.abs(w.ax - e.ax) < 1e-3 &&
          Math.abs(w.ay - e.ay) < 1e-3 &&
          Math.abs(w.bx - e.bx) < 1e-3 &&
          Math.abs(w.by - e.by) < 1e-3,
      );
      assert.ok(match, `${name}: ${e.map_to} on page ${e.page} at ${[e.ax, e.ay, e.bx, e.by]} matches a pdf.js widget`);
    }
    const after = await inspectPdf(result.pdf);
    assert.ok(after.ok, `${name}: output opens`);
    assert.equal(after.hasAcroForm, false, `${name}: form removed`);
    assert.equal((await pdfjsWidgetFractions(result.pdf)).length, 0, `${name}: no widgets left`);
    for (const note of result.report) assert.ok(note.message.length > 10 && note.code, `${name}: report entries explain themselves`);
  }
});

test('importFormFields maps text, checkbox, radio, dropdown and option list (pdflib-fancy_fields)', async () => {
  const { elements } = await importFormFields(await readFixture('pdflib-fancy_fields.pdf'));
  const byName = (prefix: string) => elements.filter((e) => e.map_to.startsWith(prefix));
  assert.deepEqual(
    byName('First Name').map((e) => [e.element_type, e.validation, e.value]),
    [['text', null, 'Cedar']],
  );
  assert.deepEqual(
    byName('Are You A Fairy').map((e) => [e.validation, e.value]),
    [[25, CHECKED_VALUE]],
  );
  assert.deepEqual(
    byName('Is Your Power Level').map((e) => [e.validation, e.value]),
    [[25, '']],
  );
  const radios = byName('Historical Figures');
  assert.equal(radios.length, 4);
  for (const r of radios) assert.deepEqual([r.validation, r.logic_action, r.logic_group], [25, 1, 'Historical Figures 🐺']);
  assert.equal(radios.filter((r) => r.value === CHECKED_VALUE).length, 1, 'one option chosen');
  assert.ok(
    radios.every((r) => r.label_extra !== ''),
    'each option keeps its export value',
  );
  const dropdown = byName('Choose A Gundam')[0];
  assert.deepEqual([dropdown.validation, dropdown.options, dropdown.value], [20, 'Exia\nKyrios\nVirtue\nDynames', 'Dynames']);
  const list = byName('Which Are Planets')[0];
  assert.deepEqual([list.validation, list.options.split('\n').length, list.value], [20, 4, 'Mars']);
  for (const e of elements) assert.match(e.label, /^[-\w ]{1,60}$/, 'labels are valid element labels');
});

test('importFormFields keeps prefilled values and imports signature fields', async () => {
  const f1040 = await importFormFields(await readFixture('pdfjs-prefilled_f1040.pdf'));
  assert.ok(f1040.elements.some((e) => e.value === 'foobar' && e.page === 2));
  assert.ok(f1040.elements.some((e) => e.validation === 25 && e.value === CHECKED_VALUE));

  const sample = await importFormFields(await readFixture('pdflib-sample_form.pdf'));
  const sig = sample.elements.filter((e) => e.element_type === 'signature');
  assert.equal(sig.length, 1);
  assert.equal(sig[0].signer, 1);
  assert.ok(sample.elements.some((e) => e.value === 'Qux Baz'));

  // signed_verified's /Sig field is invisible (zero rectangle): reported, not placed.
  const signed = await importFormFields(await readFixture('pdfjs-signed_verified.pdf'));
  assert.equal(signed.elements.length, 0);
  assert.deepEqual(signed.report.map((n) => n.code).sort(), ['existing_signature_removed', 'invisible_widget']);
});

test('importFormFields: comb fields of up to 8 cells become exact-length fields; longer max lengths are noted', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  const form = doc.getForm();
  const comb = form.createTextField('pin');
  comb.setMaxLength(6);
  comb.enableCombing();
  comb.addToPage(page, { x: 50, y: 700, width: 120, height: 20 });
  const long = form.createTextField('reference');
  long.setMaxLength(20);
  long.setText('AB-12');
  long.addToPage(page, { x: 50, y: 650, width: 200, height: 20 });
  const { elements, report } = await importFormFields(await doc.save());
  const pin = elements.find((e) => e.map_to === 'pin')!;
  const ref = elements.find((e) => e.map_to === 'reference')!;
  assert.deepEqual([pin.validation, pin.label_extra], [70, 'One character per box (6 boxes)']);
  assert.deepEqual([ref.validation, ref.label_extra, ref.value], [null, 'At most 20 characters', 'AB-12']);
  assert.ok(report.some((n) => n.field === 'reference' && n.code === 'max_length_kept_as_text'));
});

test('importFormFields places widgets exactly on rotated and cropped pages, and finds widgets without /P', async () => {
  const doc = await PDFDocument.create();
  const form = doc.getForm();
  const rotated = doc.addPage([600, 800]);
  rotated.setRotation(degrees(90)); // displayed 800 wide × 600 tall
  form.createTextField('turned').addToPage(rotated, { x: 100, y: 200, width: 150, height: 20, borderWidth: 0 });
  const cropped = doc.addPage([600, 800]);
  cropped.setCropBox(100, 200, 400, 500); // visible x 100..500, y 200..700
  const field = form.createCheckBox('cropped');
  field.addToPage(cropped, { x: 150, y: 600, width: 20, height: 20, borderWidth: 0 });
  field.acroField.getWidgets()[0].dict.delete(PDFName.of('P'));
  const { elements } = await importFormFields(await doc.save());

  const turned = elements.find((e) => e.map_to === 'turned')!;
  // Rotated 90° clockwise: displayed x follows PDF y (0..800), displayed y follows PDF x (0..600).
  assert.equal(turned.page, 1);
  assert.deepEqual(
    [turned.ax, turned.ay, turned.bx, turned.by].map((n) => +n.toFixed(6)),
    [200 / 800, 100 / 600, 220 / 800, 250 / 600].map((n) => +n.toFixed(6)),
  );
  const box = elements.find((e) => e.map_to === 'cropped')!;
  assert.equal(box.page, 2);
  assert.deepEqual(
    [box.ax, box.ay, box.bx, box.by].map((n) => +n.toFixed(6)),
    [50 / 400, 80 / 500, 70 / 400, 100 / 500].map((n) => +n.toFixed(6)),
  );
});

test('importFormFields leaves form-less PDFs alone and refuses XFA-only and unreadable input', async () => {
  const plain = await readFixture('pdflib-us_constitution.pdf');
  const none = await importFormFields(plain);
  assert.deepEqual([none.elements, none.report, none.pdf], [[], [], plain]);

  const dyn = await PDFDocument.create();
  dyn.addPage();
  dyn.catalog.set(PDFName.of('AcroForm'), dyn.context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') }));
  await assert.rejects(importFormFields(await dyn.save()), (err) => err instanceof PdfProblem && err.code === 'xfa_only' && /XFA/.test(err.message));
  await assert.rejects(importFormFields(await readFixture('pdflib-encrypted_new.pdf')), (err) => err instanceof PdfProblem && err.code === 'encrypted');
  await assert.rejects(importFormFields(new TextEncoder().encode('nope')), (err) => err instanceof PdfProblem && err.code === 'not_pdf');
});

test('importFormFields reports broken widgets instead of failing', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  const form = doc.getForm();
  form.createTextField('fine').addToPage(page, { x: 50, y: 700, width: 100, height: 20 });
  const broken = form.createTextField('broken');
  broken.addToPage(page, { x: 50, y: 600, width: 100, height: 20 });
  broken.acroField.getWidgets()[0].dict.delete(PDFName.of('Rect'));
  const { elements, report } = await importFormFields(await doc.save());
  assert.deepEqual(
    elements.map((e) => e.map_to),
    ['fine'],
  );
  assert.ok(
    report.some((n) => n.field === 'broken' && (n.code === 'widget_without_rect' || n.code === 'unreadable_field')),
    JSON.stringify(report),
  );
});
