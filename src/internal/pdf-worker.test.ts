import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getPdfAssetUrls, getPdfWorkerSrc, setPdfAssetsBase, setPdfWorkerSrc } from './pdf-worker.ts';

test('the worker defaults to pdf.worker.min.mjs beside the library module', () => {
  assert.equal(getPdfWorkerSrc(), new URL('./pdf.worker.min.mjs', import.meta.url).href);
  // Data folders sit beside the worker in the built library (dist/cmaps/, dist/wasm/, ...).
  assert.equal(getPdfAssetUrls().wasmUrl, new URL('./wasm/', import.meta.url).href);
});

test('pdf.js data folders follow the worker, at the package root when it is inside pdfjs-dist/build', () => {
  setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');
  assert.deepEqual(getPdfAssetUrls('http://127.0.0.1:8000/test/'), {
    cMapUrl: 'http://127.0.0.1:8000/node_modules/pdfjs-dist/cmaps/',
    standardFontDataUrl: 'http://127.0.0.1:8000/node_modules/pdfjs-dist/standard_fonts/',
    wasmUrl: 'http://127.0.0.1:8000/node_modules/pdfjs-dist/wasm/',
    iccUrl: 'http://127.0.0.1:8000/node_modules/pdfjs-dist/iccs/',
  });
  setPdfWorkerSrc('https://cdn.example/esign/1.0/pdf.worker.min.mjs');
  assert.equal(getPdfAssetUrls().cMapUrl, 'https://cdn.example/esign/1.0/cmaps/');
  setPdfAssetsBase('https://assets.example/pdfjs');
  assert.equal(getPdfAssetUrls().standardFontDataUrl, 'https://assets.example/pdfjs/standard_fonts/');
});
