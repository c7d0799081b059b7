import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pdfSourceOf } from './pdf-view-wiring.ts';

const none = { data: null, src: '', endpoint: '', token: '', resource: 'template' as const, id: '' };

test('bytes win over a URL, a URL over the REST API', () => {
  const data = new Uint8Array([1]);
  assert.deepEqual(pdfSourceOf({ ...none, data, src: '/a.pdf', endpoint: 'https://x', token: 't', id: 'T' }), { kind: 'bytes', data });
  assert.deepEqual(pdfSourceOf({ ...none, src: '/a.pdf', endpoint: 'https://x', token: 't', id: 'T' }), { kind: 'url', url: '/a.pdf' });
  assert.deepEqual(pdfSourceOf({ ...none, endpoint: 'https://x', token: 't', id: 'D', resource: 'document' }), { kind: 'rest', endpoint: 'https://x', token: 't', resource: 'document', id: 'D' });
});

test('nothing named is null; a partial REST trio is incomplete', () => {
  assert.equal(pdfSourceOf(none), null);
  assert.equal(pdfSourceOf({ ...none, id: 'T' }), 'incomplete');
  assert.equal(pdfSourceOf({ ...none, endpoint: 'https://x' }), 'incomplete');
  assert.equal(pdfSourceOf({ ...none, endpoint: 'https://x', id: 'T' }), 'incomplete');
});
