/**
 * Storybook for the elements (web-components-vite). `npm run storybook` / `npm run build-storybook`.
 * Works offline: no telemetry, no update checks, no remote addons. The stories' PDFs live in the
 * repository (stories/fixtures/, a few small files) and are served under /fixtures/, so a fresh clone
 * shows every story.
 *
 * Docs pages come from the custom elements manifest (attributes, properties, events, parts, CSS
 * properties from the elements' JSDoc): it is generated when Storybook starts and handed to the
 * preview as the virtual module `virtual:esign-custom-elements` (see preview.ts).
 * pdf.js's data folders (wasm decoders, cmaps, standard fonts, ICC profiles) are served under /pdfjs/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/web-components-vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(root, 'stories/fixtures');

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDFJS_DATA = ['wasm', 'cmaps', 'standard_fonts', 'iccs'].filter((d) => existsSync(join(pdfjsRoot, d)));

const MANIFEST_MODULE = 'virtual:esign-custom-elements';

/** Runs the analyzer into node_modules/.cache (never committed) and returns the manifest's JSON text. */
function customElementsManifest(): string {
  const outdir = join(root, 'node_modules/.cache/storybook-cem');
  mkdirSync(outdir, { recursive: true });
  try {
    execFileSync(join(root, 'node_modules/.bin/cem'), ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'], {
      cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ESIGN_CEM_OUTDIR: relative(root, outdir) },
    });
    return readFileSync(join(outdir, 'custom-elements.json'), 'utf8');
  } catch (error) {
    console.warn(`storybook: no custom elements manifest (${(error as Error).message}); Docs pages list no API.`);
    return '{"schemaVersion":"1.0.0","modules":[]}';
  }
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, enableCrashReports: false },
  docs: { defaultName: 'Docs' },
  staticDirs: [
    { from: fixtures, to: '/fixtures' },
    ...PDFJS_DATA.map((d) => ({ from: join(pdfjsRoot, d), to: `/pdfjs/${d}` })),
  ],
  // vite.config.ts gives Storybook only the shared settings (its library modes are for `npm run build`).
  async viteFinal(viteConfig) {
    let manifest: string | null = null;
    const resolved = `\0${MANIFEST_MODULE}`;
    return {
      ...viteConfig,
      logLevel: 'warn',
      plugins: [
        ...(viteConfig.plugins ?? []),
        {
          name: 'esign-custom-elements-manifest',
          resolveId: (id: string) => (id === MANIFEST_MODULE ? resolved : undefined),
          load: (id: string) => (id === resolved ? `export default ${(manifest ??= customElementsManifest())};` : undefined),
        },
      ],
    };
  },
};

export default config;
