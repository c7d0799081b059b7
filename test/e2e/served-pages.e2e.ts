/**
 * Every page the server serves (support/served-pages.ts, the signing page with a real link) in one shell (issue 26):
 * the shared header with the product's name and navigation, and for each page at phone width (390×844) in English
 * and Arabic and at desktop width in English: no axe violation (WCAG 2.x A and AA), no horizontal scrolling, no
 * console error; then once more in the dark colour scheme (prefers-color-scheme: dark), where contrast changes.
 */
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/accessibility.ts';
import { pageLinks, servedPages, withLang, type ServedPage } from './support/served-pages.ts';

test.describe.configure({ timeout: 120_000 });

/**
 * Swagger UI (the API docs) nests each operation's path link inside its expand button, and GraphiQL each
 * editor tab's close button inside the tab: known problems of those tools (axe nested-interactive) that no
 * theme can change; every other rule holds there too.
 */
const KNOWN: Record<string, string[]> = { 'api-docs': ['nested-interactive'], graphql: ['nested-interactive'] };

async function open(page: Page, served: ServedPage, lang: string): Promise<void> {
  await page.goto(served.localized === false ? served.path : withLang(served.path, lang));
  await expect(page.locator(served.ready).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.esign-shell .brand')).toHaveText('esign-elements');
  // Quiet network when it comes; GraphiQL's Monaco may keep starting workers on a loaded machine, and its ready
  // selector (the editor) already says the page is drawn.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
}

let pages: ServedPage[] = [];

test.beforeAll(async ({ baseURL }) => {
  if (baseURL) pages = servedPages(await pageLinks(baseURL));
});

for (const name of ['home', 'walkthrough', 'editor', 'signing', 'review', 'verify', 'portal', 'webhook-tools', 'graphql', 'api-docs']) {
  test(`${name}: one shell; axe-clean, no sideways scrolling and no console error at phone width in English and Arabic, and on a desktop`, async ({
    page,
    baseURL,
  }) => {
    test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
    // GraphiQL (Monaco) and Swagger UI are the heaviest pages: four loads and axe runs each.
    if (name === 'graphql' || name === 'api-docs') test.setTimeout(240_000);
    const served = pages.find((p) => p.name === name)!;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    for (const [lang, width, height, scheme] of [
      ['en', 390, 844, 'light'],
      ['ar', 390, 844, 'light'],
      ['en', 1366, 900, 'light'],
      ['en', 390, 844, 'dark'],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await open(page, served, lang);
      const where = `${name} ${lang} ${width}px ${scheme}`;
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${where}: sideways scrolling`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, { off: KNOWN[name] }), where).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

test('the header names the product, leads to every tool, marks the page you are on, and folds into a menu on a phone', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  await page.goto('/?lang=de');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link')).toHaveText([
    'Start',
    'Rundgang',
    'Entwicklerportal',
    'Webhook-Werkzeuge',
    'GraphQL-Explorer',
    'API-Dokumentation',
    'PDF prüfen',
  ]);
  await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'GraphQL-Explorer' }).click();
  await expect(page).toHaveURL(/\/graphql\/$/);
  await expect(page.getByRole('link', { name: 'GraphQL explorer' })).toHaveAttribute('aria-current', 'page');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/verify/');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Developer portal' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Developer portal' })).toBeVisible();
  // The pages' colours are the elements' tokens: a page that sets one themes both.
  const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--esign-accent-color').trim());
  expect(accent).toBe('#1d4ed8');
});

test('the home page: its links lead where they say, the curl example keeps its lines, the explorer is one click away', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const more = page.locator('ul.more');
  await expect(more.getByRole('link', { name: 'Webhook tools' })).toHaveAttribute('href', '/demo/webhook-tools.html');
  await expect(more.getByRole('link', { name: 'GraphQL explorer' })).toHaveAttribute('href', '/graphql/');
  await expect(more.getByRole('link', { name: 'Developer portal (sign in)' })).toHaveAttribute('href', '/portal/');
  // Each command line stays one line (it scrolls inside its box instead of wrapping a lone "\").
  const pre = page.locator('aside pre');
  expect(await pre.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre');
  const lineHeight = await pre.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.2);
  const lines = (await pre.textContent())!.split('\n').length;
  const box = await pre.evaluate((el) => el.clientHeight - parseFloat(getComputedStyle(el).paddingTop) - parseFloat(getComputedStyle(el).paddingBottom));
  expect(Math.round(box / lineHeight)).toBe(lines);
  // Targets: each link of the list is at least 24 px tall (WCAG 2.5.8).
  for (const box of await more.getByRole('link').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height)))
    expect(box).toBeGreaterThanOrEqual(24);
});

test("the API docs carry the product's name, not the framework's: no top bar, no document-address box, our header, light and dark", async ({
  page,
  baseURL,
}) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  await page.goto('/docs/');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('esign-elements REST API v1');
  await expect(page).toHaveTitle('API reference · esign-elements');
  await expect(page.locator('.esign-shell .brand')).toHaveText('esign-elements');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'API docs' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.swagger-ui .topbar')).toHaveCount(0);
  await expect(page.locator('input[value*="/docs/json"]')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toMatch(/swagger/i);
  expect(await page.locator('#swagger-ui').evaluate((el) => getComputedStyle(el).filter)).toBe('none');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await page.locator('#swagger-ui').evaluate((el) => getComputedStyle(el).filter)).toContain('invert');
});
