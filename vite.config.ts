/**
 * Library builds, run by scripts/build.ts (`npm run build`):
 *
 * - mode `lib`: the npm package in dist/ — `esign-elements.js` (every element and the field
 *   model), one entry per element (`esign-viewer.js`, ...), `fields.js`, `react.js` (React components
 *   for the elements; imports `react` and `@lit/react`), shared chunks beside them,
 *   `webhooks.js` (Node only: the webhook signature check for receivers; imports `node:crypto`) and
 *   `verify.js` (Node only: offline check of sealed PDFs; imports `node:crypto`, pkijs, asn1js).
 *   Dependencies stay bare imports (`lit`, `pdfjs-dist`, ...) so an application's bundler dedupes them.
 * - mode `cdn`: `dist/cdn/esign-elements.min.js`, one minified file with every dependency inside, for
 *   `<script type="module" src=...>` on a page without a bundler.
 *
 * Chunks sit at the same level as the entries because the pdf.js worker is resolved as
 * `./pdf.worker.min.mjs` against the module's own URL (src/internal/pdf-worker.ts), and the build
 * copies the worker beside them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** One entry per element folder that exists: src/esign-x/esign-x.ts → dist/esign-x.js. */
export function elementEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const folder of readdirSync(at('./src'))) {
    const file = `src/${folder}/${folder}.ts`;
    if (folder.startsWith('esign-') && existsSync(at(`./${file}`))) entries[folder] = at(`./${file}`);
  }
  return entries;
}

/**
 * Package names the npm build leaves as imports (dependencies, and peers such as React for the
 * `react` entry); `lit/decorators.js` etc. match through their prefix.
 */
function dependencyNames(): string[] {
  const pkg = JSON.parse(readFileSync(at('./package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
}

function isDependency(names: string[], id: string): boolean {
  // `node:` built-ins stay imports too (only the Node-only webhooks and verify entries use them), rather than
  // being replaced by Vite's empty browser stand-ins.
  return id.startsWith('node:') || names.some((name) => id === name || id.startsWith(`${name}/`));
}

const shared: UserConfig = {
  root,
  // Storybook and the demo serve public files themselves; the library has none.
  publicDir: false,
  logLevel: 'warn',
  resolve: { conditions: ['browser', 'production', 'module', 'import', 'default'] },
};

function libConfig(): UserConfig {
  const dependencies = dependencyNames();
  return {
    ...shared,
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      sourcemap: true,
      copyPublicDir: false,
      lib: {
        entry: {
          'esign-elements': at('./src/index.ts'),
          ...elementEntries(),
          fields: at('./src/fields/index.ts'),
          react: at('./src/react/index.ts'),
          webhooks: at('./src/webhooks/index.ts'),
          verify: at('./src/verify/index.ts'),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        external: (id) => isDependency(dependencies, id),
        output: { chunkFileNames: 'shared-[hash].js' },
      },
    },
  };
}

function cdnConfig(): UserConfig {
  return {
    ...shared,
    build: {
      outDir: 'dist/cdn',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      copyPublicDir: false,
      lib: {
        entry: { 'esign-elements': at('./src/index.ts') },
        formats: ['es'],
        fileName: () => 'esign-elements.min.js',
      },
      rolldownOptions: {
        // Everything inside, one file: no bare imports left for a browser to fail on.
        external: [],
        output: { codeSplitting: false },
      },
    },
  };
}

/**
 * mode `portal`: the developer portal's page script (demo/web/portal/, served at /portal/), one file with
 * Lit, amazon-cognito-identity-js and qrcode inside, in dist/portal/portal.js.
 */
function portalConfig(): UserConfig {
  return {
    ...shared,
    build: {
      outDir: 'dist/portal',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      copyPublicDir: false,
      lib: {
        entry: { portal: at('./demo/web/portal/index.js') },
        formats: ['es'],
        fileName: () => 'portal.js',
      },
      rolldownOptions: { external: [], output: { codeSplitting: false } },
    },
    // amazon-cognito-identity-js reads Node's `global`.
    define: { global: 'globalThis' },
  };
}

// Any other mode (Storybook's dev server and build load this file too) gets the shared settings only.
export default defineConfig(({ mode }) => (mode === 'cdn' ? cdnConfig() : mode === 'portal' ? portalConfig() : mode === 'lib' ? libConfig() : shared));
