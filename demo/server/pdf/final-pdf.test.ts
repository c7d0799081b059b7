import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { combLabel } from './comb.ts';
import { hasCommand, SOLID_PNG } from '../../../test/support/server/pdf.ts';
import { newElement } from './element-defaults.ts';
import { buildFinalPdf } from './final-pdf.ts';
import { sha256Hex } from './history-page.ts';
import { openWithPdfjs, pdfjsErrorName } from './pdfjs-node.ts';

test('buildFinalPdf stamps, appends the history and encrypts in one go', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([600, 800]);
  const source = await doc.save();
  const { pdf, warnings } = await buildFinalPdf({
    source,
    elements: [newElement({ page: 1, ax: 0.1, ay: 0.1, bx: 0.5, by: 0.14, value: 'Agreed' })],
    history: { documentName: 'NDA', documentId: 'doc-1', recipients: [], events: [] },
    password: 'secret',
    passwordType: 1,
  });
  assert.deepEqual(warnings, []);
  await assert.rejects(openWithPdfjs(pdf), (err) => pdfjsErrorName(err) === 'PasswordException');
  const opened = await openWithPdfjs(pdf, { password: 'secret' });
  try {
    assert.equal(opened.doc.numPages, 2);
    const page1 = (await (await opened.doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    const page2 = (await (await opened.doc.getPage(2)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    assert.match(page1, /Agreed/);
    assert.ok(page2.includes(sha256Hex(source)), 'the history hashes the source PDF');
  } finally {
    await opened.close();
  }
});

test(
  'qpdf --check, when installed, finds no damage in a final PDF with fonts, images, a comb, history and a password',
  { skip: !hasCommand('qpdf') && 'qpdf not installed (pdf.js reads every final PDF back in the other tests)' },
  async () => {
    const source = await generatePdf({ pages: 2, rotate: (i) => (i === 1 ? 90 : 0) });
    const elements = [
      newElement({ page: 1, ax: 0.1, ay: 0.1, bx: 0.5, by: 0.14, value: 'Zażółć Arimo', font_name: 'arial' }),
      newElement({ page: 1, ax: 0.1, ay: 0.2, bx: 0.5, by: 0.24, value: 'Verdana', font_name: 'verdana' }),
      newElement({ page: 1, ax: 0.1, ay: 0.3, bx: 0.5, by: 0.34, value: '1234', label_extra: combLabel(4) }),
      newElement({ page: 2, ax: 0.1, ay: 0.4, bx: 0.5, by: 0.5, element_type: 'signature', value: SOLID_PNG }),
      newElement({ page: 2, ax: 0.6, ay: 0.4, bx: 0.64, by: 0.43, validation: 26, value: 'cross' }),
    ];
    const history = {
      documentName: 'NDA',
      documentId: 'doc-2',
      recipients: [{ name: 'Ann', email: 'ann@example.com', role: 'Signer 1', status: 'Signed', timestamps: [] }],
      events: [],
    };
    const dir = mkdtempSync(join(tmpdir(), 'esign-qpdf-check-'));
    try {
      for (const password of [null, 'pw']) {
        const { pdf } = await buildFinalPdf({ source, elements, history, password, passwordType: 1 });
        const file = join(dir, `final-${password ?? 'open'}.pdf`);
        writeFileSync(file, pdf);
        // qpdf exits 0 when clean, 3 on warnings, 2 on errors; execFileSync throws on anything but 0.
        const out = execFileSync('qpdf', [...(password ? [`--password=${password}`] : []), '--check', file], { encoding: 'utf8' });
        assert.match(out, /No syntax or stream encoding errors found/, out);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
