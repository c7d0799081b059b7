import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './test/support/chromium.ts';
import { fixtureMiddleware } from './test/support/fixture-middleware.ts';

export default {
  files: ['src/**/*.browser.test.ts', 'test/browser/**/*.browser.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  rootDir: '.',
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  // Per test file. The slowest file takes under a minute on a loaded CI machine; a hung one is reported sooner.
  testsFinishTimeout: 150000,
  // /fixtures/<name> serves ../shared/fixtures/pdfs (with range requests) to browser tests.
  middleware: [fixtureMiddleware],
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: chromiumLaunchOptions() })],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    {
      // pdf-lib's ESM build imports CommonJS and JSON; its bundled ESM file does not.
      name: 'pdf-lib-bundle',
      resolveImport({ source }: { source: string }) {
        if (source === 'pdf-lib') return '/node_modules/pdf-lib/dist/pdf-lib.esm.js';
        return undefined;
      },
    },
  ],
};
