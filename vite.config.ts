/**
 * Library builds, run by scripts/build.ts (`npm run build`):
 *
 * - mode `lib`: the npm package in dist/ — `esign-elements.js` (every element and the field
 *   model), one entry per element (`esign-viewer.js`, ...), `fields.js`, `i18n.js`, `react.js` (React
 *   components for the elements; imports `react` and `@lit/react`), shared chunks beside them,
 *   `webhooks.js` (Node only: the webhook signature check for receivers; imports `node:crypto`) and
 *   `verify.js` (Node only: offline check of sealed PDFs; imports `node:crypto`, pkijs, asn1js).
 *   The package's dependencies stay bare imports (`lit`, ...) so an application's bundler dedupes them;
 *   pdf.js is inside (a build-time dependency), so it is always the version of the worker the package
 *   ships, and an install does not bring pdfjs-dist's 38 MB and its optional native canvas.
 * - mode `cdn`: `dist/cdn/esign-elements.min.js`, one minified file with every dependency inside, for
 *   `<script type="module" src=...>` on a page without a bundler.
 * - mode `cdn-elements`: `dist/cdn/esign-viewer.min.js`, `esign-signer.min.js`, `esign-editor.min.js`,
 *   each one element alone, sharing chunks (`esign-chunk-*.min.js`, one of them pdf.js) beside them, and
 *   one chunk per language and table (`esign-locale-<lang>-*.min.js`) fetched only when an element speaks it.
 *   (The one-file `cdn` build keeps every language inside; the npm modules have `locale-<lang>-*.js` chunks.)
 *
 * The pdf.js worker and its data folders exist once, in dist/cdn/: a module resolves the worker against
 * its own URL (src/internal/pdf-worker.ts), as `./pdf.worker.min.mjs` in dist/cdn/ and, through the
 * `__ESIGN_WORKER_DIR__` constant, as `./cdn/pdf.worker.min.mjs` from the npm modules in dist/.
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

/** A shipped language's table (a `locales/xx.ts` under src/): its own chunk, named by its language, loaded on demand. */
const isLocale = (chunk: { facadeModuleId?: string | null }) => /[\\/]locales[\\/][a-z]{2}\.ts$/.test(chunk.facadeModuleId ?? '');

/**
 * Whitespace too: Vite's library mode keeps an ES module's layout and `@__PURE__` notes for a later bundler,
 * but the CDN files go straight to browsers (the signer's first chunk: 656 KB to parse on a phone, not ~390 KB).
 */
const FULLY_MINIFIED = { minify: true, comments: { annotation: false, jsdoc: false, legal: false } } as const;

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
          i18n: at('./src/internal/i18n.ts'),
          react: at('./src/react/index.ts'),
          webhooks: at('./src/webhooks/index.ts'),
          verify: at('./src/verify/index.ts'),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        external: (id) => isDependency(dependencies, id),
        output: { chunkFileNames: (chunk) => (isLocale(chunk) ? 'locale-[name]-[hash].js' : 'shared-[hash].js') },
      },
    },
    define: { __ESIGN_WORKER_DIR__: JSON.stringify('./cdn/') },
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
      // No source maps for the minified files: the npm modules in dist/ carry them, and the CDN's would
      // double the package.
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: { 'esign-elements': at('./src/index.ts') },
        formats: ['es'],
        fileName: () => 'esign-elements.min.js',
      },
      rolldownOptions: {
        // Everything inside, one file: no bare imports left for a browser to fail on.
        external: [],
        output: { codeSplitting: false, ...FULLY_MINIFIED },
      },
    },
  };
}

/** The per-element CDN files: the CDN entries in src/cdn/ (an element plus the page-wide settings). */
export function cdnElementEntries(): Record<string, string> {
  return Object.fromEntries(Object.keys(elementEntries()).map((name) => [name, at(`./src/cdn/${name}.ts`)]));
}

function cdnElementsConfig(): UserConfig {
  return {
    ...shared,
    build: {
      outDir: 'dist/cdn',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: cdnElementEntries(),
        formats: ['es'],
        fileName: (_format, name) => `${name}.min.js`,
      },
      rolldownOptions: {
        external: [],
        // Chunks beside the entries (the worker resolves against the chunk that holds pdf-worker.ts); each
        // language other than English is a chunk of its own, fetched when an element speaks it.
        output: { chunkFileNames: (chunk) => (isLocale(chunk) ? 'esign-locale-[name]-[hash].min.js' : 'esign-chunk-[hash].min.js'), ...FULLY_MINIFIED },
      },
    },
  };
}

/**
 * mode `portal`: the developer portal's page script (demo/web/portal/, served at /portal/), one file with
 * Lit, amazon-cognito-identity-js and qrcode inside, in demo/dist/portal/portal.js: part of the server
 * package (esign-server), which serves it under /dist/portal/.
 */
function portalConfig(): UserConfig {
  return {
    ...shared,
    build: {
      outDir: 'demo/dist/portal',
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

/**
 * mode `explorer`: the GraphQL explorer's application (demo/web/explorer/: GraphiQL, React and Monaco with its
 * workers), in demo/dist/explorer/: `explorer.js` (loaded by demo/web/explorer.js once the page shows),
 * `explorer.css`, and hashed chunks, workers and fonts loaded on demand, all served under /dist/explorer/.
 */
function explorerConfig(): UserConfig {
  const hashed = 'explorer-[name]-[hash].min.js';
  return {
    ...shared,
    base: '/dist/explorer/',
    build: {
      outDir: 'demo/dist/explorer',
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      // demo/web/explorer.js loads the entry itself; no HTML page to inject preloads into.
      modulePreload: false,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: { explorer: at('./demo/web/explorer/index.js') },
        preserveEntrySignatures: 'exports-only',
        // React libraries mark files "use client" (for server components); nothing to keep in a browser bundle.
        onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)),
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: hashed,
          assetFileNames: (asset) => (asset.names?.includes('explorer.css') ? 'explorer.css' : 'explorer-[name]-[hash][extname]'),
        },
      },
    },
    worker: { format: 'es', rolldownOptions: { output: { entryFileNames: hashed, chunkFileNames: hashed } } },
    define: { global: 'globalThis', 'process.env.NODE_ENV': '"production"' },
  };
}

// Any other mode (Storybook's dev server and build load this file too) gets the shared settings only.
const MODES: Record<string, () => UserConfig> = {
  lib: libConfig,
  cdn: cdnConfig,
  'cdn-elements': cdnElementsConfig,
  portal: portalConfig,
  explorer: explorerConfig,
};
export default defineConfig(({ mode }) => (MODES[mode] ?? (() => shared))());
