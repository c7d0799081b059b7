/**
 * Isolation of document work (issue 11, docs/security.md):
 * - isolation_status_p99_ratio: p99 latency of group B's `GET /api/v1/status/{id}/` while group A
 *   uploads a 20,000-page PDF with process_tags, sends 400 prefilled validation-93 fields with the
 *   pattern `(?:.?){999}(?:.?){999}.*`, and uploads a 1 MB PDF whose stream inflates to 1 GiB, divided
 *   by B's p99 with the server idle, in the same run (target ≤ 5); isolation_status_max_ms, the
 *   slowest of B's requests under attack (target < 1000);
 * - bomb_rss_growth_mb: the server's RSS growth while it handles the inflate bomb (target ≤ 300).
 *
 * The server runs in a child process (this file with `--serve`), built as `esign-server serve`
 * builds it, with the environment's limits; A's answers are checked to be 4xx.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HOSTILE = '(?:.?){999}(?:.?){999}.*';
const REGEX_FIELDS = 400;
const CONNECTIONS = 4;
const IDLE_MS = Number(process.env.ISOLATION_BENCH_IDLE_MS ?? 4000);

interface Ready {
  port: number;
  keyA: string;
  groupA: string;
  keyB: string;
  groupB: string;
  templateA: string;
  templateB: string;
}

// ---------------------------------------------------------------- child: the server

async function serve(): Promise<void> {
  const { buildApp } = await import('../demo/server/app.ts');
  const { ensureInitialSetup } = await import('../demo/server/services/bootstrap.ts');
  const { templateFileName } = await import('../demo/server/services/template-deletion.ts');
  const { generatePdf } = await import('../test/support/generate-pdf.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-isolation-bench-'));
  const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits: { sandbox: 1_000_000_000, production: 1_000_000_000, windowMs: 3_600_000 } });
  const setup = (await ensureInitialSetup(app.store))!;
  const admin = (await app.store.users.firstAdmin())!;
  const keyA = (await app.store.apiKeys.create(admin.id, 'production', false)).key;
  const b = await app.store.transaction(async () => {
    const user = await app.store.users.create({ email: 'tenant-b@example.com', firstName: 'B' });
    const group = await app.store.groups.create('Tenant B', {}, user.id);
    await app.store.users.addToGroup(user.id, group.id, true);
    return { groupId: group.id, key: (await app.store.apiKeys.create(user.id, 'production', false)).key };
  });
  const pdf = await generatePdf({ pages: 1 });
  const box: [number, number, number, number] = [0, 0, 612, 792];
  const { completeElement } = await import('../src/fields/complete-element.ts');
  const base = { page: 1, optional: true, font_size: 8 };

  const template = async (groupId: string, fields: unknown[]) => {
    const id = crypto.randomUUID();
    await app.store.files.write(templateFileName(id), pdf);
    await app.store.templates.insert({
      id,
      groupId,
      userId: admin.id,
      title: 'Bench',
      pageCount: 1,
      pages: [{ mediaBox: box, cropBox: box, rotate: 0 }],
      fileSize: pdf.length,
      processTags: false,
      archiveUponSend: false,
      hideSenderFields: false,
      fields: fields as never,
      report: {},
    });
    return id;
  };
  const templateB = await template(b.groupId, [
    completeElement({
      ...base,
      ax: 0.1,
      ay: 0.8,
      bx: 0.4,
      by: 0.85,
      element_type: 'signature',
      signer: 1,
      validation: null,
      label: 'sig',
      optional: false,
      uuid: crypto.randomUUID(),
    }),
  ]);
  // A's regex set: stored directly (saving it through the API would compile the patterns, in the pool too).
  const templateA = await template(
    setup.groupId,
    Array.from({ length: REGEX_FIELDS }, (_, i) =>
      completeElement({
        ...base,
        ax: 0.05 + (i % 10) * 0.09,
        ay: 0.02 + Math.floor(i / 10) * 0.024,
        bx: 0.13 + (i % 10) * 0.09,
        by: 0.04 + Math.floor(i / 10) * 0.024,
        element_type: 'admin',
        signer: 0,
        validation: 93,
        options: HOSTILE,
        label: `f${i}`,
        uuid: crypto.randomUUID(),
      }),
    ),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  process.stdout.write(
    `${JSON.stringify({ port: address.port, keyA, groupA: setup.groupId, keyB: b.key, groupB: b.groupId, templateA, templateB } satisfies Ready)}\n`,
  );
  const stop = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// ---------------------------------------------------------------- parent: tenant A's attack, tenant B's reads

function startChild(): Promise<{ child: ChildProcess; ready: Ready }> {
  // A 20 s job limit (default 60 s) only shortens the run: the regex set is cut off by it either way.
  const env = { ...process.env, ESIGN_PDF_JOB_TIMEOUT_MS: process.env.ESIGN_PDF_JOB_TIMEOUT_MS ?? '20000' };
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve({ child, ready: JSON.parse(text.split('\n')[0]) as Ready });
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** B's reads until `until` settles (and at least `minMs`): every latency in ms. */
async function readsDuring(port: number, urlPath: string, key: string, until: Promise<unknown>, minMs: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let done = false;
  const minimum = new Promise((r) => setTimeout(r, minMs));
  void Promise.all([until.catch(() => {}), minimum]).then(() => {
    done = true;
  });
  const reader = async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await request(agent, port, 'GET', urlPath, { authorization: `Bearer ${key}` });
      if (res.status !== 200) throw new Error(`B's status read answered ${res.status}: ${res.text}`);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, reader));
  agent.destroy();
  return latencies;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** The highest RSS of `pid` while `work` runs, sampled every 20 ms. */
async function peakRss(pid: number, work: Promise<unknown>): Promise<number> {
  let peak = rssMb(pid);
  let running = true;
  void work.finally(() => {
    running = false;
  });
  while (running) {
    peak = Math.max(peak, rssMb(pid));
    await new Promise((r) => setTimeout(r, 20));
  }
  return Math.max(peak, rssMb(pid));
}

function expect4xx(what: string) {
  return (res: { status: number; text: string }) => {
    if (res.status < 400 || res.status >= 500) throw new Error(`${what}: expected a 4xx, got ${res.status} ${res.text.slice(0, 300)}`);
    return res;
  };
}

async function main(): Promise<void> {
  const { taggedPdf, inflateBombPdf } = await import('../test/support/hostile-pdfs.ts');
  const manyPages = Buffer.from(taggedPdf(20_000)).toString('base64');
  const bomb = Buffer.from(await inflateBombPdf(1024)).toString('base64');
  const server = await startChild();
  try {
    const { port, keyA, groupA, keyB, groupB, templateA, templateB } = server.ready;
    const agent = new http.Agent({ keepAlive: false });
    const json = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
    const sent = await request(
      agent,
      port,
      'POST',
      '/api/v1/document/',
      json(keyB),
      JSON.stringify({
        group: `/api/v1/group/${groupB}/`,
        name: 'B contract',
        templatepdf: `/api/v1/templatepdf/${templateB}/`,
        signers: [{ firstname: 'Ann', lastname: 'B', email: 'ann@example.com' }],
      }),
    );
    if (sent.status !== 201) throw new Error(`B's send failed: ${sent.status} ${sent.text}`);
    const statusPath = String(sent.headers.location);

    const idle = await readsDuring(port, statusPath, keyB, Promise.resolve(), IDLE_MS);
    const upload = (pdf: string, extra: Record<string, unknown> = {}) =>
      request(
        agent,
        port,
        'POST',
        '/api/v1/templatepdf/',
        json(keyA),
        JSON.stringify({ group: `/api/v1/group/${groupA}/`, title: 'A', pdf_file: pdf, ...extra }),
      );
    const regexSend = () =>
      request(
        agent,
        port,
        'POST',
        '/api/v1/document/',
        json(keyA),
        JSON.stringify({
          group: `/api/v1/group/${groupA}/`,
          name: 'A regex',
          templatepdf: `/api/v1/templatepdf/${templateA}/`,
          signers: [{ firstname: 'Eve', lastname: 'A', email: 'eve@example.com' }],
          pdftext: Object.fromEntries(Array.from({ length: REGEX_FIELDS }, (_, i) => [`f${i}`, 'a'.repeat(2000)])),
        }),
      );

    const started = performance.now();
    const attack = Promise.all([
      upload(manyPages, { process_tags: true }).then(expect4xx('20,000-page upload')),
      regexSend().then(expect4xx('regex send')),
      upload(bomb, { process_tags: true }).then(expect4xx('inflate bomb')),
    ]);
    const busy = await readsDuring(port, statusPath, keyB, attack, 2000);
    const answers = await attack;
    const attackSeconds = (performance.now() - started) / 1000;

    const before = rssMb(server.child.pid!);
    const bombRun = upload(bomb, { process_tags: true }).then(expect4xx('inflate bomb (alone)'));
    const peak = await peakRss(server.child.pid!, bombRun);
    await bombRun;

    console.log(`isolation_status_p99_ratio: ${(p99(busy) / p99(idle)).toFixed(2)}`);
    console.log(`isolation_status_max_ms: ${Math.max(...busy).toFixed(1)}`);
    console.log(`isolation_status_p99_ms: ${p99(busy).toFixed(1)}`);
    console.log(`isolation_idle_p99_ms: ${p99(idle).toFixed(1)}`);
    console.log(`isolation_reads_under_attack: ${busy.length}`);
    console.log(`isolation_attack_s: ${attackSeconds.toFixed(1)} (answers ${answers.map((a) => `${a.status} ${JSON.parse(a.text).error.code}`).join(', ')})`);
    console.log(`bomb_rss_growth_mb: ${(peak - before).toFixed(0)}`);
  } finally {
    server.child.kill('SIGTERM');
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
