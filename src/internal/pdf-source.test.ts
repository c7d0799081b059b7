import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidPDFException, PasswordException, ResponseException } from 'pdfjs-dist';
import { describePdfError, restPdfUrl } from './pdf-source.ts';
import { restFieldsUrl } from './rest-client.ts';

test('describePdfError gives each failure a code and an actionable message', () => {
  assert.equal(describePdfError(new PasswordException('No password given', 1)).code, 'encrypted');
  // Says what to do, not just what is wrong.
  assert.match(
    describePdfError(new PasswordException('No password given', 1)).message,
    /^This PDF is password-protected\. Upload a copy without a password \(open it with the password and save or export it without protection\)\.$/,
  );
  assert.equal(describePdfError(new InvalidPDFException('Invalid PDF structure.')).code, 'invalid-pdf');
  for (const status of [401, 403]) {
    const error = describePdfError(new ResponseException('Unexpected server response', status, false));
    assert.equal(error.code, 'unauthorized');
    assert.equal(error.status, status);
    assert.match(error.message, /expired/);
  }
  assert.equal(describePdfError(new ResponseException('missing', 404, true)).code, 'not-found');
  assert.deepEqual(describePdfError(new ResponseException('oops', 503, false)).status, 503);
  assert.equal(describePdfError(new ResponseException('oops', 503, false)).code, 'http');
  assert.equal(describePdfError(Object.assign(new Error('Failed to fetch'), { name: 'UnknownErrorException' })).code, 'network');
  assert.equal(describePdfError(new Error('NetworkError when attempting to fetch resource.')).code, 'network');
  const odd = describePdfError(new Error('something else entirely'));
  assert.equal(odd.code, 'unknown');
  assert.match(odd.message, /something else entirely/);
});

test('REST URLs follow the specification', () => {
  assert.equal(restPdfUrl('https://x.test/', 'template', 'abc'), 'https://x.test/api/v1/templatepdf/abc/');
  assert.equal(restPdfUrl('https://x.test', 'document', 'a b'), 'https://x.test/api/v1/pdf/a%20b/');
  assert.equal(restFieldsUrl('https://x.test', 'template', 't1'), 'https://x.test/api/v1/templatepdf/t1/fields/');
  assert.equal(restFieldsUrl('https://x.test', 'document', 'd1'), 'https://x.test/api/v1/document/d1/fields/');
});
