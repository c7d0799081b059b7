/**
 * `npm run typecheck` (and `npm test -- --only typecheck`): tsc over everything, and beside it the
 * type-aware promise rules for the server (eslint.promises.config.js), which need the same type
 * information. Extra arguments go to tsc.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const run = (command: string, args: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });

const [tsc, promises] = await Promise.all([
  run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json', ...process.argv.slice(2)]),
  run(bin('eslint'), ['-c', 'eslint.promises.config.js', 'demo/server', 'test/support/server']),
]);
if (promises !== 0) console.error('typecheck: the server has promises that are not awaited or are misused (eslint.promises.config.js)');
process.exitCode = tsc === 0 && promises === 0 ? 0 : 1;
