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
