/**
 * The editor and the viewer as keyboard, screen-reader, touch and reduced-motion users meet them, on the real
 * server with the built library (the signer's own checks are in signing-accessibility.e2e.ts):
 * - a field placed, moved and resized in the editor by keyboard alone, each step said in the live region;
 * - axe (WCAG 2.0/2.1/2.2 A and AA) finds nothing on either element in its main states, in English and Arabic;
 * - on a phone (390 x 844, touch: `pointer: coarse`) every control of their chrome is at least 44 x 44 CSS px;
 * - with reduced motion nothing in them animates longer than 0.2 s, loading included.
 */
import { test, expect } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { axeViolations, focusedElement, longAnimations, smallControls } from './support/accessibility.ts';

test.describe.configure({ timeout: 90_000 });

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** A template of the demo's sample PDF with one text field, and its editor page (`/demo/editor.html?template=…#token=…`). */
async function editLink(request: APIRequestContext, lang?: string): Promise<string> {
  const session = await (await request.get('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
  const auth = { Authorization: `Bearer ${session.key}` };
  const sample = Buffer.from(await (await request.get('/demo/sample.pdf')).body());
  const upload = await request.post('/api/v1/templatepdf/?returnAsJson=1', {
    headers: auth,
    data: { group: session.group, title: 'Keys', pdf_file: sample.toString('base64') },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const template = (await upload.json()).resource.uid;
  const field = { ax: 0.3, ay: 0.45, bx: 0.6, by: 0.5, page: 1, element_type: 'text', signer: 1, label: 'Full name' };
  expect((await request.post(`/api/v1/templatepdf/${template}/fields/`, { headers: auth, data: [field] })).status()).toBe(201);
  const link = await request.get(`/api/v1/templatepdf/${template}/edit-link/`, { headers: auth });
  expect(link.status(), await link.text()).toBeLessThan(300);
  const url = new URL(String(await link.json()));
  if (lang) url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}${url.hash}`;
}

async function openEditor(browser: Browser, request: APIRequestContext, options: BrowserContextOptions, lang?: string): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto(await editLink(request, lang));
  await expect(page.locator('esign-editor .efield')).toHaveCount(1, { timeout: 30_000 });
  return page;
}

/** <esign-viewer> (the per-element CDN file) showing the sample PDF, on one of the server's pages. */
async function openViewer(browser: Browser, options: BrowserContextOptions, lang = 'en'): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto('/demo/review.html');
  await page.evaluate(async (lang) => {
    await import('/dist/cdn/esign-viewer.min.js' as string);
    const viewer = document.createElement('esign-viewer');
    viewer.setAttribute('lang', lang);
    viewer.setAttribute('src', '/demo/sample.pdf');
    viewer.style.height = '600px';
    document.body.append(viewer);
  }, lang);
  await expect(page.locator('esign-viewer .page canvas').first()).toBeVisible({ timeout: 30_000 });
  return page;
}

const announced = (page: Page) => page.locator('esign-editor [role="status"][aria-live="polite"]');
const fields = (page: Page) =>
  page.evaluate(() => (document.querySelector('esign-editor') as unknown as { getFields(): { ax: number; ay: number; bx: number; by: number }[] }).getFields());

test('the editor by keyboard alone: a field placed from the toolbox, moved and resized, each step announced', async ({ browser, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const page = await openEditor(browser, request, DESKTOP);
  for (let i = 0; i < 60 && (await focusedElement(page)).label !== 'Text'; i++) await page.keyboard.press('Tab');
  expect(await focusedElement(page)).toMatchObject({ tag: 'button', classes: 'tool', label: 'Text' });
  await page.keyboard.press('Enter');
  await expect(announced(page)).toHaveText('Text added on page 1');
  expect(await fields(page)).toHaveLength(2);
  expect((await focusedElement(page)).classes).toContain('efield');
  const placed = (await fields(page))[1];
  const said: string[] = [];
  for (const key of ['ArrowRight', 'Shift+ArrowDown', 'Alt+ArrowRight', 'Alt+ArrowDown']) {
    const before = await announced(page).textContent();
    await page.keyboard.press(key);
    await expect(announced(page)).not.toHaveText(before ?? '');
    said.push((await announced(page).textContent()) ?? '');
  }
  const now = (await fields(page))[1];
  expect([now.ax > placed.ax, now.ay > placed.ay, now.bx - now.ax > placed.bx - placed.ax, now.by - now.ay > placed.by - placed.ay]).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(said[0]).toMatch(/^1 field\(s\) moved to [\d.]+, [\d.]+ pt on page 1$/);
  expect(said[1]).toMatch(/^1 field\(s\) moved to /);
  expect(said[2]).toMatch(/^1 field\(s\) resized to [\d.]+ × [\d.]+ pt$/);
  expect(said[3]).toMatch(/^1 field\(s\) resized to /);
  await page.context().close();
});

for (const lang of ['en', 'ar']) {
  test(`axe finds nothing on the editor (loaded, a field's properties open) and the viewer (loaded), in ${lang}`, async ({ browser, request, baseURL }) => {
    test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
    const found: string[] = [];
    const editor = await openEditor(browser, request, DESKTOP, lang);
    expect(await editor.evaluate(() => getComputedStyle(document.querySelector('esign-editor')!).direction)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    found.push(...(await axeViolations(editor, { selector: 'esign-editor' })).map((v) => `editor: ${v}`));
    await editor.locator('esign-editor .efield').first().focus();
    await editor.keyboard.press('Enter');
    await expect(editor.locator('esign-editor .panel')).toBeVisible();
    found.push(...(await axeViolations(editor, { selector: 'esign-editor' })).map((v) => `editor panel: ${v}`));
    await editor.context().close();
    const viewer = await openViewer(browser, DESKTOP, lang);
    found.push(...(await axeViolations(viewer, { selector: 'esign-viewer' })).map((v) => `viewer: ${v}`));
    await viewer.context().close();
    expect(found).toEqual([]);
  });
}

test('on a phone with a coarse pointer every control of the editor and the viewer is at least 44 x 44 px', async ({ browser, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const editor = await openEditor(browser, request, PHONE);
  expect(await editor.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  // Field boxes are the document's content at its scale, not controls (a resize handle has its own check).
  const small = [...(await smallControls(editor, 'esign-editor', '.efield, .handle'))];
  await editor.locator('esign-editor .efield').first().tap();
  // A resize handle is drawn 22 px wide; a finger hits it 20 px out from its centre (away from the field and the
  // other handles, whose areas overlap on a small field: the later one wins there).
  const handle = await editor.evaluate(() => {
    const root = document.querySelector('esign-editor')!.shadowRoot!;
    const se = root.querySelector<HTMLElement>('.handle[data-handle="se"]')!;
    const r = se.getBoundingClientRect();
    const hit = root.elementFromPoint(r.left + r.width / 2 + 20, r.top + r.height / 2 + 20);
    return { size: r.width, hit: hit === se };
  });
  expect(handle).toEqual({ size: 22, hit: true });
  await editor.locator('esign-editor .efield').first().press('Enter');
  await expect(editor.locator('esign-editor .panel')).toBeVisible();
  small.push(...(await smallControls(editor, 'esign-editor', '.efield, .handle')));
  await editor.context().close();
  const viewer = await openViewer(browser, PHONE);
  small.push(...(await smallControls(viewer, 'esign-viewer')));
  await viewer.context().close();
  expect([...new Set(small)]).toEqual([]);
});

test('with reduced motion nothing in the editor or the viewer animates longer than 0.2 s, loading included', async ({ browser, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const long: string[] = [];
  const context = await browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // The viewer while its document loads (the loading bar), then loaded.
  let loadingBars = 0;
  await page.route('**/slow.pdf', async (route) => {
    loadingBars = await page.evaluate(() => document.querySelector('esign-viewer')!.shadowRoot!.querySelectorAll('.progress').length);
    long.push(...(await longAnimations(page)).map((a) => `viewer loading: ${a}`));
    await route.fulfill({ status: 200, contentType: 'application/pdf', body: Buffer.from(await (await request.get('/demo/sample.pdf')).body()) });
  });
  await page.goto('/demo/review.html');
  await page.evaluate(async () => {
    await import('/dist/cdn/esign-viewer.min.js' as string);
    const viewer = document.createElement('esign-viewer');
    viewer.setAttribute('src', '/demo/slow.pdf');
    document.body.append(viewer);
  });
  await expect(page.locator('esign-viewer .page canvas').first()).toBeVisible({ timeout: 30_000 });
  expect(loadingBars, 'measured while the loading bar showed').toBe(1);
  long.push(...(await longAnimations(page)).map((a) => `viewer: ${a}`));
  await page.goto(await editLink(request));
  await expect(page.locator('esign-editor .efield')).toHaveCount(1, { timeout: 30_000 });
  await page.locator('esign-editor .efield').first().click();
  await page.keyboard.press('Enter');
  long.push(...(await longAnimations(page)).map((a) => `editor: ${a}`));
  await context.close();
  expect(long).toEqual([]);
});
