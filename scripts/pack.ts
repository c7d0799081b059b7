/**
 * `npm run pack [-- --out <dir>] [-- --no-build]`: both packages as npm tarballs, as they would be published.
 *
 *   esign-elements-<version>.tgz   the repository root: dist/ and the README (package.json "files")
 *   esign-server-<version>.tgz     demo/: bin/, server/, web/, dist/ (the portal's script), fonts/
 *
 * The server's package.json says `"esign-elements": "file:.."` so that the workspace links the elements
 * in the repository; its tarball says `^<version>` instead, and carries only the regular weight of the
 * Japanese and Chinese fonts of the history page (fonts/, from the development install's
 * @expo-google-fonts packages) instead of depending on those 147 MB. Prints the two tarball paths.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const demo = join(root, 'demo');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const out = resolve(arg('--out') ?? join(root, 'packages'));
mkdirSync(out, { recursive: true });

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

if (!process.argv.includes('--no-build')) execFileSync(process.execPath, ['scripts/build.ts'], { cwd: root, stdio: 'inherit' });

// The history page's fonts, one weight each (server/pdf/history-text.ts looks in fonts/ first).
const require = createRequire(join(demo, 'package.json'));
const FONTS = [
  ['@expo-google-fonts/noto-sans-jp', '400Regular/NotoSansJP_400Regular.ttf', 'NotoSansJP-Regular.ttf'],
  ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf', 'NotoSansSC-Regular.ttf'],
] as const;
rmSync(join(demo, 'fonts'), { recursive: true, force: true });
mkdirSync(join(demo, 'fonts'));
for (const [pkg, file, name] of FONTS) {
  const dir = dirname(require.resolve(`${pkg}/package.json`));
  copyFileSync(join(dir, file), join(demo, 'fonts', name));
  copyFileSync(join(dir, 'LICENSE_FONT'), join(demo, 'fonts', `${name.replace(/-Regular\.ttf$/, '')}-LICENSE.txt`));
}

const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const packed = (json: string) => (JSON.parse(json) as { filename: string }[])[0].filename;
const elements = join(out, packed(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', out], root)));

// The server: its published files staged with the package.json a registry would see.
const stage = mkdtempSync(join(tmpdir(), 'esign-server-pack-'));
try {
  const files = (JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], demo)) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
  for (const file of files) {
    mkdirSync(dirname(join(stage, file)), { recursive: true });
    cpSync(join(demo, file), join(stage, file));
  }
  const serverPkg = JSON.parse(readFileSync(join(demo, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies?: unknown };
  serverPkg.dependencies['esign-elements'] = `^${rootPkg.version}`;
  delete serverPkg.devDependencies;
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(serverPkg, null, 2)}\n`);
  const server = join(out, packed(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', out], stage)));
  console.log(elements);
  console.log(server);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
