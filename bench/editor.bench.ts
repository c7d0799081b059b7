/**
 * `node bench/editor.bench.ts`: dragging one field in <esign-editor> on a generated 200-page template
 * with 2,000 fields (10 per page), in headless Chromium with real mouse input for 2 s.
 *
 * - editor_drag_frame_p95_ms: p95 of the intervals between animation frames during the drag (target ≤ 16.7).
 * - editor_drag_page_renders: page canvases painted because of the drag, counted from the drag's start until
 *   rendering has been quiet for a second after it (target 0).
 * The frame figure is the median over three 2 s drags of each drag's p95; the page is cross-origin isolated so
 * frame timestamps are precise rather than rounded to 100 µs.
 * Context: each run's p95, frames that missed a vsync, the same input on a blank page in the same browser
 * (the machine's own frame pacing under its current load), the idle figure, and the load time.
 */
import type { Page } from 'playwright-core';
import { generatePdf } from '../test/support/generate-pdf.ts';
import { startHarness } from '../test/support/editor/editor-harness.ts';

const PAGES = 200;
const FIELDS_PER_PAGE = 10;
const DRAG_MS = 2000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const pdf = await generatePdf({ pages: PAGES });
const harness = await startHarness({ files: new Map([['/bench-200p.pdf', pdf]]), isolated: true });

function median(values: number[]): number {
  return percentile(values, 50);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface BenchWindow {
  harnessReady?: boolean;
  frames: number[];
  recording: boolean;
  lastRender: number;
}

/** Frame times (ms between animation frames) on `page` while `during` runs. */
async function recordFrames(page: Page, during: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.frames = [];
    w.recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.frames.push(now - last);
      last = now;
      if (w.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
  await during();
  return page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.recording = false;
    return w.frames;
  });
}

/** A DRAG_MS mouse drag looping around (x, y), 120 px wide: snapping, clamping and guides all get exercised. */
async function dragLoop(page: Page, x: number, y: number): Promise<number> {
  let moves = 0;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const started = Date.now();
  while (Date.now() - started < DRAG_MS) {
    const t = (Date.now() - started) / DRAG_MS;
    await page.mouse.move(x + 120 * Math.sin(t * Math.PI * 4), y + 60 * Math.sin(t * Math.PI * 2));
    moves++;
  }
  await page.mouse.up();
  return moves;
}

try {
  const page = await harness.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${harness.origin}/__editor.html`);
  await page.waitForFunction(() => (window as unknown as BenchWindow).harnessReady === true);

  const loadMs = await page.evaluate(
    async ({ pages, perPage }) => {
      const fields = [];
      for (let p = 1; p <= pages; p++) {
        for (let i = 0; i < perPage; i++) {
          const col = i % 2;
          const row = Math.floor(i / 2);
          const ax = 0.08 + col * 0.45;
          const ay = 0.08 + row * 0.17;
          fields.push({ ax, ay, bx: ax + 0.3, by: ay + 0.05, page: p, element_type: i === 0 ? 'signature' : 'text', signer: 1 + (i % 3) });
        }
      }
      const w = window as unknown as BenchWindow;
      const el = document.createElement('esign-editor');
      el.addEventListener('esign-page-render', () => (w.lastRender = performance.now()));
      const started = performance.now();
      const ready = new Promise((r) => el.addEventListener('esign-ready', r, { once: true }));
      el.fields = fields as never;
      el.src = '/bench-200p.pdf';
      document.getElementById('stage')!.append(el);
      await ready;
      await el.updateComplete;
      return performance.now() - started;
    },
    { pages: PAGES, perPage: FIELDS_PER_PAGE },
  );

  // Let rendering settle: no page painted for a second.
  await page.waitForFunction(() => performance.now() - ((window as unknown as BenchWindow).lastRender ?? 0) > 1000, null, { timeout: 60000, polling: 100 });
  const fieldCount = await page.evaluate(() => document.querySelector('esign-editor')!.getFields().length);

  async function dragOnce(x: number, y: number): Promise<{ frames: number[]; moves: number }> {
    let moves = 0;
    const frames = await recordFrames(page, async () => {
      moves = await dragLoop(page, x, y);
    });
    return { frames, moves };
  }

  const idle = await recordFrames(page, () => new Promise((r) => setTimeout(r, DRAG_MS)));
  const target = await page.evaluate(() => {
    const el = document.querySelector('esign-editor')!;
    const f = el.shadowRoot!.querySelector('.page[data-page="1"] .efield')!.getBoundingClientRect();
    return { x: f.left + f.width / 2, y: f.top + f.height / 2, renders: el.pageRenders };
  });
  // Three drags (each starts where the field is now); the figure is the median of their p95s, which keeps
  // one burst of load from other processes on the machine from deciding it.
  const runs: { frames: number[]; moves: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const at = await page.evaluate(() => {
      const f = document.querySelector('esign-editor')!.shadowRoot!.querySelector('.page[data-page="1"] .efield')!.getBoundingClientRect();
      return { x: f.left + f.width / 2, y: f.top + f.height / 2 };
    });
    runs.push(await dragOnce(at.x, at.y));
  }
  await page.waitForFunction(() => performance.now() - ((window as unknown as BenchWindow).lastRender ?? 0) > 1000, null, { timeout: 30000, polling: 100 });
  const after = await page.evaluate(() => {
    const el = document.querySelector('esign-editor')!;
    return { renders: el.pageRenders, fields: el.getFields().length, undo: el.undo() };
  });

  // Control: the same input on a blank page in the same browser, for the machine's own frame pacing.
  const blank = await harness.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await blank.goto(`${harness.origin}/__editor.html`);
  const controlRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    controlRuns.push(
      percentile(
        await recordFrames(blank, async () => {
          await dragLoop(blank, 400, 300);
        }),
        95,
      ),
    );
  }

  const p95s = runs.map((r) => percentile(r.frames, 95));
  const all = runs.flatMap((r) => r.frames);
  const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);
  console.log(`editor_drag_frame_p95_ms: ${median(p95s).toFixed(2)}`);
  console.log(`editor_drag_page_renders: ${after.renders - target.renders}`);
  console.log(`editor_drag_frame_p95_runs_ms: ${p95s.map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`editor_drag_frame_median_ms: ${percentile(all, 50).toFixed(2)}`);
  console.log(`editor_drag_frame_max_ms: ${Math.max(...all).toFixed(2)}`);
  console.log(`editor_drag_frames_over_one_vsync: ${all.filter((f) => f > 16.7 * 1.5).length} of ${all.length}`);
  console.log(`editor_drag_pointer_moves: ${runs.reduce((n, r) => n + r.moves, 0)}`);
  console.log(`control_blank_drag_frame_p95_ms: ${median(controlRuns).toFixed(2)}`);
  console.log(`editor_idle_frame_p95_ms: ${percentile(idle, 95).toFixed(2)}`);
  console.log(`editor_timer_precise: ${isolated ? 1 : 0}`);
  console.log(`editor_load_200p_2000_fields_ms: ${loadMs.toFixed(0)}`);
  if (fieldCount !== PAGES * FIELDS_PER_PAGE || after.fields !== fieldCount || !after.undo) {
    throw new Error(`bench setup wrong: ${fieldCount} fields loaded, ${after.fields} after the drags, undo ${after.undo}`);
  }
} finally {
  await harness.close();
}
