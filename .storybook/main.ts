/**
 * Storybook for the elements (web-components-vite). `npm run storybook` / `npm run build-storybook`.
 * Works offline: no telemetry, no update checks, no remote addons. The shared fixture PDFs
 * (../shared/fixtures/pdfs, or ESIGN_FIXTURES) are served under /fixtures/ when they are present.
 */
import { existsSync } from 'node:fs';
import type { StorybookConfig } from '@storybook/web-components-vite';
import { fixturesDir } from '../test/support/fixtures.ts';

const fixtures = fixturesDir();

if (!existsSync(fixtures)) {
  console.warn(`storybook: no fixture PDFs at ${fixtures}; stories that load /fixtures/*.pdf will show their error state.`);
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, enableCrashReports: false },
  staticDirs: existsSync(fixtures) ? [{ from: fixtures, to: '/fixtures' }] : [],
  // vite.config.ts gives Storybook only the shared settings (its library modes are for `npm run build`).
  async viteFinal(viteConfig) {
    return { ...viteConfig, logLevel: 'warn' };
  },
};

export default config;
