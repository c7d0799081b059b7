import { expect } from '@open-wc/testing';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import { PDFDocument } from 'pdf-lib';
import * as fields from './index.ts';
import { generatePdf } from '../../test/support/generate-pdf.ts';

// The same module the server runs, loaded by Chromium with no Node built-ins available.
describe('src/fields in the browser', () => {
  it('converts geometry for a rotated, cropped page', () => {
    const page = fields.pageGeometry({ mediaBox: [0, 0, 612, 792], cropBox: [36, 36, 576, 756], rotate: -90 });
    expect(page.rotate).to.equal(270);
    expect(fields.displayedSize(page)).to.deep.equal({ width: 720, height: 540 });
    const rect = { ax: 0.25, ay: 0.5, bx: 0.75, by: 0.75 };
    const back = fields.pdfRectToFraction(fields.fractionRectToPdf(rect, page), page);
    for (const k of ['ax', 'ay', 'bx', 'by'] as const) expect(Math.abs(back[k] - rect[k])).to.be.below(1e-9);
  });

  it('agrees with pdf.js viewports on generated rotated pages', async () => {
    GlobalWorkerOptions.workerSrc = '/node_modules/pdfjs-dist/build/pdf.worker.min.mjs';
    const bytes = await generatePdf({ pages: 4, width: 500, height: 700, rotate: (i) => ([0, 90, 180, 270] as const)[i] });
    const lib = await PDFDocument.load(bytes);
    const task = getDocument({ data: bytes.slice() });
    const doc = await task.promise;
    try {
      for (let i = 1; i <= 4; i++) {
        const p = lib.getPage(i - 1);
        const m = p.getMediaBox();
        const geometry = fields.pageGeometry({ mediaBox: [m.x, m.y, m.x + m.width, m.y + m.height], rotate: p.getRotation().angle });
        const viewport = (await doc.getPage(i)).getViewport({ scale: 1 });
        for (const [fx, fy] of [
          [0, 0],
          [1, 1],
          [0.3, 0.7],
          [0.9, 0.1],
        ]) {
          const pt = fields.fractionPointToPdf(fx, fy, geometry);
          const [vx, vy] = viewport.convertToViewportPoint(pt.x, pt.y);
          expect(Math.abs(vx - fx * viewport.width)).to.be.below(1e-6);
          expect(Math.abs(vy - fy * viewport.height)).to.be.below(1e-6);
        }
      }
    } finally {
      await task.destroy();
    }
  });

  it('applies date rules and formats signing dates', () => {
    const field = fields.normalizeElement({ element_type: 'text', validation: 4 });
    expect(fields.checkFieldValue(field, '29/02/2024')).to.equal(null);
    expect(fields.checkFieldValue(field, '29/02/2023')?.code).to.equal('invalid_date');
    expect(fields.formatSigningDate(48, new Date('2026-01-02T12:00:00Z'))).to.equal('2 January 2026');
  });

  it('evaluates a hostile regex in milliseconds', () => {
    const compiled = fields.compileSafeRegex('(a+)+$');
    if (!compiled.ok) throw new Error(compiled.message);
    const t0 = performance.now();
    expect(compiled.regex.test(`${'a'.repeat(45)}!`)).to.equal(false);
    // 2^45 paths for a backtracking engine; milliseconds here. The bound is generous for a loaded machine.
    expect(performance.now() - t0).to.be.below(2000);
    const field = fields.normalizeElement({ element_type: 'text', validation: 93, options: '(.*a){20}' });
    expect(fields.checkFieldValue(field, 'a'.repeat(19) + 'b'.repeat(30))?.code).to.equal('pattern_mismatch');
  });

  it('validates element JSON and parses tags', () => {
    const { problems } = fields.validateElements([{ ax: 0.1, ay: 0.1, bx: 0.05, by: 0.2, page: 1, element_type: 'signature' }]);
    expect(problems.map((p) => p.field)).to.deep.equal(['[0].bx']);
    expect(fields.parseTag('<<initials2>>').element).to.deep.equal({ element_type: 'initials', signer: 2 });
  });
});
