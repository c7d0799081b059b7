import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { createTestApp } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { resolveInside } from './static.ts';

describe('static files', () => {
  let t: TestApp;
  let distDir: string;
  before(async () => {
    distDir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'esign-dist-'));
    fs.writeFileSync(path.join(distDir, 'esign-elements.js'), 'export const x = 1;\n');
    fs.writeFileSync(path.join(distDir, 'pdf.worker.min.mjs'), '// worker\n');
    t = await createTestApp({ distDir });
  });
  after(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  test('/ serves the demo page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.match(res.body, /<esign-viewer/);
    assert.match(res.body, /<script type="module" src="\/demo\/index-page\.js"><\/script>/);
    const script = await t.app.inject({ method: 'GET', url: '/demo/index-page.js' });
    assert.match(script.headers['content-type'] as string, /^text\/javascript/);
    assert.match(script.body, /\/dist\/cdn\/esign-elements\.min\.js/);
  });

  test('/portal/ serves the developer portal page; the old dashboard address redirects there', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/portal/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    assert.match(page.body, /<portal-app>/);
    assert.match(page.body, /<script type="module" src="\/dist\/portal\/portal\.js"><\/script>/);
    const old = await t.app.inject({ method: 'GET', url: '/demo/dashboard.html' });
    assert.equal(old.statusCode, 301);
    assert.equal(old.headers.location, '/portal/');
    assert.equal((await t.app.inject({ method: 'GET', url: '/demo/webhook-tools.html' })).statusCode, 200);
  });

  test('/demo/sample.pdf is a 2-page contract, the same bytes each time', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/demo/sample.pdf' });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['content-type'], 'application/pdf');
    const doc = await PDFDocument.load(first.rawPayload);
    assert.equal(doc.getPageCount(), 2);
    const second = await t.app.inject({ method: 'GET', url: '/demo/sample.pdf' });
    assert.deepEqual(second.rawPayload, first.rawPayload);
  });

  test('/dist/ serves files with the right content types, .mjs included', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/dist/esign-elements.js' });
    assert.equal(js.statusCode, 200);
    assert.match(js.headers['content-type'] as string, /^text\/javascript/);
    const mjs = await t.app.inject({ method: 'GET', url: '/dist/pdf.worker.min.mjs' });
    assert.match(mjs.headers['content-type'] as string, /^text\/javascript/);
    assert.equal((await t.app.inject({ method: 'GET', url: '/dist/missing.js' })).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/demo/index.html' })).statusCode, 200);
  });

  test('paths cannot escape their directory', async () => {
    for (const url of [
      '/dist/../package.json',
      '/dist/..%2fpackage.json',
      '/dist/%2e%2e/%2e%2e/etc/passwd',
      '/demo/..%2F..%2Fpackage.json',
      '/dist/%00',
      '/dist/%E0%A4%A',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.ok(res.statusCode === 404 || res.statusCode === 400, `${url}: ${res.statusCode}`);
      assert.equal((res.json() as { error: { status: number } }).error.status, res.statusCode, url);
      assert.ok(!res.body.includes('"name"'), url);
    }
    assert.equal(resolveInside(distDir, '../../etc/passwd'), undefined);
    assert.equal(resolveInside(distDir, '/etc/passwd'), undefined);
    assert.equal(resolveInside(distDir, ''), undefined);
    fs.symlinkSync('/etc/hostname', path.join(distDir, 'escape.js'));
    assert.equal(resolveInside(distDir, 'escape.js'), undefined);
    assert.equal((await t.app.inject({ method: 'GET', url: '/dist/escape.js' })).statusCode, 404);
  });
});
