/**
 * rest_status_rps_ratio: requests per second of `GET /api/v1/status/{id}/` (valid production key,
 * 50 concurrent keep-alive connections) divided by a bare Node HTTP server answering a fixed JSON
 * body, measured in the same run. Also rest_status_p99_ms and the absolute figures.
 *
 * Each server runs in its own child process (this file with `--serve esign|bare`), so the load
 * generator here does not share an event loop with it. Rounds alternate bare/esign back to back;
 * the figures are the medians over the rounds' pairs, which damps the noise of a shared machine.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CONNECTIONS = 50;
const ROUND_MS = Number(process.env.REST_BENCH_MS ?? 2500);
const ROUNDS = Number(process.env.REST_BENCH_ROUNDS ?? 3);
const WARMUP_MS = 500;

interface Ready {
  port: number;
  key?: string;
  groupId?: string;
  templateId?: string;
}

// ---------------------------------------------------------------- child: the servers

async function serveBare(): Promise<void> {
  const body = JSON.stringify({
    uuid: crypto.randomUUID(),
    resource_uri: '/api/v1/status/x/',
    document: '/api/v1/document/x/',
    status: 10,
    statusText: 'available',
    archived: false,
    download_final: false,
    tag: 'bench',
    tag1: '',
    tag2: '',
    tag3: '',
    modified: new Date().toISOString(),
  });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ port: address.port } satisfies Ready)}\n`);
  });
}

async function serveEsign(): Promise<void> {
  const { buildApp } = await import('../demo/server/app.ts');
  const { ensureInitialSetup } = await import('../demo/server/services/bootstrap.ts');
  const { templateFileName } = await import('../demo/server/services/template-deletion.ts');
  const { generatePdf } = await import('../test/support/generate-pdf.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-rest-bench-'));
  const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits: { sandbox: 100, production: 1_000_000_000, windowMs: 3_600_000 } });
  const setup = (await ensureInitialSetup(app.store))!;
  const admin = (await app.store.users.firstAdmin())!;
  const { key } = await app.store.apiKeys.create(admin.id, 'production', false);
  // A template as an upload would leave it: the PDF file and its row with two signers' fields.
  const pdf = await generatePdf({ pages: 2 });
  const templateId = crypto.randomUUID();
  await app.store.files.write(templateFileName(templateId), pdf);
  const box: [number, number, number, number] = [0, 0, 612, 792];
  const { completeElement } = await import('../src/fields/complete-element.ts');
  const element = (signer: number, page: number) =>
    completeElement({ ax: 0.1, ay: 0.8, bx: 0.4, by: 0.85, page, element_type: 'signature', signer, font_size: 11, uuid: crypto.randomUUID() });
  await app.store.templates.insert({
    id: templateId,
    groupId: setup.groupId,
    userId: admin.id,
    title: 'Bench',
    pageCount: 2,
    pages: [
      { mediaBox: box, cropBox: box, rotate: 0 },
      { mediaBox: box, cropBox: box, rotate: 0 },
    ],
    fileSize: pdf.length,
    processTags: false,
    archiveUponSend: false,
    hideSenderFields: false,
    fields: [element(1, 1), element(2, 2)],
    report: {},
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port, key, groupId: setup.groupId, templateId } satisfies Ready)}\n`);
  const stop = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// ---------------------------------------------------------------- parent: the load generator

function startChild(mode: 'esign' | 'bare'): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const line = text.split('\n')[0];
      if (text.includes('\n')) resolve({ child, ready: JSON.parse(line) as Ready });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited early (${code})`)));
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

interface Round {
  rps: number;
  p99: number;
  errors: number;
}

async function load(port: number, urlPath: string, headers: Record<string, string>, ms: number): Promise<Round> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const start = Date.now();
  const warmEnd = start + WARMUP_MS;
  const end = warmEnd + ms;
  let measuredFrom = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const t0 = process.hrtime.bigint();
      const now = Date.now();
      if (!measuring && now >= warmEnd) {
        measuring = true;
        measuredFrom = now;
      }
      try {
        const res = await request(agent, port, 'GET', urlPath, headers);
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      if (measuring) latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (Date.now() - measuredFrom) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0, errors };
}

async function main(): Promise<void> {
  const bare = await startChild('bare');
  const esign = await startChild('esign');
  try {
    const { port, key, groupId, templateId } = esign.ready;
    const auth = { authorization: `Bearer ${key}` };
    const agent = new http.Agent({ keepAlive: false });
    const body = JSON.stringify({
      group: `/api/v1/group/${groupId}/`,
      name: 'Bench contract',
      templatepdf: `/api/v1/templatepdf/${templateId}/`,
      signers: [
        { firstname: 'Ann', lastname: 'Bench', email: 'ann@example.com' },
        { firstname: 'Bob', lastname: 'Bench', email: 'bob@example.com' },
      ],
    });
    const sent = await request(agent, port, 'POST', '/api/v1/document/', { ...auth, 'content-type': 'application/json' }, body);
    if (sent.status !== 201) throw new Error(`send failed: ${sent.status} ${sent.text}`);
    const statusPath = String(sent.headers.location);
    const check = await request(agent, port, 'GET', statusPath, auth);
    if (check.status !== 200 || JSON.parse(check.text).status !== 10) throw new Error(`status check failed: ${check.status} ${check.text}`);

    const pairs: { bare: Round; esign: Round }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const b = await load(bare.ready.port, statusPath, {}, ROUND_MS);
      const e = await load(port, statusPath, auth, ROUND_MS);
      if (b.errors || e.errors) throw new Error(`non-200 answers during the load: bare ${b.errors}, esign ${e.errors}`);
      pairs.push({ bare: b, esign: e });
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(`rest_status_rps_ratio: ${median(pairs.map((p) => p.esign.rps / p.bare.rps)).toFixed(3)}`);
    console.log(`rest_status_p99_ms: ${median(pairs.map((p) => p.esign.p99)).toFixed(2)}`);
    console.log(`rest_status_rps: ${median(pairs.map((p) => p.esign.rps)).toFixed(0)}`);
    console.log(`rest_bare_rps: ${median(pairs.map((p) => p.bare.rps)).toFixed(0)}`);
    console.log(`rest_bare_p99_ms: ${median(pairs.map((p) => p.bare.p99)).toFixed(2)}`);
  } finally {
    bare.child.kill('SIGTERM');
    esign.child.kill('SIGTERM');
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) {
  const mode = process.argv[serveAt + 1];
  await (mode === 'bare' ? serveBare() : serveEsign());
} else {
  await main();
}
