/**
 * A crashed LibreOffice never fails another tenant's file and never stops conversion (issue 24): soffice
 * is killed (SIGKILL, SIGABRT) while it loads a file, or while idle, and the file, its queued neighbour
 * and the next upload still convert; a file that crashes it on every worker goes to the one-shot
 * `soffice --convert-to` conversion. One app, one worker (ESIGN_CONVERT_WORKERS=1, so a neighbour
 * waits on the same worker) for the whole file. Needs LibreOffice, like uploads.test.ts.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-crash-test-'));
process.env.TMPDIR = TMP;
process.env.ESIGN_CONVERT_WORKERS = '1';

const { call, createTenant, createTestApp, errorOf } = await import('../../../test/support/server/app.ts');
const { uploadFlowOf } = await import('../services/uploads/upload-flow.ts');
const { crashWhileReading, crashWhileWriting, officeProcess } = await import('./office-crash.ts');
const { docx, longDocx, wordml2003 } = await import('./office-files.ts');
const { fixturesDir } = await import('../../../test/support/fixtures.ts');
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Pool = NonNullable<ReturnType<typeof uploadFlowOf>>['converter']['soffice'];

after(() => fs.rmSync(TMP, { recursive: true, force: true }));

describe('conversion survives a crashed LibreOffice', () => {
  let t: TestApp;
  let other: { key: string; groupId: string };
  let pool: Pool;

  before(async () => {
    t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
    other = await createTenant(t.app, 'crash-neighbour@example.com');
    pool = uploadFlowOf(t.app)!.converter.soffice;
  });

  after(async () => {
    await t?.close();
    const running = execFileSync('ps', ['-eo', 'args='])
      .toString()
      .split('\n')
      .filter((l) => l.includes(TMP) && /soffice|uno-bridge/.test(l));
    assert.deepEqual(running, [], 'no LibreOffice of this test is left running');
    assert.deepEqual(
      fs.readdirSync(TMP).filter((name) => /^esign-(convert|soffice)-/.test(name)),
      [],
      'no temp files are left behind',
    );
  });

  async function upload(bytes: Uint8Array, tenant = { key: t.key, groupId: t.groupId }) {
    const minted = await call(t.app, tenant.key, 'POST', '/api/v1/uploads/', { group: `/api/v1/group/${tenant.groupId}/`, title: 'Crash' });
    assert.equal(minted.statusCode, 201, minted.body);
    const { upload_url, status_uri } = minted.json() as { upload_url: string; status_uri: string };
    const res = await t.app.inject({ method: 'PUT', url: new URL(upload_url).pathname, payload: Buffer.from(bytes) });
    const status = (await call(t.app, tenant.key, 'GET', status_uri)).json() as { status: string; template_id: string | null };
    return { res, status };
  }

  async function pdfText(templateId: string, key = t.key): Promise<string> {
    const res = await call(t.app, key, 'GET', `/api/v1/templatepdf/${templateId}/`);
    assert.equal(res.statusCode, 200, res.body);
    return execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload }).toString();
  }

  /** Signals soffice while it reads (or writes the PDF of) the file of `size` bytes, on its first `times` attempts. */
  function crashOn(size: number, signal: NodeJS.Signals, times: number, when: 'reading' | 'writing' = 'reading'): { crashes: Promise<void>[] } {
    const crashes: Promise<void>[] = [];
    const onStart = ({ pid, request }: { pid: number; request: { in: string; out: string } }) => {
      if (fs.statSync(request.in).size !== size) return;
      const crash = when === 'reading' ? crashWhileReading(pid, request.in, signal) : crashWhileWriting(pid, request.out, signal);
      crashes.push(crash.then(() => {}));
      if (crashes.length === times) pool.events.off('start', onStart);
    };
    pool.events.on('start', onStart);
    return { crashes };
  }

  test('the bridge calls a pyuno DisposedException or a dead bridge a crash, not a bad file', () => {
    // pyuno names UNO exceptions in full: "com.sun.star.lang.DisposedException".
    const script = `
import importlib.util, sys
spec = importlib.util.spec_from_file_location("bridge", sys.argv[1]); bridge = importlib.util.module_from_spec(spec); spec.loader.exec_module(bridge)
def uno_error(name, message):
    error = type(name, (Exception,), {})(message); error.Message = message; return error
print(bridge.crash_or(uno_error("com.sun.star.lang.DisposedException", "Binary URP bridge already disposed"), "load"))
print(bridge.crash_or(uno_error("com.sun.star.uno.RuntimeException", "Binary URP bridge disposed during call"), "export"))
print(bridge.crash_or(uno_error("com.sun.star.lang.IllegalArgumentException", "Unsupported URL"), "load"))
print(bridge.crash_or(uno_error("com.sun.star.io.IOException", "SfxBaseModel::impl_store failed for this purpose"), "export"))
`;
    const python = process.env.ESIGN_UNO_PYTHON || '/usr/bin/python3';
    const run = spawnSync(python, ['-c', script, path.join(import.meta.dirname, 'uno-bridge.py')]);
    assert.equal(run.status, 0, run.stderr.toString());
    assert.deepEqual(run.stdout.toString().trim().split('\n'), ['crash', 'crash', 'load', 'export']);
  });

  test('SIGKILL mid-conversion: the file is retried on a fresh worker, the neighbour queued behind it converts', async () => {
    const file = longDocx(10);
    const replaced = pool.replaced;
    const { crashes } = crashOn(file.length, 'SIGKILL', 1);
    // The neighbour's file arrives while ours holds the only worker: it waits behind it.
    const neighbourUpload = new Promise<Awaited<ReturnType<typeof upload>>>((resolve) =>
      pool.events.once('start', () => resolve(upload(docx([[['The neighbour’s contract']]]), other))),
    );
    const [mine, neighbour] = await Promise.all([upload(file), neighbourUpload]);
    await Promise.all(crashes);
    assert.equal(crashes.length, 1, 'soffice was killed once');
    assert.equal(mine.res.statusCode, 201, mine.res.body);
    assert.equal(neighbour.res.statusCode, 201, neighbour.res.body);
    assert.match(await pdfText(neighbour.status.template_id!, other.key), /The neighbour’s contract/);
    assert.equal(pool.replaced, replaced + 1, 'the killed worker was replaced');
  });

  test("SIGABRT while writing the PDF: the file converts on its retry (over the dead one's lock file), and so does the next upload", async () => {
    const file = longDocx(12);
    const replaced = pool.replaced;
    const { crashes } = crashOn(file.length, 'SIGABRT', 1, 'writing');
    const aborted = await upload(file);
    await Promise.all(crashes);
    assert.equal(aborted.res.statusCode, 201, aborted.res.body);
    assert.equal(pool.replaced, replaced + 1);
    const next = await upload(docx([[['After the abort']]]));
    assert.equal(next.res.statusCode, 201, next.res.body);
  });

  test('a soffice killed while idle ("already disposed") is replaced; the next upload converts', async () => {
    const { res: warm } = await upload(docx([[['warm']]]));
    assert.equal(warm.statusCode, 201);
    const worker = (pool as unknown as { slots: { worker: { pid: number } }[] }).slots[0]!.worker;
    const office = officeProcess(worker.pid)!;
    process.kill(office, 'SIGKILL');
    const { res, status } = await upload(docx([[['Converted after the idle crash']]]));
    assert.equal(res.statusCode, 201, res.body);
    assert.match(await pdfText(status.template_id!), /Converted after the idle crash/);
  });

  test('a Word 2003 XML document named .docx that crashes every worker converts through the one-shot soffice --convert-to', async () => {
    const file = wordml2003('Word 2003 services agreement', 'The supplier delivers the goods.');
    const { replaced, oneShots } = pool;
    const { crashes } = crashOn(file.length, 'SIGABRT', 2);
    const { res, status } = await upload(file);
    await Promise.all(crashes);
    assert.equal(crashes.length, 2, 'the file crashed its worker and the fresh one');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(pool.oneShots, oneShots + 1);
    assert.equal(pool.replaced, replaced + 2);
    const text = await pdfText(status.template_id!);
    assert.match(text, /Word 2003 services agreement/);
    assert.match(text, /The supplier delivers the goods/);
  });

  test('an OpenOffice 3.3 .odt (shared office fixtures) that crashes every worker converts through the one-shot', async () => {
    const file = fs.readFileSync(path.join(fixturesDir(), '../office/FruitDepot-SeasonalFruits4.odt'));
    const { oneShots } = pool;
    const { crashes } = crashOn(file.length, 'SIGKILL', 2);
    const { res, status } = await upload(file);
    await Promise.all(crashes);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(pool.oneShots, oneShots + 1);
    assert.match(await pdfText(status.template_id!), /Seasonal Fruits/);
  });

  test('a file that crashes the one-shot too is refused with a 422 that says what to do', async () => {
    const file = docx([[['Crashes everything']]]);
    fs.mkdirSync(path.join(TMP, 'bin'), { recursive: true }); // a directory of its own: the one-shot's sandbox mounts it
    const fake = path.join(TMP, 'bin', 'aborting-soffice');
    // Aborts in a child (the one-shot's soffice may be PID 1 of its namespace, which ignores its own SIGABRT).
    fs.writeFileSync(fake, "#!/bin/sh\nsh -c 'kill -ABRT $$'\nexit $?\n", { mode: 0o755 });
    const real = pool.settings.soffice;
    // The one-shot starts after the second worker is replaced: only it runs the aborting soffice.
    pool.events.once('oneShot', () => (pool.settings.soffice = fake));
    const { crashes } = crashOn(file.length, 'SIGKILL', 2);
    try {
      const { res, status } = await upload(file);
      await Promise.all(crashes);
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(errorOf(res).code, 'convert_crashed');
      assert.match(errorOf(res).message, /save it again \(or save it as a PDF\)/);
      assert.equal(status.status, 'failed');
    } finally {
      pool.settings.soffice = real;
      fs.rmSync(fake);
    }
    const { res } = await upload(docx([[['Fine again']]]));
    assert.equal(res.statusCode, 201, res.body);
  });
});
