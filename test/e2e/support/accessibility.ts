/** What the accessibility end-to-end tests measure on a page, through every shadow root: axe, focus, targets, motion. */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeOptions {
  /** Only this part of the page (a selector), else the whole page. */
  selector?: string;
  /** The rule tags to run (default WCAG 2.0-2.2 A and AA). */
  tags?: string[];
  /** Rules switched off, each for a stated reason where it is called. */
  off?: string[];
}

/**
 * axe's violations over the page (shadow roots included), as `rule: [targets]`. Evaluated over the DevTools
 * protocol, so the page's CSP (no inline scripts) does not stop it.
 */
export async function axeViolations(page: Page, { selector, tags = WCAG, off = [] }: AxeOptions = {}): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(
    async ({ tags, selector, off }) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
      const rules = Object.fromEntries(off.map((id) => [id, { enabled: false }]));
      const { violations } = await axe.run(selector ?? document, { runOnly: { type: 'tag', values: tags }, rules });
      return violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 4).map((n) => n.target))}`);
    },
    { tags, selector, off },
  );
}

/** What has keyboard focus, through shadow roots. */
export function focusedElement(page: Page): Promise<{ tag: string; id: string; classes: string; label: string }> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      classes: el?.className.toString() ?? '',
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
    };
  });
}

/**
 * Every visible control inside `host`'s shadow root (and the shadow roots below it) smaller than 44 x 44 CSS
 * px, as `tag.class "name": w x h`; `except` leaves out what is not a control of the element's chrome.
 */
export function smallControls(page: Page, host: string, except = ''): Promise<string[]> {
  return page.evaluate(
    ({ host, except }) => {
      const roots: ShadowRoot[] = [document.querySelector(host)!.shadowRoot!];
      for (let i = 0; i < roots.length; i++) for (const el of roots[i].querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
      const controls = roots.flatMap((root) => [
        ...root.querySelectorAll<HTMLElement>(
          'button, input:not([type="hidden"]), select, textarea, a[href], summary, [role="tab"], [role="button"], [role="checkbox"]',
        ),
      ]);
      return controls
        .filter((el) => !(except && el.matches(except)) && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
        .map((el) => ({
          what: `${el.tagName.toLowerCase()}.${el.className} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
          box: el.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width < 43.99 || box.height < 43.99)
        .map(({ what, box }) => `${what}: ${box.width.toFixed(1)} x ${box.height.toFixed(1)}`);
    },
    { host, except },
  );
}

/** Running animations and transitions anywhere on the page (shadow roots included) longer than 0.2 s. */
export function longAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) for (const el of roots[i].querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    const animations = roots.flatMap((root) => [...root.querySelectorAll('*')].flatMap((el) => el.getAnimations()));
    return animations
      .map((a) => a.effect?.getComputedTiming())
      .filter((timing) => timing && (timing.activeDuration === Infinity || Number(timing.activeDuration) > 200))
      .map((timing) => `${timing!.duration} ms x ${timing!.iterations}`);
  });
}
