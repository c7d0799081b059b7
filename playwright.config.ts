/**
 * End-to-end tests (test/e2e/*.e2e.ts) in Chromium. Run them through `npm test -- --only e2e`
 * (test/e2e/run.ts): it builds dist/ when stale and starts the demo server, whose URL arrives here as
 * E2E_BASE_URL. The browser is the system Chromium when there is one, else Playwright's own.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/support/chromium.ts';

const { executablePath, args } = chromiumLaunchOptions();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/e2e',
  // Two workers: the machine running CI has two cores, and each test is mostly waiting on a browser.
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath, args },
    screenshot: 'only-on-failure',
  },
});
