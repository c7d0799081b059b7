import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { fixturesDir, readFixture } from '../../../test/support/fixtures.ts';
import { inspectPdf } from './inspect.ts';

// What each fixture must give: tolerated files load; broken ones get a clear refusal.
const EXPECTED: Record<string, { ok: true; pages: number } | { ok: false; code: string }> = {
  'pdfjs-160F-2019.pdf': { ok: true, pages: 1 },
  'pdfjs-hello_world_rotated.pdf': { ok: true, pages: 5 },
  'pdfjs-prefilled_f1040.pdf': { ok: true, pages: 2 },
  'pdfjs-rotation.pdf': { ok: true, pages: 2 },
  'pdfjs-signed_verified.pdf': { ok: true, pages: 1 },
  'pdfjs-tracemonkey.pdf': { ok: true, pages: 14 },
  'pdflib-dod_character.pdf': { ok: true, pages: 1 },
  'pdflib-encrypted_new.pdf': { ok: false, code: 'encrypted' },
  'pdflib-fancy_fields.pdf': { ok: true, pages: 1 },
  // Its /Root reference is wrong, but both pdf-lib and pdf.js recover the catalog: tolerated.
  'pdflib-invalid_root_ref.pdf': { ok: true, pages: 1 },
  // pdf-lib guesses a page, but pdf.js (the viewer) cannot open it: refused as malformed.
  'pdflib-missing_xref_trailer_dict.pdf': { ok: false, code: 'malformed' },
  'pdflib-sample_form.pdf': { ok: true, pages: 1 },
  'pdflib-us_constitution.pdf': { ok: true, pages: 19 },
  'pdflib-with_combed_fields.pdf': { ok: true, pages: 13 },
  'pdflib-with_cropbox.pdf': { ok: true, pages: 2 },
  'pdflib-with_invalid_objects.pdf': { ok: true, pages: 1 },
  'pdflib-with_xfa_fields.pdf': { ok: true, pages: 2 },
};

test('inspectPdf answers every fixture without throwing, as expected per file', async () => {
  const names = readdirSync(fixturesDir()).filter((n) => n.endsWith('.pdf'));
  assert.ok(names.length >= 17, 'fixture folder found');
  for (const name of names) {
    const result = await inspectPdf(await readFixture(name));
    const want = EXPECTED[name];
    assert.ok(want, `no expectation written for fixture ${name}`);
    if (want.ok) {
      assert.equal(result.ok, true, `${name}: ${JSON.stringify(result)}`);
      if (result.ok) {
        assert.equal(result.pageCount, want.pages, name);
        assert.equal(result.pages.length, want.pages, name);
      }
    } else {
      assert.equal(result.ok, false, name);
      if (!result.ok) {
        assert.equal(result.code, want.code, name);
        assert.ok(result.message.length > 30, `${name}: message says what to do`);
      }
    }
  }
});

test('inspectPdf reports geometry of rotated pages and form facts', async () => {
  const rotated = await inspectPdf(await readFixture('pdfjs-hello_world_rotated.pdf'));
  assert.ok(rotated.ok);
  assert.deepEqual(
    rotated.pages.map((p) => p.rotate),
    [90, 90, 90, 90, 90],
  ); // as pdfinfo reports
  assert.equal(rotated.hasAcroForm, false);

  const form = await inspectPdf(await readFixture('pdflib-fancy_fields.pdf'));
  assert.ok(form.ok && form.hasAcroForm && !form.hasXfa);
  const xfa = await inspectPdf(await readFixture('pdflib-with_xfa_fields.pdf'));
  assert.ok(xfa.ok && xfa.hasAcroForm && xfa.hasXfa);
});

test('inspectPdf reads a CropBox and an inherited /Rotate of a generated PDF', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  page.setCropBox(50, 100, 400, 500);
  doc.addPage([300, 300]);
  // The page tree root carries /Rotate for both pages.
  const pagesDict = doc.catalog.Pages();
  pagesDict.set(PDFName.of('Rotate'), doc.context.obj(-90));
  const info = await inspectPdf(await doc.save());
  assert.ok(info.ok);
  assert.deepEqual(info.pages[0], { mediaBox: [0, 0, 600, 800], cropBox: [50, 100, 450, 600], rotate: 270 });
  assert.equal(info.pages[1].rotate, 270);
});

test('inspectPdf refuses empty, non-PDF, truncated, page-less and dynamic-XFA input clearly', async () => {
  const empty = await inspectPdf(new Uint8Array());
  assert.deepEqual([empty.ok, !empty.ok && empty.code], [false, 'empty']);

  const text = await inspectPdf(new TextEncoder().encode('hello, this is a text file'));
  assert.deepEqual([text.ok, !text.ok && text.code], [false, 'not_pdf']);

  const good = await (await PDFDocument.create()).save({ addDefaultPage: false });
  const header = await inspectPdf(good.slice(0, 40));
  assert.equal(header.ok, false);
  if (!header.ok) assert.ok(['malformed', 'empty'].includes(header.code), header.code);

  const noPages = await inspectPdf(good);
  assert.deepEqual([noPages.ok, !noPages.ok && noPages.code], [false, 'empty']);

  const dyn = await PDFDocument.create();
  dyn.addPage();
  dyn.catalog.set(PDFName.of('AcroForm'), dyn.context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') }));
  dyn.catalog.set(PDFName.of('NeedsRendering'), dyn.context.obj(true));
  const xfaOnly = await inspectPdf(await dyn.save());
  assert.deepEqual([xfaOnly.ok, !xfaOnly.ok && xfaOnly.code], [false, 'xfa_only']);
});

test('inspectPdf never throws on random bytes behind a PDF header', async () => {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) & 0xff;
  for (let n = 0; n < 20; n++) {
    const bytes = new Uint8Array(200 + n * 37);
    for (let i = 0; i < bytes.length; i++) bytes[i] = rand();
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    const result = await inspectPdf(bytes);
    assert.equal(result.ok, false);
  }
});
