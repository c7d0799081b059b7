import { expect } from '@open-wc/testing';
import { signerColor } from '../../src/fields/signers.ts';
import { PDFDocument } from 'pdf-lib';

describe('toolchain', () => {
  it('runs TypeScript and pdf-lib in Chromium', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 100]);
    expect((await doc.save()).byteLength).to.be.greaterThan(100);
    expect(signerColor(1)).to.match(/^#/);
  });
});
