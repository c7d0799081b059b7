/**
 * On a Node older than 22.13 the command-line entry points print one line saying which Node is needed
 * and how to get it, instead of a stack trace from the module loader. The check itself is tested directly,
 * and both scripts are run with an old Node when the machine has one (its default `node` is often 20).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nodeVersionProblem } from '../../scripts/node-version.mjs';

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
    ['scripts/esign-server.mjs', '--help'],
    ['scripts/run-ts.mjs', 'demo/server/cli.ts', '--help'],
  ]) {
    const run = spawnSync(old!, args, { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 1, args[0]);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, /needs Node\.js >= 22\.13/);
    assert.doesNotMatch(run.stderr, /SyntaxError|    at /);
  }
});
