/**
 * `npm test`: the type check, lint (ESLint and Prettier) and the build (dist/, only when stale) side by side,
 * then Node tests, the server's Node tests again on PostgreSQL (node-pg), browser tests and end-to-end tests,
 * in that order. The later stages use the one build. Every stage
 * runs even when an earlier one failed; the last line is `N passed, N failed[, N skipped]` over all of them.
 *
 *   npm test                              everything
 *   npm test -- --only node               one stage (or a comma list: --only typecheck,node)
 *   npm test -- --skip e2e                all but some
 *   npm test -- --only node src/fields/validate.test.ts    extra arguments go to that one stage's runner
 *
 * ESIGN_TEST_ONLY / ESIGN_TEST_SKIP do the same as --only / --skip.
 */
import { availableParallelism } from 'node:os';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migratePostgres, startPostgres, type PostgresCluster } from '../test/support/postgres.ts';
import { distIsStale } from './lib/dist-freshness.ts';
import { parseNodeTest, parsePlaywright, parseTypecheck, parseWebTestRunner, runStage, wasInterrupted, type StageResult, type StageSpec } from './lib/stage.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

const STAGES = ['typecheck', 'lint', 'build', 'node', 'node-pg', 'browser', 'e2e'] as const;
/** Stages that test nothing at run time: run together (each is mostly one process on one core), output shown after. */
const SIDE_BY_SIDE: readonly StageName[] = ['typecheck', 'lint', 'build'];
type StageName = (typeof STAGES)[number];

function usage(message: string): never {
  console.error(`${message}\nusage: npm test -- [--only ${STAGES.join(',')}] [--skip <stages>] [runner args...]`);
  process.exit(2);
}

function parseStageList(value: string | undefined): StageName[] {
  if (!value) return [];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) if (!(STAGES as readonly string[]).includes(name)) usage(`unknown stage "${name}"`);
  return names as StageName[];
}

function parseArgs(argv: string[]): { stages: StageName[]; extra: string[] } {
  let only = parseStageList(process.env.ESIGN_TEST_ONLY);
  let skip = parseStageList(process.env.ESIGN_TEST_SKIP);
  const extra: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only' || arg === '--skip') {
      const list = parseStageList(argv[++i] ?? usage(`${arg} needs a stage name`));
      if (arg === '--only') only = list;
      else skip = list;
    } else if (arg.startsWith('--only=')) only = parseStageList(arg.slice(7));
    else if (arg.startsWith('--skip=')) skip = parseStageList(arg.slice(7));
    else if (arg === '--help' || arg === '-h') usage('');
    else extra.push(arg);
  }
  const stages = STAGES.filter((name) => (only.length === 0 || only.includes(name)) && !skip.includes(name));
  if (extra.length > 0 && stages.length !== 1) usage('runner arguments need exactly one stage (--only <stage>)');
  return { stages, extra };
}

/** Every Node test file: `*.test.ts` under src/, demo/ and test/node/, but not browser tests. */
function nodeTestFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return; // a folder that does not exist yet
    }
    for (const entry of entries) {
      if (entry === 'node_modules' || entry.startsWith('.')) continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.test.ts') && !entry.endsWith('.browser.test.ts')) files.push(relative(root, path));
    }
  };
  for (const dir of ['src', 'demo', 'test/node', 'test/security']) walk(join(root, dir));
  files.sort();
  // The longest files start first: started last (test/node/ sorts at the end), one of them ran on alone
  // while the other cores had nothing left to do.
  const rank = (file: string) => (LONG_RUNNING.includes(file) ? LONG_RUNNING.indexOf(file) : LONG_RUNNING.length);
  return files.sort((a, b) => rank(a) - rank(b));
}

/** The Node test files that take longest (30-75 s each on two cores), longest first. */
const LONG_RUNNING = [
  'demo/server/faults/crash-steps.test.ts',
  'test/node/packages.test.ts',
  'demo/server/convert/crash-recovery.test.ts',
  'demo/server/convert/uploads.test.ts',
  'demo/server/multiprocess.test.ts',
  'demo/server/work/isolation.test.ts',
  'test/node/build.test.ts',
];

/**
 * The server test files that run on a test app (createTestApp): node-pg runs them again on PostgreSQL.
 * Conversion, PDF and work-pool files are left out: they drive LibreOffice and the PDF workers, whose
 * store calls are the ones the other files make, and they would double the longest part of the suite.
 */
const STORE_NEUTRAL = ['demo/server/convert/', 'demo/server/pdf/', 'demo/server/work/'];
function serverAppTestFiles(): string[] {
  return nodeTestFiles().filter((file) => {
    if (!file.startsWith('demo/server/') || STORE_NEUTRAL.some((dir) => file.startsWith(dir))) return false;
    const text = readFileSync(join(root, file), 'utf8');
    // A file that starts its own PostgreSQL already runs its PostgreSQL cases in the node stage.
    return text.includes('createTestApp(') && !OWN_POSTGRES.test(text);
  });
}
const OWN_POSTGRES = /\b(?:postgresForTests|startPostgres|startCluster)\(/;

const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const minutes = (n: number) => n * 60_000;

function stageSpec(name: StageName, extra: string[]): StageSpec | string {
  switch (name) {
    case 'typecheck':
      return { name, command: process.execPath, args: ['scripts/typecheck.ts', ...extra], parse: parseTypecheck, timeoutMs: minutes(5) };
    case 'lint':
      return { name, command: process.execPath, args: ['scripts/lint.mjs', ...extra], parse: parseTypecheck, timeoutMs: minutes(5) };
    case 'build':
      // dist/ for the Node tests that check or pack it and for the e2e server; they build it themselves when run alone.
      if (!distIsStale(root))
        return { name, command: process.execPath, args: ['-e', 'console.log("dist/ is up to date")'], parse: parseTypecheck, timeoutMs: minutes(1) };
      return { name, command: process.execPath, args: ['scripts/build.ts', ...extra], parse: parseTypecheck, timeoutMs: minutes(8) };
    case 'node': {
      const files = extra.length > 0 ? extra : nodeTestFiles();
      if (files.length === 0) return 'no *.test.ts files under src/, demo/ or test/node/';
      // Each file runs in its own process; one per core, because PDF rendering and timing assertions
      // (a hostile regex must stay fast) suffer when files outnumber cores.
      const concurrency = String(Math.max(2, Math.min(8, availableParallelism())));
      return {
        name,
        command: process.execPath,
        args: ['--test', `--test-concurrency=${concurrency}`, '--test-timeout=120000', '--test-reporter=spec', ...files],
        parse: parseNodeTest,
        timeoutMs: minutes(15),
      };
    }
    case 'node-pg': {
      const files = extra.length > 0 ? extra : serverAppTestFiles();
      // One PostgreSQL 15 cluster for the stage (started below, in sharedPostgres); each test app gets a database in it.
      const concurrency = String(Math.max(2, Math.min(8, availableParallelism())));
      return {
        name,
        command: process.execPath,
        args: ['--test', `--test-concurrency=${concurrency}`, '--test-timeout=120000', '--test-reporter=spec', ...files],
        parse: parseNodeTest,
        timeoutMs: minutes(15),
        env: { ESIGN_TEST_DATABASE: 'postgres' },
      };
    }
    case 'browser':
      return {
        name,
        command: bin('web-test-runner'),
        args: ['--config', 'web-test-runner.config.ts', ...extra],
        parse: parseWebTestRunner,
        timeoutMs: minutes(10),
        env: { CI: 'true' },
      };
    case 'e2e':
      return { name, command: process.execPath, args: ['test/e2e/run.ts', ...extra], parse: parsePlaywright, timeoutMs: minutes(12) };
  }
}

const TEMPLATE_DATABASE = 'migrated';

/**
 * Every test file is its own Node process that strips and compiles the same server and element modules
 * again; Node's compile cache keeps the stripped and compiled code on disk for the next process (and the
 * servers the tests start). The suite's processes then spend less of their CPU on loading code.
 */
const COMPILE_CACHE = { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(root, 'node_modules', '.cache', 'node-compile') };

/**
 * One cluster for the whole node-pg stage, with the store's migrations run once in a template database
 * that every test app's database copies: a cluster per file cost each file about three seconds.
 */
async function sharedPostgres(): Promise<PostgresCluster> {
  const cluster = await startPostgres();
  try {
    await migratePostgres(await cluster.createDatabase(TEMPLATE_DATABASE));
    return cluster;
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

/** A stage that failed without a count to show for it (a crash, a load error, a timeout) counts as one failure. */
function judge(result: StageResult): { ok: boolean; note: string } {
  if (result.name === 'typecheck' || result.name === 'lint' || result.name === 'build') {
    const ok = result.exitCode === 0;
    result.passed = ok ? 1 : 0;
    result.failed = ok ? 0 : 1;
    const what = result.name === 'lint' ? 'lint problems' : result.name === 'build' ? 'build errors' : 'type errors';
    return { ok, note: ok ? `no ${what}` : what };
  }
  if (result.exitCode === 124) {
    result.failed = Math.max(result.failed, 1);
    return { ok: false, note: 'timed out' };
  }
  if (!result.summarised) {
    result.failed = Math.max(result.failed, 1);
    return { ok: false, note: `no test summary in the output (exit code ${result.exitCode})` };
  }
  if (result.passed + result.failed === 0) {
    result.failed = 1;
    return { ok: false, note: 'ran zero tests' };
  }
  if (result.exitCode !== 0 && result.failed === 0) {
    result.failed = 1;
    return { ok: false, note: `runner exited with ${result.exitCode} although no test failed` };
  }
  return { ok: result.exitCode === 0 && result.failed === 0, note: '' };
}

const { stages, extra } = parseArgs(process.argv.slice(2));
const rows: { result: StageResult; ok: boolean; note: string }[] = [];

const failedToStart = (name: StageName, note: string) => {
  const result: StageResult = { name, exitCode: 1, seconds: 0, summarised: false, passed: 0, failed: 1, skipped: 0 };
  rows.push({ result, ok: false, note });
};

// The leading checks side by side, each printed whole when all are done.
const together = stages.filter((name) => SIDE_BY_SIDE.includes(name));
if (together.length > 1) {
  const specs = together.map((name) => [name, stageSpec(name, extra)] as const);
  for (const [name, spec] of specs) if (typeof spec === 'string') failedToStart(name, spec);
  const runnable = specs.flatMap(([, spec]) => (typeof spec === 'string' ? [] : [spec]));
  console.log(`\n━━━ ${runnable.map((spec) => spec.name).join(', ')}: side by side`);
  const results = await Promise.all(runnable.map((spec) => runStage({ ...spec, quiet: true })));
  for (const result of results) {
    console.log(`\n━━━ ${result.name} (${result.seconds.toFixed(1)}s)\n`);
    process.stdout.write(result.output ?? '');
    rows.push({ result, ...judge(result) });
  }
}

for (const name of stages) {
  if (together.length > 1 && together.includes(name)) continue;
  if (wasInterrupted()) break;
  const spec = stageSpec(name, extra);
  if (typeof spec === 'string') {
    console.log(`\n━━━ ${name}: ${spec}`);
    failedToStart(name, spec);
    continue;
  }
  let postgres: PostgresCluster | undefined;
  try {
    if (name === 'node-pg') postgres = await sharedPostgres();
  } catch (error) {
    console.log(`\n━━━ ${name}: PostgreSQL did not start: ${(error as Error).message}`);
    failedToStart(name, 'PostgreSQL did not start');
    continue;
  }
  try {
    const env = { ...COMPILE_CACHE, ...spec.env };
    if (postgres) Object.assign(env, { ESIGN_TEST_POSTGRES_PORT: String(postgres.port), ESIGN_TEST_POSTGRES_TEMPLATE: TEMPLATE_DATABASE });
    const result = await runStage({ ...spec, env });
    rows.push({ result, ...judge(result) });
  } finally {
    postgres?.stop();
  }
}

console.log('\n━━━ summary');
for (const { result, ok, note } of rows) {
  const counts = `${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(10)} ${counts.padEnd(34)} ${result.seconds.toFixed(1).padStart(6)}s${note ? `  (${note})` : ''}`);
  if (!ok) for (const line of result.failures ?? []) console.log(`       ${line}`);
}
const total = (key: 'passed' | 'failed' | 'skipped') => rows.reduce((sum, row) => sum + row.result[key], 0);
const skipped = total('skipped');
console.log(`${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = rows.every((row) => row.ok) && !wasInterrupted() && rows.length > 0 ? 0 : 1;
