/**
 * Document conversion (issue 17):
 * - convert_docx_ratio: seconds from `PUT /upload/{token}` to the template being ready (201) for a 10-page
 *   DOCX, with the LibreOffice pool warm, divided by a bare cold `soffice --headless --convert-to pdf` of the
 *   same file in the same run (a fresh process; its profile made by an untimed run first, so the baseline is
 *   process start + conversion, not profile creation). Target ≤ 0.5.
 * - convert_parallel_ok: of 16 mixed files (Word, spreadsheets, HTML, text, images, from
 *   test/fixtures/convert/) PUT at once by two groups, how many became templates. Target 16.
 * - convert_isolation_status_p99_ratio: p99 of a third group's reads while those 16 convert ÷ its p99 idle,
 *   same run (as isolation_status_p99_ratio for hostile PDFs; target ≤ 5).
 * - convert_crash_recovery_ms: soffice is killed (SIGKILL) while it loads a DOCX; milliseconds from the kill
 *   to the next successful conversion (that file, retried on the replacement worker). Printed with
 *   convert_restarts: workers replaced over the whole bench (1 expected: the killed one).
 * Absolute times are printed for context. Needs LibreOffice (see README "Converting documents").
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { longDocx, docx } from '../demo/server/convert/office-files.ts';
import { crashWhileReading } from '../demo/server/convert/office-crash.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'test/fixtures/convert');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-convert-bench-'));
const soffice = process.env.ESIGN_SOFFICE || 'soffice';

const app = await buildApp({ dataDir: path.join(tmp, 'data'), sweepIntervalMs: 0, rateLimits: { sandbox: 1e9, production: 1e9, windowMs: 3_600_000 } });
const setup = (await ensureInitialSetup(app.store))!;
const b = await app.store.transaction(async () => {
  const user = await app.store.users.create({ email: 'bench-b@example.com', firstName: 'B' });
  const group = await app.store.groups.create('Bench B', {}, user.id);
  await app.store.users.addToGroup(user.id, group.id, true);
  return { groupId: group.id, key: (await app.store.apiKeys.create(user.id, 'sandbox', false)).key };
});
const tenants = [{ key: setup.apiKey, groupId: setup.groupId }, b];

async function put(tenant: { key: string; groupId: string }, bytes: Uint8Array): Promise<number> {
  const minted = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads/',
    headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
    payload: { group: tenant.groupId, process_tags: true },
  });
  const { upload_url } = minted.json() as { upload_url: string };
  const res = await app.inject({
    method: 'PUT',
    url: new URL(upload_url).pathname,
    payload: Buffer.from(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  });
  if (res.statusCode !== 201) console.error(`PUT answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.statusCode;
}

const c = await app.store.transaction(async () => {
  const user = await app.store.users.create({ email: 'bench-c@example.com', firstName: 'C' });
  const group = await app.store.groups.create('Bench C', {}, user.id);
  await app.store.users.addToGroup(user.id, group.id, true);
  return { groupId: group.id, key: (await app.store.apiKeys.create(user.id, 'sandbox', false)).key };
});
const p99 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0;

/** Milliseconds of group C's `GET /api/v1/group/{id}/`, one after another, until `done()` or `count` reads. */
async function statusLatencies(done: () => boolean, count: number): Promise<number[]> {
  const times: number[] = [];
  while (times.length < count && !done()) {
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url: `/api/v1/group/${c.groupId}/`, headers: { authorization: `Bearer ${c.key}` } });
    if (res.statusCode !== 200) throw new Error(`group read answered ${res.statusCode}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

try {
  // The 10-page DOCX, and the cold baseline.
  const file = longDocx(10);
  const input = path.join(tmp, 'ten-pages.docx');
  fs.writeFileSync(input, file);
  const profile = `file://${path.join(tmp, 'cold-profile')}`;
  const cold = () => {
    const started = process.hrtime.bigint();
    const run = spawnSync(
      soffice,
      ['--headless', '--norestore', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf', '--outdir', path.join(tmp, 'cold'), input],
      { stdio: 'ignore', timeout: 180_000 },
    );
    if (run.status !== 0) throw new Error(`${soffice} --convert-to pdf failed (status ${run.status}): is LibreOffice installed?`);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  cold(); // creates the profile (untimed)
  const coldSeconds = cold();

  // Warm the pool with another file, then time the PUT.
  if ((await put(tenants[0], docx([[['warm-up']]]))) !== 201) throw new Error('warm-up conversion failed');
  const started = process.hrtime.bigint();
  const status = await put(tenants[0], file);
  const putSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (status !== 201) throw new Error(`the 10-page DOCX was not converted (${status})`);

  console.log(`convert_docx_cold_soffice_s: ${coldSeconds.toFixed(2)}`);
  console.log(`convert_docx_put_s: ${putSeconds.toFixed(2)}`);
  console.log(`convert_docx_ratio: ${(putSeconds / coldSeconds).toFixed(3)}`);

  // 16 mixed files at once, two groups.
  const names = [
    'ft-fixture2.docx',
    'ft-fixture.doc',
    'ft-fixture.odt',
    'ft-fixture.rtf',
    'poi-quick.html',
    'poi-SampleDoc.txt',
    'cpython-module_iso_8859_1.txt',
    'ft-fixture2.xlsx',
    'ft-fixture.xls',
    'ft-fixture.ods',
    'pandas-test1.csv',
    'ft-fixture.png',
    'ft-fixture.jpg',
    'ft-fixture.gif',
    'ft-fixture.webp',
    'ft-fixture-little-endian.tif',
  ];
  // A third group's status reads, idle and then while the 16 files convert: conversion must not stall them.
  const idle = await statusLatencies(() => false, 200);
  let converting = true;
  const parallelStarted = process.hrtime.bigint();
  const busyRun = statusLatencies(() => !converting, Infinity);
  const statuses = await Promise.all(names.map((name, i) => put(tenants[i % 2], new Uint8Array(fs.readFileSync(path.join(fixtures, name))))));
  converting = false;
  const busy = await busyRun;
  const parallelSeconds = Number(process.hrtime.bigint() - parallelStarted) / 1e9;
  console.log(`convert_isolation_idle_p99_ms: ${p99(idle).toFixed(1)}`);
  console.log(`convert_isolation_status_p99_ms: ${p99(busy).toFixed(1)} (${busy.length} reads while converting)`);
  console.log(`convert_isolation_status_p99_ratio: ${(p99(busy) / p99(idle)).toFixed(2)}`);
  console.log(`convert_parallel_s: ${parallelSeconds.toFixed(2)}`);
  console.log(`convert_parallel_ok: ${statuses.filter((s) => s === 201).length}`);

  // A crash mid-conversion: from the kill to the next successful conversion.
  const pool = app.converter.soffice;
  const crashed = docx([[['Crash recovery'], [' sentence. '.repeat(400)]]]);
  let killedAt: Promise<number> | undefined;
  const onStart = ({ pid, request }: { pid: number; request: { in: string } }) => {
    if (killedAt || fs.statSync(request.in).size !== crashed.length) return;
    killedAt = crashWhileReading(pid, request.in, 'SIGKILL');
  };
  pool.events.on('start', onStart);
  const recovered = await put(tenants[0], crashed);
  const recoveredAt = performance.now();
  pool.events.off('start', onStart);
  if (!killedAt || recovered !== 201) throw new Error(`the crash run did not crash and recover (status ${recovered})`);
  console.log(`convert_crash_recovery_ms: ${(recoveredAt - (await killedAt)).toFixed(0)}`);
  console.log(`convert_restarts: ${pool.replaced}`);
} finally {
  await app.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
