/**
 * Adds package-lock.json entries for optional per-platform binaries (`@rollup/rollup-darwin-arm64`,
 * `@napi-rs/canvas-win32-x64-msvc`, ...) that the lock lacks. A registry mirror that does not carry
 * other systems' binaries makes `npm install` leave them out, and `npm ci` then refuses the lock.
 * The entries carry the version the parent pins and the os/cpu/libc its name spells, which is all npm
 * needs to skip them on other systems. test/node/lockfile.test.ts finds the gaps; this fills them.
 *
 *   node scripts/lock-platform-entries.ts        (run under `flock /tmp/npm.lock` on a shared checkout)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const OS = ['aix', 'android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'openharmony', 'sunos', 'win32'];
const CPU = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64'];

/** os/cpu/libc from a platform package name such as `rollup-linux-arm64-musl` or `canvas-win32-x64-msvc`. */
export function platformOf(name: string): { os: string; cpu: string; libc?: string } | undefined {
  const tokens = name.split('/').pop()!.split('-');
  const osIndex = tokens.findIndex((token) => OS.includes(token));
  if (osIndex < 0) return undefined;
  const cpu = tokens[osIndex + 1];
  if (!cpu || !CPU.includes(cpu)) return undefined;
  const rest = tokens.slice(osIndex + 2).join('-');
  const libc = tokens[osIndex] === 'linux' ? (rest.startsWith('musl') ? 'musl' : rest.startsWith('gnu') ? 'glibc' : undefined) : undefined;
  return { os: tokens[osIndex], cpu, ...(libc ? { libc } : {}) };
}

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const added: string[] = [];
const unknown: string[] = [];

for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const prefix = path ? `${path}/` : '';
    if (lock.packages[`${prefix}node_modules/${dep}`] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    const version = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec) ? spec : undefined;
    if (!platform || !version) {
      unknown.push(`${path || '(root)'} → ${dep}@${spec}`);
      continue;
    }
    lock.packages[`node_modules/${dep}`] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added.push(`${dep}@${version}`);
  }
}

// npm orders entries with localeCompare; keep that so the diff is only the additions.
const sorted = Object.keys(lock.packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
lock.packages = Object.fromEntries(sorted.map((key) => [key, lock.packages[key]]));
if (added.length > 0) writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length > 0 ? `added ${added.length} entries:\n  ${added.join('\n  ')}` : 'nothing to add');
if (unknown.length > 0) {
  console.error(`cannot derive an entry for (add it with npm on a machine whose registry has it):\n  ${unknown.join('\n  ')}`);
  process.exitCode = 1;
}
