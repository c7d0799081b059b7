import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { precompress } from '../../../scripts/precompress.ts';
import { acceptedEncodings } from './static.ts';

describe('static files: compression and caching', () => {
  let t: TestApp;
  let distDir: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
  before(async () => {
    distDir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'esign-dist-'));
    fs.mkdirSync(path.join(distDir, 'cdn'));
    fs.writeFileSync(path.join(distDir, 'cdn', 'esign-signer.min.js'), script);
    fs.writeFileSync(path.join(distDir, 'cdn', 'esign-chunk-BBkGekD3.min.js'), script);
    fs.writeFileSync(path.join(distDir, 'cdn', 'tiny.js'), 'export {};\n');
    await precompress([path.join(distDir, 'cdn')]);
    t = await createTestApp({ distDir });
  });
  after(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  test('the build writes .br and .gz copies of files worth compressing, not of tiny ones', () => {
    const cdn = fs.readdirSync(path.join(distDir, 'cdn')).sort();
    assert.ok(cdn.includes('esign-signer.min.js.br') && cdn.includes('esign-signer.min.js.gz'), cdn.join(' '));
    assert.ok(!cdn.includes('tiny.js.br'));
  });

  test('Accept-Encoding picks Brotli, else gzip, else the file itself; the bytes are the same once decoded', async () => {
    const br = await get('/dist/cdn/esign-signer.min.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.rawPayload.length < script.length / 3, `${br.rawPayload.length} bytes`);
    assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), script);
    const gz = await get('/dist/cdn/esign-signer.min.js', { 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), script);
    const plain = await get('/dist/cdn/esign-signer.min.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, script);
    for (const odd of ['x;q=abc, ;;,', 'identity', '*;q=0']) {
      const res = await get('/dist/cdn/esign-signer.min.js', { 'accept-encoding': odd });
      assert.equal(res.statusCode, 200, odd);
      assert.equal(res.body, script, odd);
    }
  });

  test('the demo pages and scripts (no precompressed copy) are compressed once on request', async () => {
    const page = await get('/demo/sign.js', { 'accept-encoding': 'br' });
    assert.equal(page.headers['content-encoding'], 'br');
    const file = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'web', 'sign.js'), 'utf8');
    assert.equal(zlib.brotliDecompressSync(page.rawPayload).toString(), file);
    const again = await get('/demo/sign.js', { 'accept-encoding': 'br' });
    assert.deepEqual(again.rawPayload, page.rawPayload);
  });

  test('a hashed chunk is immutable; every other file revalidates with ETag or Last-Modified and answers 304', async () => {
    const chunk = await get('/dist/cdn/esign-chunk-BBkGekD3.min.js', { 'accept-encoding': 'br' });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    const first = await get('/dist/cdn/esign-signer.min.js', { 'accept-encoding': 'br' });
    assert.equal(first.headers['cache-control'], 'no-cache');
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/".+-br"$/);
    const revalidated = await get('/dist/cdn/esign-signer.min.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.rawPayload.length, 0);
    // Another encoding is another representation: no 304 for the Brotli tag.
    assert.equal((await get('/dist/cdn/esign-signer.min.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode, 200);
    const since = String(first.headers['last-modified']);
    assert.equal((await get('/dist/cdn/esign-signer.min.js', { 'if-modified-since': since })).statusCode, 304);
    assert.equal((await get('/dist/cdn/esign-signer.min.js', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).statusCode, 200);
    assert.equal((await get('/demo/sign.html', { 'if-none-match': String((await get('/demo/sign.html')).headers.etag) })).statusCode, 304);
    for (const page of ['/', '/portal/', '/graphql/']) assert.equal((await get(page)).statusCode, 200, page);
  });

  test('a precompressed copy older than its file is not served', async () => {
    const file = path.join(distDir, 'cdn', 'esign-signer.min.js');
    const changed = `${script}// changed\n`;
    fs.writeFileSync(file, changed);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.br`, old, old);
    const res = await get('/dist/cdn/esign-signer.min.js', { 'accept-encoding': 'br' });
    assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), changed);
  });

  test('acceptedEncodings reads q-values and the wildcard', () => {
    assert.deepEqual(acceptedEncodings('gzip, br'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('gzip;q=1, br;q=0.5'), ['gzip', 'br']);
    assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('*;q=0, gzip'), ['gzip']);
    assert.deepEqual(acceptedEncodings(undefined), []);
  });
});
