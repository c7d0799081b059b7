/**
 * The upload flow end to end with real LibreOffice: every listed format from public test corpora
 * (test/fixtures/convert/README.md), text tags split across styled runs, and the bad inputs. One
 * app (one warm pool) for the whole file. LibreOffice missing = these tests FAIL naming the packages.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Every temp file of this process (and of the LibreOffice it starts) lands here, so leaks are visible.
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-convert-test-'));
process.env.TMPDIR = TMP;

const { call, createTenant, createTestApp, errorOf } = await import('../../../test/support/server/app.ts');
const { uploadFlowOf } = await import('../services/uploads/upload-flow.ts');
const { mintUploadToken } = await import('../services/uploads/tokens.ts');
const { findExecutable } = await import('./soffice-pool.ts');
const { docx, xlsx, zipBombDocx } = await import('./office-files.ts');
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/convert');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

function requireLibreOffice(): void {
  const soffice = process.env.ESIGN_SOFFICE || 'soffice';
  if (!findExecutable(soffice))
    assert.fail(
      `LibreOffice is not installed ("${soffice}" not found): install the packages libreoffice-writer-nogui libreoffice-calc-nogui python3-uno (apt-get install --no-install-recommends), or set ESIGN_SOFFICE.`,
    );
  const python = process.env.ESIGN_UNO_PYTHON || '/usr/bin/python3';
  if (spawnSync(python, ['-c', 'import uno'], { stdio: 'ignore' }).status !== 0)
    assert.fail(`${python} cannot import uno: install python3-uno (or set ESIGN_UNO_PYTHON).`);
}

/**
 * Zombie processes of LibreOffice (machine-wide: the container's PID 1 reaps nothing, so an orphaned
 * soffice.bin would stay one) or children of this process (our bridges).
 */
function zombies(): number {
  const out = execFileSync('ps', ['-eo', 'stat=,ppid=,comm=']).toString();
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([stat, ppid, comm]) => stat?.startsWith('Z') && (/soffice|oosplash/.test(comm ?? '') || Number(ppid) === process.pid)).length;
}

function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
}

after(() => fs.rmSync(TMP, { recursive: true, force: true }));

describe('uploads: any document in', () => {
  let t: TestApp;
  let zombiesBefore = 0;

  before(async () => {
    requireLibreOffice();
    zombiesBefore = zombies();
    t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 }, work: { maxPages: 300 } });
  });

  after(async () => {
    await t?.close();
    const leftovers = fs.readdirSync(TMP).filter((name) => /^esign-(convert|soffice)-/.test(name));
    assert.deepEqual(leftovers, [], 'no temp files are left behind');
    const running = execFileSync('ps', ['-eo', 'args='])
      .toString()
      .split('\n')
      .filter((l) => l.includes(TMP) && /soffice|uno-bridge/.test(l));
    assert.deepEqual(running, [], 'no LibreOffice of this test is left running');
    assert.ok(zombies() <= zombiesBefore, 'no zombie processes');
  });

  async function mint(options: Record<string, unknown> = {}, key = t.key, group = `/api/v1/group/${t.groupId}/`) {
    const res = await call(t.app, key, 'POST', '/api/v1/uploads/', { group, title: 'Converted', ...options });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { id: string; upload_url: string; status_uri: string };
  }

  function put(url: string, body: Buffer | Uint8Array, contentType = 'application/octet-stream') {
    return t.app.inject({ method: 'PUT', url: new URL(url).pathname, payload: Buffer.from(body), headers: { 'content-type': contentType } });
  }

  async function upload(body: Buffer | Uint8Array, options: Record<string, unknown> = {}) {
    const minted = await mint(options);
    const res = await put(minted.upload_url, body);
    const status = (await call(t.app, t.key, 'GET', minted.status_uri)).json() as {
      status: string;
      format: string | null;
      template_id: string | null;
      error: { code: string; message: string } | null;
    };
    return { res, status, minted };
  }

  async function templatePdf(id: string): Promise<Buffer> {
    const res = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`);
    assert.equal(res.statusCode, 200);
    return res.rawPayload;
  }

  const formats: [string, string, number, RegExp][] = [
    ['ft-fixture2.docx', 'docx', 1, /Lorem ipsum dolor sit amet/],
    ['ft-fixture.doc', 'doc', 4, /Lorem ipsum dolor sit amet/],
    ['ft-fixture.odt', 'odt', 1, /simple test document to demonstrate the DocumentLoader/],
    ['ft-fixture.rtf', 'rtf', 1, /Test RTF file/],
    ['poi-quick.html', 'html', 1, /The quick brown fox jumps over the lazy dog/],
    ['poi-SampleDoc.txt', 'text', 1, /It’s Arial Black in 16 point/],
    ['cpython-module_iso_8859_1.txt', 'text', 1, /Les hommes ont oublié cette vérité/],
    ['ft-fixture2.xlsx', 'xlsx', 1, /Test/],
    ['ft-fixture.xls', 'xls', 2, /Dulce\s+Abril\s+Female\s+United States/],
    ['ft-fixture.ods', 'ods', 2, /William\s+Jones\s+1 Main Street/],
    ['pandas-test1.csv', 'csv', 1, /2000-01-03 00:00:00\s+0\.980268513777/],
    ['ft-fixture.png', 'png', 1, /^\s*$/],
    ['ft-fixture.jpg', 'jpg', 1, /^\s*$/],
    ['ft-fixture.gif', 'gif', 1, /^\s*$/],
    ['ft-fixture.webp', 'webp', 1, /^\s*$/],
    ['ft-fixture-little-endian.tif', 'tif', 1, /^\s*$/],
  ];
  for (const [name, format, pages, text] of formats) {
    test(`${name} becomes a ${pages}-page template (format ${format})`, async () => {
      const { res, status } = await upload(read(name));
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(status.status, 'done');
      assert.equal(status.format, format);
      const id = status.template_id!;
      const info = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/status/`)).json() as { page_count: number; title: string };
      assert.equal(info.page_count, pages);
      assert.equal(info.title, 'Converted');
      assert.match(pdfText(await templatePdf(id)), text);
    });
  }

  test('an XHTML page (XML declaration, XHTML doctype, namespaced <html>) becomes a template as HTML, not a 415', async () => {
    const xhtml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>Terms</title></head><body><h1>Terms of service</h1><p>Signed below.</p></body></html>`;
    const { res, status } = await upload(Buffer.from(xhtml));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(status.format, 'html');
    assert.match(pdfText(await templatePdf(status.template_id!)), /Terms of service/);
  });

  test("an image page is A4 in the image's orientation (landscape photo, landscape page)", async () => {
    const { status } = await upload(read('ft-fixture.jpg'));
    const info = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${status.template_id}/status/`)).json() as {
      pages?: { width: number; height: number }[];
      page_dimensions?: unknown;
    };
    const pdf = await templatePdf(status.template_id!);
    const size = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
    assert.match(size, /Page size:\s+841\.89 x 595\.28 pts/);
    void info;
  });

  test('text tags split across styled runs in a .docx become fields', async () => {
    const file = docx([
      [['Signed for the customer: '], ['<<t=sig', true], ['nature>>', false, 'FF0000']],
      [['Name: '], ['<<t=te', false, '0000FF'], ['xt;s=1>', true], ['>']],
    ]);
    const { res, status } = await upload(file, { process_tags: true });
    assert.equal(res.statusCode, 201, res.body);
    const report = (res.json() as { report: { tags: { fields_found: number } } }).report;
    assert.equal(report.tags.fields_found, 2);
    const info = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${status.template_id}/status/`)).json() as { field_count: number };
    assert.equal(info.field_count, 2);
  });

  test('text tags in rich-text cells of an .xlsx become fields', async () => {
    const file = xlsx([
      [
        [['Customer']],
        [
          ['<<t=signa', true],
          ['ture>>', false, 'FF0000'],
        ],
      ],
      [[['Date']], [['<<t=da'], ['te>>', true]]],
    ]);
    const { res } = await upload(file, { process_tags: true });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((res.json() as { report: { tags: { fields_found: number } } }).report.tags.fields_found, 2);
  });

  test("the new template id works like a PDF template's (fields listed, PDF served)", async () => {
    const { status } = await upload(docx([[['Sign here: <<t=signature>>']]]), { process_tags: 'true' });
    const fields = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${status.template_id}/fields/`);
    assert.equal(fields.statusCode, 200, fields.body);
    assert.match(fields.body, /signature/);
  });

  describe('bad input: each a clear 4xx and a failed status with the reason', () => {
    const refused = async (body: Uint8Array | Buffer, httpStatus: number, code: RegExp, message: RegExp) => {
      const { res, status } = await upload(body);
      assert.equal(res.statusCode, httpStatus, res.body);
      const error = errorOf(res);
      assert.match(error.code, code);
      assert.match(error.message, message);
      assert.equal(status.status, 'failed');
      assert.match(status.error!.code, code);
    };

    test('a corrupt .docx (cut in half)', async () => {
      const file = read('ft-fixture2.docx');
      await refused(file.subarray(0, file.length / 2), 422, /convert_zip_refused|convert_unsupported_format/, /damaged|cannot be made/);
    });

    test('a .docx with garbage inside its zip: LibreOffice cannot open it', async () => {
      const { zipSync, strToU8 } = await import('fflate');
      const file = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('this is not xml <<<') });
      const { res } = await upload(file);
      assert.ok([415, 422].includes(res.statusCode), res.body);
    });

    test('a password-protected .docx (Apache POI sample)', async () => {
      await refused(read('poi-protected_agile.docx'), 422, /convert_password_protected/, /password-protected/);
    });

    test('a lying extension: an executable named contract.docx', async () => {
      await refused(
        Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]),
        415,
        /convert_unsupported_format/,
        /Accepted: PDF; Word/,
      );
    });

    test('a zip-bomb .docx (330 MB of zeros in a few hundred KB)', async () => {
      await refused(zipBombDocx(11, 30), 422, /convert_zip_refused/, /zip bomb/);
    });

    test('a HEIC photo this build of sharp cannot decode', async () => {
      await refused(read('ft-fixture-mif1.heic'), 422, /convert_heic_unsupported/, /JPEG or PNG/);
    });

    test('a spreadsheet of 60,000 rows (over the page limit) is refused before its PDF is made', async () => {
      const rows = ['id,name,amount,date'];
      for (let i = 1; i <= 60_000; i++) rows.push(`${i},Customer ${i},${(i * 7.31).toFixed(2)},2026-01-${String((i % 28) + 1).padStart(2, '0')}`);
      await refused(Buffer.from(rows.join('\n')), 422, /convert_too_many_pages/, /pages; this server accepts documents of up to 300 pages/);
    });

    test('hostile HTML: no request to a local server, no local file in the PDF', async () => {
      let hits = 0;
      const server = http.createServer((_req, res) => {
        hits++;
        res.end('SECRET-FROM-SERVER');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const html = `<!doctype html><html><head><link rel="stylesheet" href="${base}/a.css"><style>@import url(${base}/b.css); body { background: url(${base}/c.png) }</style>
          <meta http-equiv="refresh" content="0;url=${base}/r"><base href="${base}/"></head><body>
          <p>Hello from the hostile page</p><img src="${base}/i.png"><img src="file:///etc/passwd"><iframe src="file:///etc/passwd"></iframe>
          <object data="file:///etc/passwd"></object><embed src="${base}/e"><iframe src="${base}/frame"></iframe>
          <div style="background-image:url('${base}/d.png')">div</div><a href="${base}/link">a link</a><img src="relative.png"></body></html>`;
        const { res, status } = await upload(Buffer.from(html));
        assert.equal(res.statusCode, 201, res.body);
        const text = pdfText(await templatePdf(status.template_id!));
        assert.match(text, /Hello from the hostile page/);
        assert.doesNotMatch(text, /root:|SECRET-FROM-SERVER/);
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal(hits, 0, 'the local server got no request');
      } finally {
        server.close();
      }
    });

    test('a conversion over the time limit, on a fresh worker and alone too: workers replaced, a 422, the next conversion works', async () => {
      const pool = uploadFlowOf(t.app)!.converter.soffice;
      const replacedBefore = pool.replaced;
      const timeout = pool.settings.timeoutMs;
      pool.settings.timeoutMs = 30;
      try {
        await refused(read('ft-fixture.doc'), 422, /convert_timeout/, /took longer than/);
      } finally {
        pool.settings.timeoutMs = timeout;
      }
      assert.equal(pool.replaced, replacedBefore + 2, 'the worker it hung and the fresh one it hung on its retry');
      const { res, status } = await upload(read('ft-fixture.odt'));
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(status.status, 'done');
    });
  });

  describe('upload URLs', () => {
    test('single use: a second PUT is refused, the first template stands', async () => {
      const minted = await mint();
      assert.equal((await put(minted.upload_url, read('ft-fixture.png'))).statusCode, 201);
      const again = await put(minted.upload_url, read('ft-fixture.png'));
      assert.equal(again.statusCode, 409);
      assert.equal(errorOf(again).code, 'upload_url_used');
      const status = (await call(t.app, t.key, 'GET', minted.status_uri)).json() as { status: string };
      assert.equal(status.status, 'done');
    });

    test('a tampered URL gets 401, an expired one 410; neither is claimed', async () => {
      const minted = await mint();
      const url = new URL(minted.upload_url);
      const tampered = url.pathname.slice(0, -3) + (url.pathname.endsWith('AAA') ? 'BBB' : 'AAA');
      const res = await t.app.inject({ method: 'PUT', url: tampered, payload: read('ft-fixture.png'), headers: { 'content-type': 'image/png' } });
      assert.equal(res.statusCode, 401);
      assert.equal(errorOf(res).code, 'invalid_upload_url');
      const expired = `/upload/${mintUploadToken(t.dataDir, minted.id, Date.now() - 1000)}`;
      const late = await t.app.inject({ method: 'PUT', url: expired, payload: read('ft-fixture.png'), headers: { 'content-type': 'image/png' } });
      assert.equal(late.statusCode, 410);
      assert.match(errorOf(late).message, /expired/);
      const status = (await call(t.app, t.key, 'GET', minted.status_uri)).json() as { status: string };
      assert.equal(status.status, 'pending');
    });

    test("status and minting are limited to the caller's groups", async () => {
      const minted = await mint();
      const other = await createTenant(t.app, 'Other Co');
      assert.equal((await call(t.app, other.key, 'GET', minted.status_uri)).statusCode, 404);
      const res = await call(t.app, other.key, 'POST', '/api/v1/uploads/', { group: `/api/v1/group/${t.groupId}/` });
      assert.equal(res.statusCode, 422);
      assert.equal((await call(t.app, undefined, 'POST', '/api/v1/uploads/', { group: t.groupId })).statusCode, 401);
    });
  });
});

describe('uploads without LibreOffice, with a small size cap', () => {
  let t: TestApp;
  const saved = { soffice: process.env.ESIGN_SOFFICE, max: process.env.ESIGN_CONVERT_MAX_MB };
  before(async () => {
    process.env.ESIGN_SOFFICE = '/nonexistent/soffice';
    process.env.ESIGN_CONVERT_MAX_MB = '0.05';
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
    for (const [name, value] of [
      ['ESIGN_SOFFICE', saved.soffice],
      ['ESIGN_CONVERT_MAX_MB', saved.max],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  async function putNew(body: Buffer | Uint8Array) {
    const minted = (await call(t.app, t.key, 'POST', '/api/v1/uploads/', { group: t.groupId })).json() as { upload_url: string; status_uri: string };
    const res = await t.app.inject({
      method: 'PUT',
      url: new URL(minted.upload_url).pathname,
      payload: Buffer.from(body),
      headers: { 'content-type': 'application/octet-stream' },
    });
    const status = (await call(t.app, t.key, 'GET', minted.status_uri)).json() as { status: string; error: { code: string; message: string } | null };
    return { res, status };
  }

  test('an office file answers a clear error naming the packages and ESIGN_SOFFICE; images still work', async () => {
    const { res, status } = await putNew(docx([[['hello']]]));
    assert.equal(res.statusCode, 503);
    assert.match(errorOf(res).message, /libreoffice-writer-nogui, libreoffice-calc-nogui/);
    assert.match(errorOf(res).message, /ESIGN_SOFFICE/);
    assert.equal(status.status, 'failed');
    const image = await putNew(read('ft-fixture.gif'));
    assert.equal(image.res.statusCode, 201, image.res.body);
  });

  test('a file over ESIGN_CONVERT_MAX_MB gets 413 while it streams in; the upload is failed', async () => {
    const { res, status } = await putNew(read('ft-fixture.jpg'));
    assert.equal(res.statusCode, 413);
    assert.match(errorOf(res).message, /larger than this server converts/);
    assert.equal(status.status, 'failed');
    assert.equal(status.error!.code, 'payload_too_large');
  });
});
