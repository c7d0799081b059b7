import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyZoomScale, pdfSourceOf } from './pdf-view-wiring.ts';
import type { PdfPagesController } from './pdf-pages.ts';

const none = { data: null, src: '', endpoint: '', token: '', resource: 'template' as const, id: '' };

test('bytes win over a URL, a URL over the REST API', () => {
  const data = new Uint8Array([1]);
  assert.deepEqual(pdfSourceOf({ ...none, data, src: '/a.pdf', endpoint: 'https://x', token: 't', id: 'T' }), { kind: 'bytes', data });
  assert.deepEqual(pdfSourceOf({ ...none, src: '/a.pdf', endpoint: 'https://x', token: 't', id: 'T' }), { kind: 'url', url: '/a.pdf' });
  assert.deepEqual(pdfSourceOf({ ...none, endpoint: 'https://x', token: 't', id: 'D', resource: 'document' }), {
    kind: 'rest',
    endpoint: 'https://x',
    token: 't',
    resource: 'document',
    id: 'D',
  });
});

test('nothing named is null; a partial REST trio is incomplete', () => {
  assert.equal(pdfSourceOf(none), null);
  assert.equal(pdfSourceOf({ ...none, id: 'T' }), 'incomplete');
  assert.equal(pdfSourceOf({ ...none, endpoint: 'https://x' }), 'incomplete');
  assert.equal(pdfSourceOf({ ...none, endpoint: 'https://x', id: 'T' }), 'incomplete');
});

/** Just the two things applyZoomScale asks of the pages: the fit scale, and taking a scale. */
function pagesAt(fit: number): { scales: number[]; pages: PdfPagesController } {
  const scales: number[] = [];
  const pages = { fitScale: () => fit, setScale: (s: number) => void scales.push(s) } as unknown as PdfPagesController;
  return { scales, pages };
}

test('applyZoomScale without writeZoom only clamps', () => {
  const { scales, pages } = pagesAt(1.2);
  applyZoomScale(pages, 'fit-width', 1.23456);
  applyZoomScale(pages, 'fit-width', 1000);
  assert.equal(scales[0], 1.23456);
  assert.ok(scales[1] < 1000);
});

test('applyZoomScale with writeZoom rounds and writes back a scale that is not the fit', () => {
  const { scales, pages } = pagesAt(1.2);
  const written: string[] = [];
  applyZoomScale(pages, 'fit-width', 1.23456, undefined, (z) => written.push(z));
  assert.deepEqual(scales, [1.235]);
  assert.deepEqual(written, ['1.235']);
  applyZoomScale(pages, 'fit-width', 1.2, undefined, (z) => written.push(z));
  assert.deepEqual(written, ['1.235'], 'the fit scale keeps zoom as fit-width');
  applyZoomScale(pages, '1.5', 1.5, undefined, (z) => written.push(z));
  assert.deepEqual(written, ['1.235'], 'an unchanged factor is not written again');
});
