import { expect } from '@open-wc/testing';
import { loadViewer } from '../../test/support/viewer/viewer-test-helpers.ts';
import { setPdfWorkerPort } from './pdf-worker.ts';

const workerFetches = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('pdf.worker.min.mjs')).length;

describe('a pdf.js worker the page started itself', () => {
  after(() => setPdfWorkerPort(null));

  it('loads every document, and pdf.js starts no worker of its own', async () => {
    // Started before any element asked for a PDF, as the signing page does.
    const worker = new Worker('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs', { type: 'module' });
    setPdfWorkerPort(worker);
    const first = await loadViewer({ src: '/fixtures/pdfjs-tracemonkey.pdf', zoom: '0.5' });
    expect(first.shadowRoot!.querySelectorAll('.page').length).to.equal(14);
    first.remove();
    const second = await loadViewer({ src: '/fixtures/pdfjs-rotation.pdf', zoom: '0.5' });
    expect(second.shadowRoot!.querySelectorAll('.page').length).to.be.above(0);
    expect(workerFetches()).to.equal(1);
  });
});
