/** The two previews of HTML documents, against the real converter (LibreOffice; `.ci/run` installs it). */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { call, createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

describe('HTML document previews', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });
  const group = () => `/api/v1/group/${t.groupId}/`;

  test('POST /pdf/preview/ answers the PDF the HTML becomes', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/pdf/preview/', {
      group: group(),
      text: '<p>Services agreement between the parties.</p>',
      signee_count: 1,
      signature_type: 4,
      is_signature_per_page: 0,
      title: 'Services',
      header: 'Header line',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/pdf/);
    const text = pdfText(res.rawPayload);
    assert.match(text, /Services agreement between the parties/);
    assert.match(text, /Header line/);
    assert.match(text, /Signer 1:/);
  });

  test('POST /pdf/preview/ refuses a body without its required fields, and another group', async () => {
    const missing = await call(t.app, t.key, 'POST', '/api/v1/pdf/preview/', { group: group(), text: '<p>x</p>' });
    assert.equal(missing.statusCode, 400, missing.body);
    const other = await createTenant(t.app, 'Other');
    const foreign = await call(t.app, other.key, 'POST', '/api/v1/pdf/preview/', {
      group: group(),
      text: '<p>x</p>',
      signee_count: 1,
      signature_type: 1,
      is_signature_per_page: 0,
    });
    assert.equal(foreign.statusCode, 400, foreign.body);
    assert.equal(foreign.json().error.code, 'unknown_group');
    assert.equal((await call(t.app, undefined, 'POST', '/api/v1/pdf/preview/', {})).statusCode, 401);
  });

  test('POST /document/preview/ redirects to a one-use preview holding the PDF and its fields', async () => {
    const res = await call(t.app, t.key, 'POST', '/api/v1/document/preview/', {
      group: group(),
      title: 'Lease',
      text: '<p>Tenant signs here: <<t=signature;s=1>></p><p>Guarantor below.</p>',
      signee_count: 2,
    });
    assert.equal(res.statusCode, 302, res.body);
    const location = new URL(String(res.headers.location));
    assert.equal(location.pathname, '/demo/preview.html');
    const id = location.hash.slice(1);
    const first = await call(t.app, undefined, 'GET', `/api/v1/preview/${id}/`);
    assert.equal(first.statusCode, 200, first.body);
    const preview = first.json() as { title: string; pdf: string; fields: { element_type: string; signer: number }[] };
    assert.equal(preview.title, 'Lease');
    assert.match(pdfText(Buffer.from(preview.pdf, 'base64')), /Tenant signs here/);
    assert.deepEqual(
      preview.fields
        .filter((f) => f.element_type === 'signature')
        .map((f) => f.signer)
        .sort(),
      [1, 2],
    );
    // Once only, and a made-up id is the same 404.
    assert.equal((await call(t.app, undefined, 'GET', `/api/v1/preview/${id}/`)).statusCode, 404);
    assert.equal((await call(t.app, undefined, 'GET', '/api/v1/preview/00000000-0000-4000-8000-000000000000/')).statusCode, 404);
    assert.equal((await call(t.app, undefined, 'GET', '/api/v1/preview/not-an-id/')).statusCode, 404);
  });

  test('an expired preview is gone', async () => {
    const now = Date.now();
    await t.app.store.signingPreviews.insert(
      { id: '11111111-1111-4111-8111-111111111111', groupId: t.groupId, title: 'Old', fields: [], pdf: new Uint8Array([1]), expiresMs: now - 1 },
      now - 60_000,
    );
    assert.equal((await call(t.app, undefined, 'GET', '/api/v1/preview/11111111-1111-4111-8111-111111111111/')).statusCode, 404);
  });
});

describe('HTML documents without LibreOffice', () => {
  let t: TestApp;
  const saved = process.env.ESIGN_SOFFICE;
  before(async () => {
    process.env.ESIGN_SOFFICE = '/nonexistent/soffice';
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
    if (saved === undefined) delete process.env.ESIGN_SOFFICE;
    else process.env.ESIGN_SOFFICE = saved;
  });

  const assertNamesThePackages = (res: { statusCode: number; body: string; json(): { error: { code: string; message: string } } }) => {
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.json().error.code, 'converter_unavailable');
    assert.match(res.json().error.message, /libreoffice-writer-nogui/);
    assert.match(res.json().error.message, /ESIGN_SOFFICE/);
  };

  test('both previews and a text send answer a clear error naming the packages; the send leaves nothing behind', async () => {
    const group = `/api/v1/group/${t.groupId}/`;
    const text = '<p>Terms</p>';
    assertNamesThePackages(
      await call(t.app, t.key, 'POST', '/api/v1/pdf/preview/', { group, text, signee_count: 1, signature_type: 4, is_signature_per_page: 0 }),
    );
    assertNamesThePackages(await call(t.app, t.key, 'POST', '/api/v1/document/preview/', { group, text, signee_count: 1 }));
    const templates = async () => (await t.app.store.templates.list({ groupIds: [t.groupId], limit: 1000, offset: 0 })).total;
    const before = await templates();
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group,
      name: 'Terms',
      text,
      signers: [{ firstname: 'Ann', lastname: 'Example', email: 'ann@example.com' }],
    });
    assertNamesThePackages(sent);
    assert.equal(await templates(), before);
    assert.equal((await call(t.app, t.key, 'GET', '/api/v1/document/')).json().meta.total_count, 0);
  });
});
