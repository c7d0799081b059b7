/**
 * `npm ci` (what CI runs) refuses a package-lock.json that is out of step with package.json, including
 * one that lacks the optional per-platform packages (esbuild, rollup, @napi-rs/canvas binaries for other
 * systems) that a registry mirror without them leads `npm install` to leave out. Catch that here, with
 * the names, instead of as a CI run that installs nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as LockEntry;
// The server package, an npm workspace (demo/package.json): `npm ci` checks its lists too.
const serverPkg = JSON.parse(readFileSync(new URL('demo/package.json', root), 'utf8')) as LockEntry;
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;

/** Node's lookup: `<from>/node_modules/<dep>`, then each enclosing node_modules up to the root. */
function resolves(from: string, dep: string): boolean {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${dep}`]) return true;
    if (!base) return false;
    base = base.slice(0, Math.max(0, base.lastIndexOf('node_modules/') - 1));
  }
}

describe('package-lock.json', () => {
  it("matches package.json's dependency lists", () => {
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
      assert.deepEqual(packages['']?.[field] ?? {}, pkg[field] ?? {}, `${field}: run \`npm install --package-lock-only\``);
      assert.deepEqual(packages['demo']?.[field] ?? {}, serverPkg[field] ?? {}, `demo/package.json ${field}: run \`npm install --package-lock-only\``);
    }
    // The workspace link that makes `esign-elements/fields` resolve to this repository.
    assert.equal(packages['node_modules/esign-elements']?.link, true, 'node_modules/esign-elements links the root');
  });

  it('has an entry for every dependency and optional dependency of every package', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(packages)) {
      if (entry.link) continue;
      const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...(path === '' ? entry.devDependencies : {}) };
      for (const dep of Object.keys(deps)) if (!resolves(path, dep)) missing.push(`${path || '(root)'} → ${dep}`);
    }
    assert.deepEqual(missing, [], 'npm ci would stop with "Missing: ... from lock file"; see docs/decisions/tooling.md');
  });
});
