/**
 * The two packages as a user gets them: `npm run pack` makes both tarballs, each is installed into an
 * empty directory (from the local npm cache), and then:
 * - esign-elements holds no server file, no test file and exactly one pdf.js worker;
 * - esign-server's `esign-server serve` starts from its install, answers /healthz, and its demo page
 *   loads the elements from the installed esign-elements (in Chromium).
 * Slow (a build, two installs, a server start): one file, every step asserted.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { TEST_ONLY } from './test-only-paths.ts';
import { distIsStale } from '../../scripts/lib/dist-freshness.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
// What a user's machine has: no `esign-source` condition (.npmrc), so the packages' own files load.
const userEnv = { ...process.env, NODE_OPTIONS: '', npm_config_node_options: '' };

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

async function npmInstall(dir: string, tarballs: string[]): Promise<void> {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'empty-project', version: '1.0.0', private: true }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
    cwd: dir,
    env: userEnv,
    maxBuffer: 16 << 20,
  });
}

describe('the packed packages, installed', { timeout: 600_000 }, () => {
  let work = '';
  let elementsTgz = '';
  let serverTgz = '';
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'esign-packages-'));
    // `npm test` builds dist/ once before the Node tests; alone on a stale tree, pack builds it.
    const build = distIsStale(root) ? [] : ['--no-build'];
    const { stdout } = await run(process.execPath, ['scripts/pack.ts', '--out', join(work, 'tarballs'), ...build], { cwd: root, maxBuffer: 16 << 20 });
    [elementsTgz, serverTgz] = stdout.trim().split('\n').slice(-2);
    assert.match(elementsTgz, /esign-elements-[\d.]+\.tgz$/);
    assert.match(serverTgz, /esign-server-[\d.]+\.tgz$/);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('esign-elements alone: no server file, no test file, one pdf.js worker, no server dependency', async () => {
    const project = mkdtempSync(join(work, 'elements-'));
    await npmInstall(project, [elementsTgz]);
    const pkg = join(project, 'node_modules/esign-elements');
    const files = filesUnder(pkg).map((file) => relative(pkg, file));
    assert.ok(files.includes('dist/cdn/esign-signer.min.js'), 'the per-element CDN files ship');
    assert.deepEqual(
      files.filter((file) => TEST_ONLY.some((re) => re.test(file)) || /(^|\/)(server|demo|portal|src)\//.test(file) || /\.test\./.test(file)),
      [],
    );
    assert.deepEqual(
      files.filter((file) => file.endsWith('pdf.worker.min.mjs')),
      ['dist/cdn/pdf.worker.min.mjs'],
    );
    const installed = readdirSync(join(project, 'node_modules')).flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(project, 'node_modules', name)).map((sub) => `${name}/${sub}`) : [name],
    );
    for (const serverOnly of ['fastify', 'pg', '@aws-sdk/client-s3', 'pdf-lib', 'sharp', 'pdfjs-dist', '@expo-google-fonts/noto-sans-jp']) {
      assert.ok(!installed.includes(serverOnly), `${serverOnly} is not installed with the elements`);
    }
  });

  for (const example of ['react', 'vue']) {
    it(`examples/${example} installs with the elements tarball as its one esign package, and builds`, async () => {
      const app = mkdtempSync(join(work, `example-${example}-`));
      cpSync(join(root, 'examples', example), app, { recursive: true });
      const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      assert.deepEqual(
        Object.keys(pkg.dependencies).filter((name) => name.startsWith('esign-')),
        ['esign-elements'],
      );
      pkg.dependencies['esign-elements'] = `file:${elementsTgz}`;
      writeFileSync(join(app, 'package.json'), JSON.stringify(pkg));
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, env: userEnv, maxBuffer: 16 << 20 });
      assert.ok(!existsSync(join(app, 'node_modules/esign-server')) && !existsSync(join(app, 'node_modules/fastify')), 'no server package');
      await run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: app, env: userEnv, maxBuffer: 16 << 20 });
      const assets = readdirSync(join(app, 'dist/assets'));
      assert.ok(
        assets.some((name) => name.endsWith('.js')),
        assets.join(', '),
      );
      assert.ok(
        assets.some((name) => /^pdf\.worker\.min-.*\.mjs$/.test(name)),
        `the worker is bundled: ${assets.join(', ')}`,
      );
    });
  }

  it('esign-server: `esign-server serve` starts from its install, answers /healthz, and its demo page loads the installed elements', async () => {
    const project = mkdtempSync(join(work, 'server-'));
    await npmInstall(project, [elementsTgz, serverTgz]);
    const fonts = readdirSync(join(project, 'node_modules/esign-server/fonts')).filter((f) => f.endsWith('.ttf'));
    assert.deepEqual(fonts.sort(), ['NotoSansJP-Regular.ttf', 'NotoSansSC-Regular.ttf'], 'one weight of each CJK font');
    const dataDir = join(project, 'data');
    const server: ChildProcess = spawn(join(project, 'node_modules/.bin/esign-server'), ['serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir], {
      cwd: project,
      env: { ...userEnv, ESIGN_LOG: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`esign-server did not start within 60 s:\n${output}`)), 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const listening = /listening on (http:\/\/[^\s/]+)\//.exec(output);
          if (listening) {
            clearTimeout(timer);
            resolve(listening[1]);
          }
        };
        server.stdout!.on('data', onData);
        server.stderr!.on('data', onData);
        server.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`esign-server exited (${code}) before listening:\n${output}`));
        });
      });
      const health = await fetch(`${baseUrl}/healthz`);
      assert.equal(health.status, 200, await health.clone().text());

      const browser = await chromium.launch(chromiumLaunchOptions());
      try {
        const page = await browser.newPage();
        const loaded: string[] = [];
        page.on('response', (response) => {
          if (response.ok()) loaded.push(new URL(response.url()).pathname);
        });
        await page.goto(`${baseUrl}/`);
        await page.waitForFunction(() => customElements.get('esign-viewer') !== undefined, undefined, { timeout: 30_000 });
        assert.ok(
          loaded.some((path) => path.startsWith('/dist/cdn/')),
          loaded.join(', '),
        );
      } finally {
        await browser.close();
      }
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  });
});
