#!/usr/bin/env node
// The `esign-server` command (the package's "bin"): server/cli.ts on any Node >= 22.13, also when the
// package is installed under node_modules (see run-ts.mjs).
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';
import { runTypeScript } from './run-ts.mjs';

requireSupportedNode();

await runTypeScript(fileURLToPath(new URL('../server/cli.ts', import.meta.url)), process.argv.slice(2));
