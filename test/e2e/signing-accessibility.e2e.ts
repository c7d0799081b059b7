/**
 * The signing page on a phone as assistive technology and touch see it, against the real server and the built
 * library:
 * - the computed accessibility tree (Chromium's, over the DevTools protocol): required and invalid states, the
 *   optional field's name, the progress as a polite live region, a filled box named by its value;
 * - axe (WCAG 2.0/2.1/2.2 A and AA) with no violation in every state of the ceremony, in English and Arabic;
 * - the page fetches only its language's tables: none in English (built in), only Arabic's in Arabic;
 * - with a coarse pointer, every control at least 44 x 44 CSS px and a small field box hit 22 px around its centre;
 * - with reduced motion, no animation longer than 0.2 s anywhere on the page, shadow roots included.
 */
import { test, expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './support/accessibility.ts';
import { field, send, signLink } from './support/signing-documents.ts';

test.describe.configure({ timeout: 120_000 });

/** A name, an optional nickname, a small checkbox and a signature for one signer. */
const FIELDS = [
  field(1, 'text', 0.1, { label: 'Full name' }),
  field(1, 'text', 0.2, { label: 'Nickname', optional: true }),
  field(1, 'text', 0.3, { label: 'I agree', validation: 25, ax: 0.5, bx: 0.53, by: 0.315 }),
  field(1, 'signature', 0.8, { by: 0.88 }),
];

/** The language files a page fetched: the demo's (/demo/locales/xx.js) and the elements' (esign-locale-xx-*.min.js). */
const languageFiles = new WeakMap<Page, string[]>();

async function openPhone(browser: Browser, url: string, options: { reducedMotion?: 'reduce' } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, ...options });
  const page = await context.newPage();
  const files: string[] = [];
  languageFiles.set(page, files);
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    const demo = path.match(/^\/demo\/locales\/(\w+)\.js$/);
    const element = path.match(/\/esign-locale-(\w+)-[\w-]+\.min\.js$/);
    if (demo && demo[1] !== 'en') files.push(`page ${demo[1]}`); // en.js is the built-in table the others fall back to
    if (element) files.push(`element ${element[1]}`);
  });
  await page.goto(url);
  await expect(page.locator('.field-name')).toBeVisible({ timeout: 30_000 });
  return page;
}

async function linkFor(request: Parameters<typeof send>[0], lang?: string): Promise<string> {
  const sent = await send(request, FIELDS, 1, true);
  const url = new URL(await signLink(request, sent, sent.signers[0]));
  if (lang) url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}${url.hash}`;
}

interface AxNode {
  role: string;
  name: string;
  props: Record<string, unknown>;
  text: string;
}

/** Chromium's accessibility tree (not ignored nodes), each with its role, name, states and the text below it. */
async function accessibilityTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
  type Raw = {
    nodeId: string;
    ignored: boolean;
    role?: { value: string };
    name?: { value: string };
    properties?: { name: string; value: { value: unknown } }[];
    childIds?: string[];
  };
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: Raw[] };
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const textOf = (n: Raw): string =>
    n.role?.value === 'StaticText'
      ? (n.name?.value ?? '')
      : (n.childIds ?? [])
          .map((id) => byId.get(id))
          .filter((c): c is Raw => !!c)
          .map(textOf)
          .join('');
  await cdp.detach();
  return nodes
    .filter((n) => !n.ignored)
    .map((n) => ({
      role: n.role?.value ?? '',
      name: n.name?.value ?? '',
      props: Object.fromEntries((n.properties ?? []).map((p) => [p.name, p.value.value])),
      text: textOf(n),
    }));
}

/** What has keyboard focus, through shadow roots: its id, else its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? (el.id || el.getAttribute('aria-label') || el.textContent || '').trim() : '';
  });
}

async function tabTo(page: Page, target: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await focused(page)) === target) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target} (focus is on "${await focused(page)}")`);
}

/** Walks the ceremony by keyboard, calling `at(state)` in each state worth checking. */
async function ceremony(page: Page, at: (state: string) => Promise<void>): Promise<void> {
  await at('signing');
  await tabTo(page, 'field-input');
  await page.keyboard.type('Kim Keys');
  await at('filled');
  await tabTo(page, 'Next field');
  await page.keyboard.press('Enter');
  await expect(page.locator('.field-name')).toContainText('Nickname');
  await tabTo(page, 'Next field'); // the optional nickname stays empty
  await page.keyboard.press('Enter');
  await expect(page.locator('.field-name')).toContainText('I agree');
  await tabTo(page, 'field-input');
  await page.keyboard.press('Space');
  await tabTo(page, 'Next field');
  await page.keyboard.press('Enter');
  await tabTo(page, 'field-input');
  await page.keyboard.press('Enter');
  await expect(page.locator('dialog[open] canvas.pad')).toBeVisible();
  await at('capture');
  await page.keyboard.press('ArrowRight');
  await tabTo(page, 'typed');
  await tabTo(page, 'Adopt and sign');
  await page.keyboard.press('Enter');
  await expect(page.locator('.signature-preview')).toBeVisible();
  await tabTo(page, 'Finish');
  await page.keyboard.press('Enter');
  await expect(page.locator('dialog#confirm-submit[open]')).toBeVisible();
  await at('confirm');
  await tabTo(page, 'confirm-submit-button');
  await page.keyboard.press('Enter');
  await expect(page.locator('[part~="final"]')).toBeVisible({ timeout: 30_000 });
  await at('done');
}

test('the accessibility tree: required and invalid states, "Nickname (optional)", the progress announced politely, a filled box named by its value', async ({
  browser,
  request,
  baseURL,
}) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const page = await openPhone(browser, `${baseURL}${await linkFor(request)}`);
  let tree = await accessibilityTree(page);
  const name = tree.find((n) => n.role === 'textbox' && n.name.startsWith('Full name'))!;
  expect(name.name).toBe('Full name (required)');
  expect(name.props.required).toBe(true);
  const progress = tree.find((n) => n.role === 'status' && /required fields done/.test(n.text))!;
  expect(progress.text).toBe('0 of 3 required fields done');
  expect(progress.props.live).toBe('polite');

  // Finishing with the required name empty marks it invalid.
  await tabTo(page, 'Finish');
  await page.keyboard.press('Enter');
  await expect(page.locator('#field-error')).not.toBeEmpty();
  tree = await accessibilityTree(page);
  expect(tree.find((n) => n.role === 'textbox' && n.name === 'Full name (required)')!.props.invalid).toBe('true');

  await page.locator('#field-input').fill('Kim Keys');
  await page.locator('[part~="field-bar"] .next').click();
  await expect(page.locator('.field-name')).toContainText('Nickname');
  tree = await accessibilityTree(page);
  const nickname = tree.find((n) => n.role === 'textbox' && n.name.startsWith('Nickname'))!;
  expect(nickname.name).toBe('Nickname (optional)');
  expect(nickname.props.required ?? false).toBe(false);
  expect(tree.find((n) => n.role === 'status' && /required fields done/.test(n.text))!.text).toBe('1 of 3 required fields done');
  const box = tree.find((n) => n.role === 'button' && n.name.startsWith('Kim Keys'))!;
  expect(box.name).toBe('Kim Keys, Full name, your field 1, required');
  await page.context().close();
});

for (const lang of ['en', 'ar']) {
  test(`axe finds nothing while signing by keyboard, in every state of the ceremony (${lang}); only ${lang}'s language files load`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
    const page = await openPhone(browser, `${baseURL}${await linkFor(request, lang)}`);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // English is built in; Arabic is the page's table and the signer's and shared tables' chunks, nothing else.
    expect([...new Set(languageFiles.get(page))].sort()).toEqual(lang === 'en' ? [] : ['element ar', 'page ar']);
    if (lang === 'ar') expect(languageFiles.get(page)!.filter((f) => f === 'element ar')).toHaveLength(2);
    const found: string[] = [];
    const check = async (state: string) => {
      found.push(...(await axeViolations(page)).map((v) => `${state}: ${v}`));
    };
    if (lang === 'en') await ceremony(page, check);
    else found.push(...(await axeViolations(page)).map((v) => `signing: ${v}`));
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test('with a coarse pointer every control is at least 44 x 44 px, and a small field box answers a tap 22 px around its centre', async ({
  browser,
  request,
  baseURL,
}) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const page = await openPhone(browser, `${baseURL}${await linkFor(request)}`);
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  /** Every visible control in the signer and its capture dialog, with its size. */
  const small = () =>
    page.evaluate(() => {
      const signer = document.querySelector('esign-signer')!.shadowRoot!;
      const capture = signer.querySelector('esign-signature-capture')!.shadowRoot!;
      const controls = [signer, capture].flatMap((root) => [...root.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [role="tab"]')]);
      return controls
        .filter((el) => !el.matches('.field.own') && el.getClientRects().length > 0)
        .map((el) => ({
          what: `${el.tagName.toLowerCase()}#${el.id}.${el.className} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}"`,
          box: el.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width < 43.99 || box.height < 43.99)
        .map(({ what, box }) => `${what}: ${box.width.toFixed(1)} x ${box.height.toFixed(1)}`);
    });
  expect(await small()).toEqual([]);
  // The checkbox field: its box on the page is a few px; its hit area is 44 x 44.
  await page.locator('.field.own[data-type="text"]').nth(2).scrollIntoViewIfNeeded();
  const hits = await page.evaluate(() => {
    const signer = document.querySelector('esign-signer')!.shadowRoot!;
    const box = signer.querySelectorAll<HTMLElement>('.field.own')[2];
    const r = box.getBoundingClientRect();
    const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
    const points = [
      [-21, 0],
      [21, 0],
      [0, -21],
      [0, 21],
      [-21, -21],
      [21, 21],
    ];
    return { size: [r.width, r.height], missed: points.filter(([dx, dy]) => !box.contains(signer.elementFromPoint(cx + dx, cy + dy))) };
  });
  expect(hits.size[0]).toBeLessThan(24);
  expect(hits.missed).toEqual([]);
  // The signature's capture dialog, its tabs and buttons.
  await page.locator('[part~="field-bar"] .next').click();
  await page.locator('[part~="field-bar"] .next').click();
  await page.locator('[part~="field-bar"] .next').click();
  await page.locator('#field-input').click();
  await expect(page.locator('dialog[open] canvas.pad')).toBeVisible();
  await page.getByRole('tab', { name: 'Type' }).click();
  expect(await small()).toEqual([]);
  await page.context().close();
});

test('with reduced motion nothing on the signing page animates longer than 0.2 s, from loading to done', async ({ browser, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const page = await openPhone(browser, `${baseURL}${await linkFor(request)}`, { reducedMotion: 'reduce' });
  const longAnimations = () =>
    page.evaluate(() => {
      const roots: (Document | ShadowRoot)[] = [document];
      for (let i = 0; i < roots.length; i++) for (const el of roots[i].querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
      const animations = roots.flatMap((root) => [...root.querySelectorAll('*')].flatMap((el) => el.getAnimations()));
      return animations
        .map((a) => a.effect?.getComputedTiming())
        .filter((timing) => timing && (timing.activeDuration === Infinity || Number(timing.activeDuration) > 200))
        .map((timing) => `${timing!.duration} ms x ${timing!.iterations}`);
    });
  await ceremony(page, async () => expect(await longAnimations()).toEqual([]));
  await page.context().close();
});
