#!/usr/bin/env node
/**
 * Runs a TypeScript entry point on any Node >= 22.13, including from inside node_modules:
 *   node demo/bin/run-ts.mjs demo/server/cli.ts serve --port 8080
 * It registers ts-hooks.mjs (type stripping through `module.stripTypeScriptTypes`), then imports
 * the file with `process.argv` as if Node had been started on it directly.
 */
import { register } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';

/** Imports `file` (a path) with TypeScript support, `args` as its command-line arguments. */
export async function runTypeScript(file, args) {
  requireSupportedNode(); // before the hooks: an older Node cannot load them
  register('./ts-hooks.mjs', import.meta.url);
  const path = resolve(file);
  process.argv = [process.argv[0], path, ...args];
  await import(pathToFileURL(path).href);
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const [file, ...args] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node demo/bin/run-ts.mjs FILE.ts [ARGS...]');
    process.exit(2);
  }
  await runTypeScript(file, args);
}
