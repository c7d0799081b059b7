/**
 * `npm run screenshots`: every page the server serves (test/e2e/support/served-pages.ts) at 1366×900 and
 * 390×844, in English and Arabic, plus the English desktop set in the dark colour scheme, into
 * screenshots/ (git-ignored) so a reviewer can look at all of them at once. It starts its own demo
 * server on a free port with a fresh data directory (building dist/ first when it is missing).
 *
 *   node scripts/screenshots.ts [--out DIR]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';
import { pageLinks, servedPages, withLang } from '../test/e2e/support/served-pages.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'screenshots');

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

if (
  !existsSync(join(root, 'dist/cdn/esign-elements.min.js')) ||
  !existsSync(join(root, 'demo/dist/portal/portal.js')) ||
  !existsSync(join(root, 'demo/dist/explorer/explorer.js'))
) {
  const build = spawnSync(process.execPath, ['scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'esign-shots-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['demo/server/cli.ts', 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dataDir], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ESIGN_BASE_URL: base, ESIGN_SANDBOX_RATE_LIMIT: '100000', ESIGN_DEV: '1' },
});

let failed = false;
try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the demo server exited with code ${server.exitCode}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 150) throw new Error('the demo server did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  mkdirSync(out, { recursive: true });
  const pages = servedPages(await pageLinks(base));
  const browser = await chromium.launch(chromiumLaunchOptions());
  const runs = [
    ...SIZES.flatMap((size) => ['en', 'ar'].map((lang) => ({ size, lang, scheme: 'light' as const }))),
    { size: SIZES[0], lang: 'en', scheme: 'dark' as const },
  ];
  for (const { size, lang, scheme } of runs) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: scheme, locale: lang });
    for (const served of pages) {
      const page = await context.newPage();
      const file = join(out, `${served.name}-${size.name}-${lang}${scheme === 'dark' ? '-dark' : ''}.png`);
      try {
        await page.goto(`${base}${served.localized === false ? served.path : withLang(served.path, lang)}`);
        await page.locator(served.ready).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        await page.screenshot({ path: file });
        console.log(`screenshots: ${file}`);
      } catch (error) {
        failed = true;
        console.error(`screenshots: ${served.name} (${size.name}, ${lang}): ${(error as Error).message}`);
      }
      await page.close();
    }
    await context.close();
  }
  await browser.close();
} catch (error) {
  failed = true;
  console.error(`screenshots: ${(error as Error).message}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
