/**
 * `npm run build-storybook` builds offline, and every story in it renders without a page error. Builds
 * into a temporary directory and serves it statically, as a published Storybook would be.
 */
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface StoryIndex {
  entries: Record<string, { id: string; type: string; title: string; name: string }>;
}

test.describe.configure({ mode: 'serial' });

let out = '';
let server: StaticServer;
let stories: StoryIndex['entries'][string][] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  out = mkdtempSync(join(tmpdir(), 'esign-storybook-'));
  await promisify(execFile)(join(root, 'node_modules/.bin/storybook'), ['build', '-o', out, '--quiet'], {
    cwd: root,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: 'true' },
    maxBuffer: 32 << 20,
  });
  const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as StoryIndex;
  stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
  server = await startStaticServer({ mounts: { '/': out } });
});

test.afterAll(async () => {
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

test('build-storybook builds the stories in stories/', () => {
  expect(stories.length, 'stories/**/*.stories.ts has at least one story').toBeGreaterThan(0);
});

test('every story renders without a page error', async ({ page }) => {
  test.setTimeout(Math.max(45_000, stories.length * 10_000));
  const problems: string[] = [];
  for (const story of stories) {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    page.on('pageerror', onError);
    await page.goto(`${server.url}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
    // Storybook marks the body once the story rendered, or shows its error display.
    await page.waitForFunction(() => document.body.classList.contains('sb-show-main') || document.body.classList.contains('sb-show-errordisplay'));
    if (await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'))) {
      errors.push((await page.locator('#error-message').textContent()) ?? 'story error');
    }
    page.off('pageerror', onError);
    if (errors.length > 0) problems.push(`${story.title} / ${story.name}: ${errors.join('; ')}`);
  }
  expect(problems).toEqual([]);
});

test('the stories load their PDFs from the repository: no failed request, and the error state without a console error', async ({ page }) => {
  test.setTimeout(Math.max(45_000, stories.length * 10_000));
  const failed: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${new URL(request.url()).pathname}`));
  for (const story of stories.filter((s) => s.title === 'Elements/esign-viewer' || s.title === 'Elements/esign-editor')) {
    await page.goto(`${server.url}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
    await page.waitForFunction(() => document.body.classList.contains('sb-show-main') || document.body.classList.contains('sb-show-errordisplay'));
    // Wait for the element to settle: a page painted, or its error message shown.
    await page.waitForFunction(
      (tag) => {
        const host = document.querySelector(tag);
        if (!host) return true;
        const deep = (root: ParentNode, selector: string): Element | null => {
          const found = root.querySelector(selector);
          if (found) return found;
          for (const el of root.querySelectorAll('*')) {
            const inner = el.shadowRoot && deep(el.shadowRoot, selector);
            if (inner) return inner;
          }
          return null;
        };
        return deep(host.shadowRoot ?? host, 'canvas, [role="alert"]') !== null;
      },
      story.title.endsWith('editor') ? 'esign-editor' : 'esign-viewer',
      { timeout: 15_000 },
    );
  }
  expect(failed.filter((line) => line.includes('/fixtures/'))).toEqual([]);

  const errorStory = stories.find((s) => s.id.endsWith('--not-a-pdf'));
  expect(errorStory, 'the viewer has a NotAPdf story').toBeTruthy();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  failed.length = 0;
  await page.goto(`${server.url}/iframe.html?id=${encodeURIComponent(errorStory!.id)}&viewMode=story`);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('esign-viewer')?.shadowRoot?.querySelector('[role="alert"]')?.textContent?.trim() ?? ''))
    .toMatch(/not a valid PDF/);
  expect(await page.evaluate(() => document.querySelector('esign-viewer')?.shadowRoot?.textContent ?? '')).not.toMatch(/HTTP 404/);
  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
