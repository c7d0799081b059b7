/**
 * ESIGN_GOTENBERG_URL: office files go to a Gotenberg service instead of the local LibreOffice. No
 * real Gotenberg runs on the test machines, so these tests talk to a stand-in that follows its
 * LibreOffice route's contract and converts for real with soffice (test/support/server/gotenberg-standin.ts).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { call, createTestApp, errorOf, type TestApp } from '../../../test/support/server/app.ts';
import { startGotenbergStandin, type GotenbergStandin } from '../../../test/support/server/gotenberg-standin.ts';
import { uploadFlowOf } from '../services/uploads/upload-flow.ts';
import { docx } from './office-files.ts';
import { findExecutable } from './soffice-pool.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/convert');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function upload(t: TestApp, body: Buffer | Uint8Array) {
  const minted = await call(t.app, t.key, 'POST', '/api/v1/uploads/', { group: `/api/v1/group/${t.groupId}/`, title: 'Via Gotenberg' });
  assert.equal(minted.statusCode, 201, minted.body);
  const { upload_url, status_uri } = minted.json() as { upload_url: string; status_uri: string };
  const res = await t.app.inject({
    method: 'PUT',
    url: new URL(upload_url).pathname,
    payload: Buffer.from(body),
    headers: { 'content-type': 'application/octet-stream' },
  });
  const status = (await call(t.app, t.key, 'GET', status_uri)).json() as { status: string; template_id: string | null; error: { code: string } | null };
  return { res, status };
}

async function templatePdf(t: TestApp, id: string): Promise<Buffer> {
  return (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`)).rawPayload;
}

describe('conversion through Gotenberg', () => {
  let gotenberg: GotenbergStandin;
  let t: TestApp;

  before(async () => {
    if (!findExecutable('soffice'))
      assert.fail('soffice is not installed (the Gotenberg stand-in converts with it): install libreoffice-writer-nogui libreoffice-calc-nogui.');
    gotenberg = await startGotenbergStandin({ username: 'esign', password: 'p@ss word' });
    const url = new URL(gotenberg.url);
    url.username = 'esign';
    url.password = encodeURIComponent('p@ss word');
    t = await appWith({ ESIGN_GOTENBERG_URL: url.href });
  });
  after(async () => {
    await t?.close();
    await gotenberg?.close();
  });

  test('a .docx becomes a template through Gotenberg, with Basic auth from the URL; the local LibreOffice is never started', async () => {
    const { res, status } = await upload(t, read('ft-fixture2.docx'));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(status.status, 'done');
    assert.match(pdfText(await templatePdf(t, status.template_id!)), /Lorem ipsum dolor sit amet/);
    const sent = gotenberg.requests.at(-1)!;
    assert.equal(sent.fileName, 'document.docx');
    assert.equal(sent.authorization, `Basic ${Buffer.from('esign:p@ss word').toString('base64')}`);
    assert.equal(uploadFlowOf(t.app)!.converter.soffice.replaced, 0);
    assert.equal((uploadFlowOf(t.app)!.converter.soffice as unknown as { slots: unknown[] }).slots.length, 0, 'no local soffice worker');
  });

  test('legacy-encoded text arrives as UTF-8 with a BOM and keeps its accents', async () => {
    const { status } = await upload(t, read('cpython-module_iso_8859_1.txt'));
    assert.equal(status.status, 'done');
    assert.match(pdfText(await templatePdf(t, status.template_id!)), /Les hommes ont oublié cette vérité/);
    const sent = gotenberg.requests.at(-1)!;
    assert.equal(sent.fileName, 'document.txt');
    assert.deepEqual([...sent.content.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  });

  test('HTML is sanitised before it leaves: Gotenberg never sees a URL it could fetch', async () => {
    const html = '<!doctype html><p>Hello from HTML</p><img src="http://127.0.0.1:9/leak.png"><link rel="stylesheet" href="file:///etc/passwd">';
    const { status } = await upload(t, Buffer.from(html));
    assert.equal(status.status, 'done');
    const sent = gotenberg.requests.at(-1)!.content.toString();
    assert.match(sent, /Hello from HTML/);
    assert.doesNotMatch(sent, /127\.0\.0\.1|file:/);
  });

  test('a file LibreOffice cannot read: Gotenberg says 400, the caller gets 422 convert_failed with the reason', async () => {
    const { unzipSync, zipSync, strToU8 } = await import('fflate');
    const parts = unzipSync(docx([[['Hello']]]));
    parts['word/document.xml'] = strToU8('<w:document><<<< not xml');
    const before = gotenberg.requests.length;
    const { res, status } = await upload(t, zipSync(parts));
    assert.equal(gotenberg.requests.length, before + 1, 'it reached Gotenberg');
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(errorOf(res).code, 'convert_failed');
    assert.match(errorOf(res).message, /LibreOffice could not read the document/);
    assert.equal(status.status, 'failed');
  });

  test('PDFs and images never go to Gotenberg', async () => {
    const before = gotenberg.requests.length;
    const { status } = await upload(t, read('ft-fixture.png'));
    assert.equal(status.status, 'done');
    assert.equal(gotenberg.requests.length, before);
  });
});

describe('Gotenberg failing', () => {
  test('down: 503 converter_unavailable naming ESIGN_GOTENBERG_URL; too slow: 422 convert_timeout', async () => {
    const gotenberg = await startGotenbergStandin();
    const down = await appWith({ ESIGN_GOTENBERG_URL: 'http://127.0.0.1:9/' });
    const slow = await appWith({ ESIGN_GOTENBERG_URL: gotenberg.url, ESIGN_CONVERT_TIMEOUT_MS: '300' });
    try {
      const refused = await upload(down, read('ft-fixture.odt'));
      assert.equal(refused.res.statusCode, 503, refused.res.body);
      assert.equal(errorOf(refused.res).code, 'converter_unavailable');
      assert.match(errorOf(refused.res).message, /ESIGN_GOTENBERG_URL/);

      gotenberg.mode = 'hang';
      const late = await upload(slow, read('ft-fixture.odt'));
      assert.equal(late.res.statusCode, 422, late.res.body);
      assert.equal(errorOf(late.res).code, 'convert_timeout');
      assert.equal(late.status.status, 'failed');
    } finally {
      await down.close();
      await slow.close();
      await gotenberg.close();
    }
  });
});
