/**
 * The editor against the real server: a template uploaded through the REST API, an editor component
 * token minted with the API key, <esign-editor> in Chromium loading both, real pointer and keyboard input,
 * then `save()` and autosave; what the REST API reads back must be exactly what the editor holds.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../../test/support/server/app.ts';
import { generatePdf } from '../../test/support/generate-pdf.ts';
import { startHarness, type Harness } from '../../test/support/editor/editor-harness.ts';

let server: TestApp;
let harness: Harness;
let apiOrigin: string;
let templateId: string;
let page: Page;

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${apiOrigin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

before(async () => {
  server = await createTestApp();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  apiOrigin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const pdf = Buffer.from(await generatePdf({ pages: 2 })).toString('base64');
  const upload = await api('POST', '/api/v1/templatepdf/?returnAsJson=1', { group: server.groupId, title: 'Editor round trip', pdf_file: pdf });
  assert.equal(upload.status, 201, await upload.clone().text());
  templateId = ((await upload.json()) as { resource: { uid: string } }).resource.uid;
  // One field already there, so the editor must read before it writes.
  const seeded = await api('POST', `/api/v1/templatepdf/${templateId}/fields/`, [
    { ax: 0.1, ay: 0.1, bx: 0.4, by: 0.15, page: 1, element_type: 'text', signer: 1, label: 'Full name' },
  ]);
  assert.equal(seeded.status, 201, await seeded.clone().text());
  const minted = await api('GET', `/api/v1/templatepdf/${templateId}/component-token/`);
  assert.equal(minted.status, 200, await minted.clone().text());
  const { token } = (await minted.json()) as { token: string };

  harness = await startHarness({ apiTarget: apiOrigin });
  page = await harness.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${harness.origin}/__editor.html`);
  await page.waitForFunction(() => (window as unknown as { harnessReady?: boolean }).harnessReady === true);
  await page.evaluate(
    ({ origin, id, token }) => {
      const el = document.createElement('esign-editor');
      el.setAttribute('zoom', '0.8');
      el.setAttribute('autosave-delay', '1200'); // long enough that five key presses on a busy machine stay one burst
      (window as unknown as { ready: Promise<unknown> }).ready = new Promise((r) => el.addEventListener('esign-ready', r, { once: true }));
      el.addEventListener('esign-change', (e) => ((window as unknown as { loaded: unknown }).loaded = (e as CustomEvent).detail), { once: true });
      el.setAttribute('endpoint', origin);
      el.setAttribute('token', token);
      el.setAttribute('template', id);
      document.getElementById('stage')!.append(el);
    },
    { origin: harness.origin, id: templateId, token },
  );
  await page.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);
  await page.waitForFunction(() => document.querySelector('esign-editor')!.getFields().length === 1);
  const loaded = (await page.evaluate(() => (window as unknown as { loaded: unknown }).loaded)) as { cause: string; fields: unknown[] };
  assert.equal(loaded.cause, 'set', 'the page hears about the fields read from the server');
  assert.equal(loaded.fields.length, 1);
});

after(async () => {
  await harness?.close();
  await server?.close();
});

const editorFields = () => page.evaluate(() => document.querySelector('esign-editor')!.getFields());
const restFields = async () => (await api('GET', `/api/v1/templatepdf/${templateId}/fields/`)).json();

async function box(selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const handle = await page.evaluateHandle((s) => document.querySelector('esign-editor')!.shadowRoot!.querySelector(s), selector);
  const b = await handle.asElement()!.boundingBox();
  assert.ok(b, `no box for ${selector}`);
  return b;
}

test('loads the template fields, adds a signature by drag and drop, moves it, and save() round-trips', async () => {
  const fields = await editorFields();
  assert.equal(fields[0].label, 'Full name');
  assert.match(String(fields[0].uuid), /^[0-9a-f-]{36}$/);

  const tool = await box('.tool[data-tool="signature"]');
  const pageBox = await box('.page[data-page="1"]');
  await page.mouse.move(tool.x + tool.width / 2, tool.y + tool.height / 2);
  await page.mouse.down();
  const dropX = pageBox.x + pageBox.width * 0.6;
  const dropY = pageBox.y + pageBox.height * 0.5;
  await page.mouse.move(dropX, dropY, { steps: 10 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('esign-editor')!.getFields().length === 2);

  // Move the new field 50 px right with a real drag.
  const added = await box('.efield[data-type="signature"]');
  await page.mouse.move(added.x + added.width / 2, added.y + added.height / 2);
  await page.mouse.down();
  await page.mouse.move(added.x + added.width / 2 + 50, added.y + added.height / 2, { steps: 5 });
  await page.mouse.up();

  const result = await page.evaluate(() => document.querySelector('esign-editor')!.save());
  assert.equal(result.ok, true, JSON.stringify(result.problems));
  const read = await restFields();
  const held = await editorFields();
  assert.deepEqual(read, held, 'the REST read equals what the editor holds, uuids included');
  assert.equal(read.length, 2);
  assert.equal(read[1].element_type, 'signature');
  assert.match(String(read[1].uuid), /^[0-9a-f-]{36}$/);
  assert.ok(Math.abs((read[1].ax + read[1].bx) / 2 - (0.6 + 50 / pageBox.width)) < 0.01);
});

test('autosave posts after keyboard edits, debounced into one save', async () => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/fields/')) posts.push(r.url());
  });
  await page.evaluate(() => {
    const el = document.querySelector('esign-editor')!;
    el.select([1]);
    return el.updateComplete;
  });
  await page.evaluate(() => (document.querySelector('esign-editor')!.shadowRoot!.querySelector('.efield[data-selected]') as HTMLElement).focus());
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.waitForFunction(() => document.querySelector('esign-editor')!.saveState === 'saved', null, { timeout: 15000 });
  assert.equal(posts.length, 1);
  assert.deepEqual(await restFields(), await editorFields());
});

test('a field the server refuses is marked, and an expired token is reported', async () => {
  // A label with characters the service does not allow: validation stops the save before any request.
  const result = await page.evaluate(async () => {
    const el = document.querySelector('esign-editor')!;
    const fields = el.getFields();
    fields[0] = { ...fields[0], label: 'Bad/label!' };
    el.setFields(fields);
    return el.save().catch((e: { result?: unknown }) => e.result);
  });
  assert.equal((result as { ok: boolean }).ok, false);
  const marked = await page.evaluate(() => document.querySelector('esign-editor')!.shadowRoot!.querySelectorAll('.efield[data-problem]').length);
  assert.equal(marked, 1);
  const read = (await restFields()) as { label: string }[];
  assert.equal(read[0].label, 'Full name', 'nothing was saved');

  // A token the server does not accept: the editor says so through esign-error, with code `unauthorized`.
  const error = await page.evaluate(() => {
    const el = document.querySelector('esign-editor')!;
    const seen = new Promise<{ code: string; message: string }>((r) => el.addEventListener('esign-error', (e) => r((e as CustomEvent).detail), { once: true }));
    el.setAttribute('token', 'not-a-token');
    return seen;
  });
  assert.equal(error.code, 'unauthorized');
  assert.match(error.message, /token/);
});
