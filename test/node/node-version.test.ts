/**
 * On a Node that is too old, every entry point prints one line saying which Node is needed and how to
 * get it, and exits 1 before doing anything else: the server's commands (22.13) and the repository's npm
 * scripts (22.18: npm test, npm run build, npm start, npm run demo), and `npm install` refuses through
 * package.json "engines" and .npmrc engine-strict. The check itself is tested directly, and the entry
 * points are run with an old Node when the machine has one (its default `node` is often 20).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MINIMUM_NODE_REPOSITORY, nodeVersionProblem } from '../../demo/bin/node-version.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('the version check accepts 22.13 and later, refuses anything older with a how-to line', () => {
  for (const ok of ['22.13.0', '22.18.1', '23.0.0', '24.19.2', '30.1.0']) assert.equal(nodeVersionProblem(ok), '', ok);
  for (const old of ['20.20.2', '22.12.9', '18.0.0', '21.99.0']) {
    const problem = nodeVersionProblem(old);
    assert.match(problem, /Node\.js >= 22\.13/);
    assert.match(problem, new RegExp(`Node ${old.replaceAll('.', '\\.')}`));
    assert.match(problem, /nodejs\.org|nvm/);
    assert.doesNotMatch(problem, /\n/);
  }
});

/** A Node binary older than 22.13 on this machine, if any (never downloaded). */
function oldNode(): string | null {
  const candidates = new Set(['/usr/bin/node', '/usr/local/bin/node', '/bin/node']);
  try {
    for (const line of execFileSync('sh', ['-c', 'which -a node'], { encoding: 'utf8' }).split('\n')) if (line.trim()) candidates.add(line.trim());
  } catch {
    /* no `which` */
  }
  for (const bin of candidates) {
    if (!existsSync(bin)) continue;
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
    if (version && nodeVersionProblem(version)) return bin;
  }
  return null;
}

const old = oldNode();

test('esign-server.mjs and run-ts.mjs on an old Node: one line, exit 1, no stack trace', { skip: old ? false : 'no Node < 22.13 on this machine' }, () => {
  for (const args of [
    ['demo/bin/esign-server.mjs', '--help'],
    ['demo/bin/run-ts.mjs', 'demo/server/cli.ts', '--help'],
  ]) {
    const run = spawnSync(old!, args, { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 1, args[0]);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, /needs Node\.js >= 22\.13/);
    assert.doesNotMatch(run.stderr, /SyntaxError| {4}at /);
  }
});

test('the repository needs 22.18: the check says so, and every npm script a newcomer runs starts with it', () => {
  assert.equal(nodeVersionProblem('22.18.0', MINIMUM_NODE_REPOSITORY), '');
  assert.match(nodeVersionProblem('22.17.1', MINIMUM_NODE_REPOSITORY), /Node\.js >= 22\.18 .*nodejs\.org/);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
  assert.equal(pkg.engines.node, '>=22.18');
  for (const name of ['start', 'demo', 'build', 'test', 'typecheck', 'bench']) {
    assert.match(pkg.scripts[name], /^node scripts\/check-node\.mjs && /, `npm run ${name} checks Node first`);
  }
  // Linting reads the .ts files and runs none: plain JavaScript, so it needs no check.
  assert.equal(pkg.scripts.lint, 'node scripts/lint.mjs');
  assert.match(readFileSync(join(root, '.npmrc'), 'utf8'), /^engine-strict=true$/m);
});

test(
  'npm test, build, start and install on an old Node: one line naming 22.18, exit non-zero, nothing run',
  { skip: old ? false : 'no Node < 22.13 on this machine' },
  () => {
    const check = spawnSync(old!, ['scripts/check-node.mjs'], { cwd: root, encoding: 'utf8' });
    // npm run lint is the exception: its script loads on the old Node too.
    assert.equal(spawnSync(old!, ['--check', 'scripts/lint.mjs'], { cwd: root, encoding: 'utf8' }).status, 0);
    assert.equal(check.status, 1);
    assert.equal(check.stderr.trim().split('\n').length, 1, check.stderr);
    assert.match(check.stderr, /needs Node\.js >= 22\.18 \(this is Node [\d.]+\): install Node 24/);
    // Through npm itself, as a newcomer types it (npm runs the scripts with the old Node first on PATH).
    const path = `${old!.replace(/\/node$/, '')}:${process.env.PATH ?? ''}`;
    for (const args of [['test'], ['run', 'build'], ['start'], ['run', 'demo']]) {
      const run = spawnSync('npm', args, { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: path } });
      assert.notEqual(run.status, 0, args.join(' '));
      assert.match(run.stderr, /needs Node\.js >= 22\.18/, args.join(' '));
      assert.doesNotMatch(run.stdout + run.stderr, /ERR_UNKNOWN_FILE_EXTENSION|bundle \(dist/, args.join(' '));
    }
    const install = spawnSync('npm', ['install', '--dry-run', '--offline'], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: path } });
    assert.notEqual(install.status, 0);
    assert.match(install.stderr, /EBADENGINE[\s\S]*"node":">=22\.18"/);
  },
);
