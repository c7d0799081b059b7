/**
 * Waits until an <esign-viewer> has painted a PDF page: some canvas inside it (through shadow roots) has
 * a size and enough non-white pixels to be text or figures, not a blank placeholder. Fails fast with the
 * element's own message when it reports `esign-error`.
 */
import type { Page } from '@playwright/test';

/** Call before navigating: records `esign-error` / `esign-ready` events for `waitForPaintedPage`. */
export async function recordViewerEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { type: string; detail: unknown }[] = [];
    (window as unknown as { __esignEvents: typeof log }).__esignEvents = log;
    for (const type of ['esign-ready', 'esign-error']) {
      document.addEventListener(type, (event) => log.push({ type, detail: (event as CustomEvent).detail }), true);
    }
  });
}

/** The fraction of sampled pixels that are not near-white on the most painted canvas in `selector`. */
export async function waitForPaintedPage(page: Page, selector = 'esign-viewer', timeout = 20_000): Promise<number> {
  const handle = await page.waitForFunction(
    (sel) => {
      const events = (window as unknown as { __esignEvents?: { type: string; detail: unknown }[] }).__esignEvents ?? [];
      const error = events.find((e) => e.type === 'esign-error');
      if (error) return { error: JSON.stringify(error.detail) };
      const host = document.querySelector(sel);
      if (!host) return false;
      const canvases: HTMLCanvasElement[] = [];
      const collect = (root: ParentNode) => {
        for (const el of root.querySelectorAll('*')) {
          if (el instanceof HTMLCanvasElement) canvases.push(el);
          if (el.shadowRoot) collect(el.shadowRoot);
        }
      };
      collect(host.shadowRoot ?? host);
      let best = 0;
      for (const canvas of canvases) {
        if (canvas.width < 50 || canvas.height < 50) continue;
        let data: Uint8ClampedArray;
        try {
          data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        } catch {
          continue;
        }
        let inked = 0;
        let sampled = 0;
        for (let i = 0; i < data.length; i += 4 * 7) {
          sampled++;
          if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 600) inked++;
        }
        best = Math.max(best, inked / sampled);
      }
      return best > 0.002 ? { inked: best } : false;
    },
    selector,
    { timeout, polling: 250 },
  );
  const result = (await handle.jsonValue()) as { error?: string; inked?: number };
  if (result.error) throw new Error(`<esign-viewer> reported esign-error: ${result.error}`);
  return result.inked ?? 0;
}
