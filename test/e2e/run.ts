/**
 * The e2e harness: builds the library when dist/ is missing or older than its sources, starts the demo
 * server on a free port with a fresh data directory, waits for GET /healthz, runs Playwright (extra
 * arguments go to `playwright test`), then stops the server and removes the data directory.
 *
 *   node test/e2e/run.ts [playwright args]      (npm test -- --only e2e [playwright args])
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distIsStale } from '../../scripts/lib/dist-freshness.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD from the server's first-start lines ("admin user: E (password: P)"). */
function firstStartSignIn(output: string): Record<string, string> {
  const match = output.match(/admin user:\s+(\S+) \(password: (\S+)\)/);
  return match ? { E2E_ADMIN_EMAIL: match[1], E2E_ADMIN_PASSWORD: match[2] } : {};
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the demo server exited with code ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the demo server did not answer ${base}/healthz within ${timeoutMs / 1000}s:\n${output()}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

if (distIsStale(root)) {
  console.log('e2e: dist/ is missing or older than its sources: npm run build');
  const build = spawnSync(process.execPath, ['scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('e2e: the build failed, so the end-to-end tests cannot run');
    process.exit(1);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'esign-e2e-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let serverOutput = '';
const server = spawn(process.execPath, ['demo/server/cli.ts', 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dataDir], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  // Every test uses the first-start sandbox key (100 calls an hour by default, the spec's throttle): together they
  // make more, and component tokens count against it too.
  // ESIGN_DEV=1: webhook receivers in the tests listen on 127.0.0.1 (a private address otherwise refused).
  // ESIGN_TEST_CLOCK=1: signing-verification.e2e.ts moves a recipient's one-time code clock instead of waiting.
  env: { ...process.env, ESIGN_BASE_URL: base, ESIGN_SANDBOX_RATE_LIMIT: '100000', ESIGN_DEV: '1', ESIGN_TEST_CLOCK: '1' },
});
server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));

const cleanUp = async () => {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

let exitCode = 1;
try {
  await waitForHealth(base, server, () => serverOutput);
  console.log(`e2e: demo server at ${base} (data in ${dataDir})`);
  const playwright = spawn(join(root, 'node_modules/.bin/playwright'), ['test', '-c', 'playwright.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    // The admin's sign-in as the first start printed it (the portal test signs in with it).
    env: { ...process.env, E2E_BASE_URL: base, ...firstStartSignIn(serverOutput) },
  });
  exitCode = await new Promise<number>((resolve) => playwright.on('close', (code) => resolve(code ?? 1)));
  if (exitCode !== 0 && process.env.ESIGN_E2E_SERVER_LOG !== '0') {
    console.log(`\ne2e: demo server output (last 4000 characters):\n${serverOutput.slice(-4000)}`);
  }
} catch (error) {
  console.error(`e2e: ${(error as Error).message}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
