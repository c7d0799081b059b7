/**
 * Whether dist/ (and the server's built pages) must be built again: missing, or older than a file it is
 * built from. Shared by `npm test` (which builds once, beside the type check, for every stage after it),
 * the e2e harness and the packages test (which build only when they run alone on a stale tree).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The files whose presence says a build finished (scripts/build.ts writes the CDN bundle last of these). */
const MARKERS = ['dist/cdn/esign-elements.min.js', 'dist/esign-elements.js', 'demo/dist/portal/portal.js', 'demo/dist/explorer/explorer.js'];

/** What the build reads: a change to any of them makes dist/ stale. */
const INPUTS = ['src', 'demo/web', 'vite.config.ts', 'tsconfig.build.json', 'package.json', 'demo/package.json', 'scripts/build.ts', 'scripts/precompress.ts'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.stories.ts') || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function distIsStale(root: string): boolean {
  const markers = MARKERS.map((p) => join(root, p));
  if (!markers.every(existsSync)) return true;
  const built = Math.min(...markers.map((p) => statSync(p).mtimeMs));
  const inputs = INPUTS.map((p) => join(root, p)).filter(existsSync);
  return Math.max(...inputs.map(newestMtime)) > built;
}
