/**
 * Module hooks that load `.ts` files by stripping their types with `module.stripTypeScriptTypes`
 * (Node >= 22.13), registered by run-ts.mjs (beside it). Node's own type stripping needs 22.18 (or a flag
 * before that) and refuses files under node_modules, which is where an installed `esign-server` lives.
 * Plain JavaScript on purpose: it must load before anything can strip types.
 */
import { readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';

// Node warns that stripTypeScriptTypes is experimental (on every start, from this hooks thread); that
// says nothing to someone starting the server, so only that one warning is dropped.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  if (/stripTypeScriptTypes/.test(String(typeof warning === 'string' ? warning : warning?.message))) return;
  emitWarning.call(process, warning, ...rest);
};

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !/\.m?ts$/.test(new URL(url).pathname)) return nextLoad(url, context);
  const code = await readFile(fileURLToPath(url), 'utf8');
  return { format: 'module', source: stripTypeScriptTypes(code, { mode: 'strip', sourceUrl: url }), shortCircuit: true };
}
