/**
 * `npm test -- --only lint` (and `npm run lint`): ESLint over the tree (eslint.config.js), then Prettier's
 * check of the same sources (.prettierrc.json). `--fix` lets both fix what they can.
 * Plain JavaScript, unlike the other scripts: linting reads the `.ts` files and never runs them, so it works
 * on any Node ESLint supports (the system's Node 20 too). Both tools keep a cache in node_modules/.cache, so a
 * second run checks only the files that changed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const fix = process.argv.includes('--fix');

/** The sources Prettier formats (Markdown, YAML and generated files are left as written). */
export const PRETTIER_GLOBS = [
  'src/**/*.ts',
  'demo/**/*.{ts,js,mjs}',
  'test/**/*.ts',
  'scripts/**/*.{ts,mjs}',
  'bench/**/*.ts',
  'stories/**/*.ts',
  '*.{ts,js,mjs}',
];

const missing = ['eslint', 'prettier'].filter((name) => !existsSync(bin(name)));
if (missing.length > 0) {
  console.error(`lint: ${missing.join(' and ')} not installed in node_modules: run \`npm install\` first.`);
  process.exit(1);
}

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });

// Side by side: ESLint with type information is the slow one, and Prettier only reads files.
// With --fix they would write the same files, so then Prettier runs after ESLint.
const cache = join(root, 'node_modules', '.cache');
const eslintRun = run(bin('eslint'), ['.', '--cache', '--cache-location', join(cache, 'eslint/'), '--cache-strategy', 'content', ...(fix ? ['--fix'] : [])]);
const prettierArgs = [
  fix ? '--write' : '--check',
  '--cache',
  '--cache-location',
  join(cache, 'prettier/cache.json'),
  '--cache-strategy',
  'content',
  '--log-level',
  'warn',
  ...PRETTIER_GLOBS,
];
const [eslint, prettier] = fix
  ? [await eslintRun, await run(bin('prettier'), prettierArgs)]
  : await Promise.all([eslintRun, run(bin('prettier'), prettierArgs)]);
if (eslint === 0 && prettier === 0) console.log('lint: ESLint and Prettier found nothing to change');
else
  console.error(
    `lint: ${eslint !== 0 ? 'ESLint found problems' : ''}${eslint !== 0 && prettier !== 0 ? '; ' : ''}${prettier !== 0 ? 'Prettier would reformat the files listed (npm run lint -- --fix)' : ''}`,
  );
process.exitCode = eslint === 0 && prettier === 0 ? 0 : 1;
