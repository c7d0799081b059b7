/**
 * `npm run build`: the elements package in dist/ (see vite.config.ts for the bundles), and the server
 * package's page script in demo/dist/.
 *
 *   dist/esign-elements.js, dist/esign-viewer.js, ..., dist/fields.js   ES modules for bundlers
 *   dist/react.js                                                        React components (esign-elements/react)
 *   dist/types/**                                                        type declarations
 *   dist/custom-elements.json                                            from the elements' JSDoc
 *   dist/cdn/esign-elements.min.js                                       one file for a script tag, every element
 *   dist/cdn/esign-{viewer,signer,editor}.min.js (+ esign-chunk-*.min.js) one element each, shared chunks
 *   dist/cdn/pdf.worker.min.mjs, dist/cdn/{cmaps,standard_fonts,wasm,iccs}/  pdf.js worker and data, once
 *   demo/dist/portal/portal.js                                           the developer portal page (/portal/), esign-server's
 *   demo/dist/explorer/explorer.js, explorer.css (+ chunks, workers)     the GraphQL explorer (/graphql/): GraphiQL
 *   *.br, *.gz beside the files of dist/cdn/ and demo/dist/              precompressed for the server (scripts/precompress.ts)
 *
 * `--out-dir <dir>` builds the elements elsewhere, `--server-out-dir <dir>` the server's part.
 * Ends by checking the result (scripts/lib/verify-dist.ts) and fails when something is missing or broken.
 * A new step: one more `step(...)` block before the check, writing into `dist` (the folder being built).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { elementEntries } from '../vite.config.ts';
import { PDFJS_DATA_FOLDERS, verifyDist, verifyServerDist } from './lib/verify-dist.ts';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--out-dir <dir>` builds elsewhere (the build test uses a temporary directory); default dist/.
const outDirArg = process.argv.indexOf('--out-dir');
const target = outDirArg > 0 && process.argv[outDirArg + 1] ? resolve(process.argv[outDirArg + 1]) : join(root, 'dist');
const serverOutDirArg = process.argv.indexOf('--server-out-dir');
const serverTarget = serverOutDirArg > 0 && process.argv[serverOutDirArg + 1] ? resolve(process.argv[serverOutDirArg + 1]) : join(root, 'demo', 'dist');
// Built beside the target and swapped in at the end, so a running demo or a test that reads dist/
// never sees it half-built, and a failed build leaves the previous one in place. (Same depth as the
// target, so the relative paths in source maps stay right.)
const dist = `${target}.building-${process.pid}`;
process.on('exit', () => rmSync(dist, { recursive: true, force: true }));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function step(label: string): () => void {
  const started = Date.now();
  process.stdout.write(`${label} ... `);
  return () => console.log(`${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/**
 * tsc keeps `./x.ts` in declaration files (rewriteRelativeImportExtensions only rewrites JavaScript), so
 * consumers' type checks would look for .ts sources that the package does not ship: point them at `./x.js`.
 */
function rewriteDeclarationImports(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) rewriteDeclarationImports(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const rewritten = text.replace(/((?:from\s+|import\s*\(\s*|import\s+)['"]\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1.js$2');
      if (rewritten !== text) writeFileSync(path, rewritten);
    }
  }
}

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'cdn'), { recursive: true });

let done = step('bundle (dist/*.js)');
await build({ configFile: join(root, 'vite.config.ts'), mode: 'lib', build: { outDir: dist } });
done();

done = step('self-contained CDN file (dist/cdn/esign-elements.min.js)');
await build({ configFile: join(root, 'vite.config.ts'), mode: 'cdn', build: { outDir: join(dist, 'cdn') } });
done();

done = step('one CDN file per element (dist/cdn/esign-*.min.js)');
await build({ configFile: join(root, 'vite.config.ts'), mode: 'cdn-elements', build: { outDir: join(dist, 'cdn') } });
done();

done = step('developer portal (demo/dist/portal/portal.js)');
await build({ configFile: join(root, 'vite.config.ts'), mode: 'portal', build: { outDir: join(serverTarget, 'portal'), emptyOutDir: true } });
done();

done = step('GraphQL explorer (demo/dist/explorer/: GraphiQL)');
await build({ configFile: join(root, 'vite.config.ts'), mode: 'explorer', build: { outDir: join(serverTarget, 'explorer'), emptyOutDir: true } });
done();

done = step('pdf.js worker and data folders (dist/cdn/)');
const worker = createRequire(import.meta.url).resolve('pdfjs-dist/build/pdf.worker.min.mjs');
const pdfjsRoot = dirname(dirname(worker));
copyFileSync(worker, join(dist, 'cdn', 'pdf.worker.min.mjs'));
// src/internal/pdf-worker.ts points pdf.js at these beside the worker: CMaps for CJK text without
// embedded fonts, the standard fonts, the JPEG 2000/JBIG2/colour decoders (wasm) and ICC profiles.
for (const folder of PDFJS_DATA_FOLDERS) cpSync(join(pdfjsRoot, folder), join(dist, 'cdn', folder), { recursive: true });
done();

done = step('type declarations (dist/types)');
run(bin('tsc'), ['-p', 'tsconfig.build.json', '--outDir', join(dist, 'types')]);
rewriteDeclarationImports(join(dist, 'types'));
done();

done = step('custom elements manifest (dist/custom-elements.json)');
run(bin('cem'), ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'], { ESIGN_CEM_OUTDIR: relative(root, dist) });
done();

done = step('Brotli and gzip copies for the server (scripts/precompress.ts)');
// The elements as tight as Brotli goes (signers on slow phones load them); the server's own pages (the
// portal, the GraphQL explorer's ~6 MB of GraphiQL and Monaco) at quality 9: 10% larger, a minute less build.
await precompress([join(dist, 'cdn')]);
await precompress([serverTarget], 9);
done();

const problems = [...(await verifyDist(dist, Object.keys(elementEntries()))), ...verifyServerDist(serverTarget)];
if (problems.length > 0) {
  console.error(`\nThe build is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
renameSync(dist, target);
console.log(`${relative(root, target) || target} is complete`);
