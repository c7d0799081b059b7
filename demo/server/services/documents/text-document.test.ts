/**
 * HTML documents become PDFs with fields through the real converter (LibreOffice; `.ci/run` installs it):
 * text, header and footer on the page, a tag in the HTML made into its field, a signature line for each
 * signer without one, and initials on every page when asked.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createTestApp, type TestApp } from '../../../../test/support/server/app.ts';
import { composeHtml, renderTextDocument, signersWithoutSignature } from './text-document.ts';

const pdfText = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

test('signers without a signature tag of their own: entity-written and literal tags both count', () => {
  assert.deepEqual(signersWithoutSignature('<p>Sign: &lt;&lt;t=signature;s=2&gt;&gt;</p>', 3), [1, 3]);
  assert.deepEqual(signersWithoutSignature('<p>&lt;&lt;t=initials;s=1&gt;&gt;</p>', 1), [1]);
  assert.deepEqual(signersWithoutSignature('<p>no tags</p>', 0), []);
  assert.deepEqual(signersWithoutSignature('<p><<t=signature;s=1>></p>', 2), [2]);
  // A whole page: only its body is used, the title is escaped.
  const page = composeHtml({ title: '<Lease>', html: '<html><body><p>Rent</p></body></html>', signeeCount: 0 });
  assert.match(page, /<title>&#60;Lease&#62;<\/title>/);
  assert.doesNotMatch(page, /<html><body><p>Rent/);
});

describe('rendering an HTML document', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('text, header and footer on the page; a tagged signature and an added one; initials per page', async () => {
    const html = '<h1>Tenancy agreement</h1><p>The rent is due monthly.</p><p>Landlord: &lt;&lt;t=signature;s=1&gt;&gt;</p>';
    const doc = await renderTextDocument(t.app, t.groupId, {
      title: 'Tenancy',
      html,
      signeeCount: 2,
      header: 'ACME Lettings',
      footer: 'Page footer text',
      signaturePerPage: true,
    });
    const text = pdfText(doc.pdf);
    assert.match(text, /Tenancy agreement/);
    assert.match(text, /ACME Lettings/);
    assert.match(text, /Page footer text/);
    assert.match(text, /Signer 2:/);
    assert.doesNotMatch(text, /Signer 1:/, 'signer 1 has a tag of their own');
    const signatures = doc.fields.filter((f) => f.element_type === 'signature');
    assert.deepEqual(signatures.map((f) => f.signer).sort(), [1, 2]);
    const initials = doc.fields.filter((f) => f.element_type === 'initials');
    assert.equal(initials.length, doc.pageCount * 2);
    assert.ok(doc.fields.every((f) => typeof f.uuid === 'string'));
  });

  test('an empty text or a wrong signee_count is a clear 400-class error', async () => {
    await assert.rejects(() => renderTextDocument(t.app, t.groupId, { title: 'x', html: '  ', signeeCount: 1 }), /text is empty/);
    await assert.rejects(() => renderTextDocument(t.app, t.groupId, { title: 'x', html: '<p>x</p>', signeeCount: 99 }), /signee_count/);
  });
});
