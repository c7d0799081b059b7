/**
 * `npm run bench [name...]`: runs every bench/*.bench.ts, each as its own Node process, one after another
 * (so they do not compete for the CPU), streams their output, and ends with every figure together.
 * A name argument keeps only the files whose name contains it: `npm run bench -- viewer`.
 *
 * Each bench prints lines `name: value` (ratios, and absolute times for context) and exits 0.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const root = join(benchDir, '..');
const filters = process.argv.slice(2);

const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(filters.length > 0 ? `no bench/*.bench.ts matches ${filters.join(', ')}` : 'no bench/*.bench.ts files');
  process.exit(1);
}

/** A figure line: `name: value`, where name is a plain identifier and value starts with a number. */
const FIGURE = /^([A-Za-z][\w.-]*): (-?\d[^\s]*.*)$/;

interface Outcome {
  file: string;
  code: number;
  seconds: number;
  figures: [string, string][];
}

function runBench(file: string): Promise<Outcome> {
  const started = Date.now();
  console.log(`\n━━━ bench/${file}`);
  return new Promise((resolve) => {
    const figures: [string, string][] = [];
    let pending = '';
    const child = spawn(process.execPath, [join(benchDir, file)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = FIGURE.exec(line.trim());
        if (match) figures.push([match[1], match[2]]);
      }
    });
    child.on('close', (code) => {
      const match = FIGURE.exec(pending.trim());
      if (match) figures.push([match[1], match[2]]);
      resolve({ file, code: code ?? 1, seconds: (Date.now() - started) / 1000, figures });
    });
  });
}

const outcomes: Outcome[] = [];
for (const file of files) outcomes.push(await runBench(file));

console.log('\n━━━ all figures');
for (const outcome of outcomes) {
  const status = outcome.code === 0 ? '' : `  (exited with ${outcome.code})`;
  console.log(`# bench/${outcome.file} (${outcome.seconds.toFixed(1)}s)${status}`);
  for (const [name, value] of outcome.figures) console.log(`${name}: ${value}`);
}
process.exitCode = outcomes.every((outcome) => outcome.code === 0) ? 0 : 1;
