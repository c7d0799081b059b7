/**
 * Builds a small application with Vite that imports esign-elements by its package name (a symlink to the
 * repository in the app's own node_modules, under the repository's node_modules so the package's
 * dependencies resolve as they would in a real app), and serves the output with the PDF fixtures.
 * `buildAndServeApp` takes the app's main.ts as a string; `buildAndServeExample` copies a folder of
 * examples/ (its index.html, sources and vite.config.ts, if any) as it is.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { fixturesDir } from '../../support/fixtures.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface BundledApp {
  server: StaticServer;
  close(): Promise<void>;
}

/** `main` is the app's main.ts; `body` the HTML inside <body> before the script tag. */
export async function buildAndServeApp(name: string, main: string, body = ''): Promise<BundledApp> {
  return buildAndServe(name, (app) => {
    writeFileSync(join(app, 'main.ts'), main);
    writeFileSync(
      join(app, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title></head><body>${body}<script type="module" src="./main.ts"></script></body></html>`,
    );
  });
}

/** Builds `examples/<name>/` with its own vite.config.ts (when it has one), as an application would. */
export async function buildAndServeExample(name: string): Promise<BundledApp> {
  return buildAndServe(name, (app) => cpSync(join(root, 'examples', name), app, { recursive: true }));
}

async function buildAndServe(name: string, writeApp: (dir: string) => void): Promise<BundledApp> {
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const work = mkdtempSync(join(root, `node_modules/.cache/esign-${name}-e2e-`));
  try {
    const app = join(work, 'app');
    mkdirSync(join(app, 'node_modules'), { recursive: true });
    symlinkSync(root, join(app, 'node_modules/esign-elements'), 'dir');
    writeApp(app);
    const config = join(app, 'vite.config.ts');
    await build({
      root: app,
      configFile: existsSync(config) ? config : false,
      logLevel: 'warn',
      build: { outDir: join(work, 'out'), emptyOutDir: true, chunkSizeWarningLimit: 4096 },
    });
    const server = await startStaticServer({ mounts: { '/fixtures/': fixturesDir(), '/': join(work, 'out') }, pages: {} });
    return {
      server,
      close: async () => {
        await server.close();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
