/**
 * `node bench/package-size.bench.ts`: what each audience downloads and installs (issue 25).
 *
 * - elements_tarball_kb: the packed esign-elements (`npm run pack`).
 * - elements_install_mb: node_modules of an empty project with only `vite`, after installing that tarball,
 *   minus the same project before (du, MB). Target <= 60.
 * - server_install_mb: node_modules of an empty project after installing esign-server (with esign-elements).
 * - cdn_signer_gzip_kb: gzipped bytes (level 9) of every file a page showing only <esign-signer> fetched from
 *   the CDN folder by the time its first PDF page painted, the pdf.js worker included (its own CDN file).
 * - cdn_all_gzip_kb: the same page with the one file that defines everything (esign-elements.min.js).
 *
 * Installs run from the local npm cache (--prefer-offline). The signer talks to a small stand-in API here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';
import { generatePdf } from '../test/support/generate-pdf.ts';
import { recordViewerEvents, waitForPaintedPage } from '../test/e2e/support/painted-page.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'esign-size-bench-'));
const userEnv = { ...process.env, NODE_OPTIONS: '', npm_config_node_options: '' };
const mb = (kb: number) => (kb / 1024).toFixed(1);

function duKb(dir: string): number {
  return Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]);
}

function project(name: string, dependencies: Record<string, string> = {}): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, dependencies }));
  return dir;
}

function npmInstall(dir: string, args: string[] = []): void {
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...args], {
    cwd: dir,
    env: userEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

try {
  const [elementsTgz, serverTgz] = execFileSync(process.execPath, ['scripts/pack.ts', '--out', join(work, 'tarballs')], { cwd: root, encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(-2);
  console.log(`elements_tarball_kb: ${(readFileSync(elementsTgz).length / 1024).toFixed(0)}`);

  const vite = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.vite;
  const app = project('vite-app', { vite });
  npmInstall(app);
  const before = duKb(join(app, 'node_modules'));
  npmInstall(app, [elementsTgz]);
  console.log(`elements_install_mb: ${mb(duKb(join(app, 'node_modules')) - before)}`);

  const server = project('server');
  npmInstall(server, [elementsTgz, serverTgz]);
  console.log(`server_install_mb: ${mb(duKb(join(server, 'node_modules')))}`);

  console.log(`cdn_signer_gzip_kb: ${await signerPageGzipKb('esign-signer.min.js')}`);
  console.log(`cdn_all_gzip_kb: ${await signerPageGzipKb('esign-elements.min.js')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Gzipped KB of the CDN files a page with only <esign-signer>, loaded through `script`, fetched before its first page painted. */
async function signerPageGzipKb(script: string): Promise<string> {
  const cdn = join(root, 'dist/cdn');
  const pdf = await generatePdf({ pages: 2, text: (i) => `Agreement page ${i + 1}` });
  const signer = '11111111-1111-4111-8111-111111111111';
  const documentId = '22222222-2222-4222-8222-222222222222';
  const page = `<!doctype html><html lang="en"><body>
    <esign-signer endpoint="" token="t" signer="${signer}" no-redirect style="display:block;height:700px"></esign-signer>
    <script type="module" src="/cdn/${script}"></script></body></html>`;
  const fetched: string[] = [];
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const json = (body: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/')
      return response.writeHead(200, { 'Content-Type': 'text/html' }).end(page.replace('endpoint=""', `endpoint="http://${request.headers.host}"`));
    if (path.startsWith('/cdn/')) {
      const file = normalize(join(cdn, path.slice(5)));
      if (!file.startsWith(cdn)) return response.writeHead(404).end();
      try {
        const bytes = readFileSync(file);
        fetched.push(file);
        return response.writeHead(200, { 'Content-Type': /\.m?js$/.test(file) ? 'text/javascript' : 'application/octet-stream' }).end(bytes);
      } catch {
        return response.writeHead(404).end();
      }
    }
    if (path.startsWith('/api/v1/pdf/')) return response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(Buffer.from(pdf));
    if (path.endsWith('/signing/')) {
      return json({
        signer: {
          uuid: signer,
          firstname: 'Ann',
          lastname: 'Tester',
          email: 'ann@example.com',
          role: 'signer',
          status: 10,
          statusText: 'sent',
          signer_number: 1,
          rejection_reason: '',
        },
        document: { uuid: documentId, name: 'Agreement', status: 10, statusText: 'available', pdf: `/api/v1/pdf/${documentId}/`, page_count: 2, redirect: '' },
        can_sign: true,
        blocked_reason: '',
        fields: [],
      });
    }
    return json({ status: 20 });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const tab = await browser.newPage();
    await recordViewerEvents(tab as never);
    await tab.goto(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`);
    await waitForPaintedPage(tab as never, 'esign-signer', 60_000);
    const bytes = [...new Set(fetched)].reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
    return (bytes / 1024).toFixed(0);
  } finally {
    await browser.close();
    http.close();
  }
}
