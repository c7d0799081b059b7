/**
 * The framework examples in examples/ work as written: each is bundled with Vite from the built package
 * (imported by name) and run in Chromium, rendering a real PDF. Both show the same contract: `fields` set
 * as a property, the ready / page-change events reaching the framework's handlers (which update its
 * state), and a state change reaching the element's overlay.
 *
 * - React: `esign-elements/react` (typed props, `onEsignReady`, ...), JSX compiled by Vite.
 * - Vue 3: a single-file component with <esign-viewer> as a custom element (`@vitejs/plugin-vue`).
 */
import { test, expect, type Page } from '@playwright/test';
import { buildAndServeExample, type BundledApp } from './support/bundled-app.ts';
import { recordViewerEvents, waitForPaintedPage } from './support/painted-page.ts';

for (const example of ['react', 'vue'] as const) {
  test.describe(`examples/${example}`, () => {
    let app: BundledApp;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      app = await buildAndServeExample(example);
    });

    test.afterAll(async () => {
      await app?.close();
    });

    test('renders a PDF page, gets the events, and follows state changes', async ({ page }) => {
      const pageErrors = collectPageErrors(page);
      await recordViewerEvents(page);
      await page.goto(`${app.server.url}/index.html`);
      await waitForPaintedPage(page);
      // The framework's ready handler got the page count and re-rendered.
      await expect(status(page)).toHaveText('Page 1 of 14');

      const viewer = page.locator('esign-viewer');
      expect(
        await viewer.evaluate((el) => ({ isArray: Array.isArray((el as unknown as { fields: unknown }).fields), attribute: el.getAttribute('fields') })),
      ).toEqual({ isArray: true, attribute: null });
      await expect(viewer.locator('[part~="field-label"]')).toHaveText(['Tenant']);

      // A state change gives the element a new array; the overlay follows.
      await page.getByRole('button', { name: "Add the landlord's signature" }).click();
      await expect(viewer.locator('[part~="field-label"]')).toHaveText(['Tenant', 'Landlord']);

      // Moving to page 3 reaches the framework's page-change handler.
      await viewer.evaluate((el) => ((el as unknown as { page: number }).page = 3));
      await expect(status(page)).toHaveText('Page 3 of 14');
      expect(pageErrors).toEqual([]);
    });
  });
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The example's own status line (the viewer has a live region of its own inside its shadow root). */
function status(page: Page) {
  return page.locator('#root > p[role="status"], #app > p[role="status"]');
}
