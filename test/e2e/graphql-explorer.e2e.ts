/**
 * The GraphQL explorer at /graphql/ (our own page, no CDN): in development it opens with the local demo key (as the
 * other demo pages do) and lists the root fields; without credentials it says why there is no schema; a click writes a starting query, Run shows the answer. Under the
 * CSP without a violation, and axe-clean.
 */
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, so the page's CSP (no inline scripts) does not stop it.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

test('the explorer lists the schema with a key, writes a starting query and runs it', async ({ page, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  await page.goto('/graphql/');
  const { key } = await (await request.get('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
  await expect(page.locator('#authorization')).toHaveValue(key);
  const userField = page.locator('#schema button', { hasText: /^user: User$/ });
  await expect(userField).toBeVisible();
  // Without credentials it says why there is no schema; the key brings it back.
  await page.locator('#authorization').fill('');
  await page.locator('#authorization').press('Tab');
  await expect(page.locator('#schema .problem')).toContainText('No schema yet');
  await page.locator('#authorization').fill(key);
  await page.locator('#authorization').press('Tab');
  await expect(userField).toBeVisible();
  await userField.click();
  await expect(page.locator('#query')).toHaveValue(/user/);
  await page.locator('#run').click();
  await expect(page.locator('#result')).toContainText('HTTP 200');
  await expect(page.locator('#result')).toContainText('"email"');
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
