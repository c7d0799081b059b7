import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CSS_PX_PER_PT, PageLayout } from './page-layout.ts';
import { PageBuffer, bufferSizeFor, nextPageToRender, outputScale, wantedPages, MAX_CANVAS_PIXELS } from './render-scheduling.ts';

test('PageLayout places pages from sizes, borrowing the first size until each is known', () => {
  const layout = new PageLayout(10);
  layout.reset(4, 600, 800);
  layout.setScale(0.75); // 1 pt = 1 CSS px
  assert.equal(CSS_PX_PER_PT * 0.75, 1);
  assert.deepEqual(
    [0, 1, 2, 3].map((i) => layout.pageTop(i)),
    [10, 820, 1630, 2440],
  );
  assert.equal(layout.isSizeKnown(2), false);
  assert.equal(layout.setPageSize(1, 800, 600), true);
  assert.equal(layout.setPageSize(1, 800, 600), false);
  assert.deepEqual(
    [0, 1, 2, 3].map((i) => layout.pageTop(i)),
    [10, 820, 1430, 2240],
  );
  assert.equal(layout.totalHeight, 3050);
  assert.equal(layout.maxWidth, 800);
});

test('PageLayout finds the pages in a viewport, with their visible share', () => {
  const layout = new PageLayout(10);
  layout.reset(5, 75, 75); // 100 px tall at zoom 1
  assert.equal(layout.pageAt(0), 0);
  assert.equal(layout.pageAt(115), 0); // in the gap after page 1 → page 1 until page 2 starts at 120
  assert.equal(layout.pageAt(120), 1);
  const range = layout.visible(60, 100);
  assert.equal(range.first, 0);
  assert.equal(range.last, 1);
  assert.equal(range.pages[0].visibleHeight, 50);
  assert.equal(range.pages[1].visibleHeight, 40);
  assert.equal(range.pages[1].fraction, 0.4);
  assert.deepEqual(layout.visible(10000, 100).pages, []);
});

test('nextPageToRender: visible pages first, then one ahead in the scroll direction', () => {
  const layout = new PageLayout(0);
  layout.reset(10, 75, 75);
  const visible = layout.visible(350, 200); // pages 3..5 (0-based) visible
  assert.deepEqual(
    visible.pages.map((p) => p.index),
    [3, 4, 5],
  );
  const rendered = new Set<number>();
  assert.equal(
    nextPageToRender(visible, 10, true, (i) => rendered.has(i)),
    3,
  );
  rendered.add(3).add(4).add(5);
  assert.equal(
    nextPageToRender(visible, 10, true, (i) => rendered.has(i)),
    6,
  );
  assert.equal(
    nextPageToRender(visible, 10, false, (i) => rendered.has(i)),
    2,
  );
  rendered.add(6);
  assert.equal(
    nextPageToRender(visible, 10, true, (i) => rendered.has(i)),
    null,
  );
  assert.deepEqual([...wantedPages(visible, 10, false)].sort(), [2, 3, 4, 5]);
  const last = layout.visible(layout.totalHeight - 100, 100);
  assert.deepEqual([...wantedPages(last, 10, true)], [9]);
});

test('PageBuffer evicts the least recently used page, sparing the ones to keep', () => {
  const evicted: number[] = [];
  const buffer = new PageBuffer(3, (i) => evicted.push(i));
  [1, 2, 3].forEach((i) => buffer.push(i));
  buffer.touch([1]);
  buffer.push(4);
  assert.deepEqual(evicted, [2]);
  buffer.resize(2, new Set([3]));
  assert.deepEqual(evicted, [2, 1]);
  assert.equal(buffer.has(3) && buffer.has(4), true);
  buffer.clear();
  assert.deepEqual(evicted.sort(), [1, 2, 3, 4]);
  assert.equal(bufferSizeFor(2), 10);
  assert.equal(bufferSizeFor(7), 15);
});

test('outputScale uses the device pixel ratio up to the pixel cap', () => {
  assert.equal(outputScale(800, 1000, 2), 2);
  assert.equal(outputScale(800, 1000, 1), 1);
  const big = outputScale(4000, 5000, 2);
  assert.ok(big < 2);
  assert.ok(Math.abs(4000 * big * 5000 * big - MAX_CANVAS_PIXELS) < 1);
});

test('told sizes start the pages of a reset whose page 1 matches them, and are forgotten by one that does not', () => {
  const layout = new PageLayout(0);
  layout.expectSizes([
    [612, 792],
    [792, 612],
  ]);
  layout.reset(3, 612, 792);
  assert.deepEqual(
    [0, 1, 2].map((i) => layout.pageSizePt(i)),
    [
      { width: 612, height: 792 },
      { width: 792, height: 612 },
      { width: 612, height: 792 },
    ],
  );
  assert.equal(layout.isSizeKnown(1), false, 'told, not read');
  layout.reset(3, 595, 842);
  assert.deepEqual(layout.pageSizePt(1), { width: 595, height: 842 });
  layout.reset(3, 612, 792);
  assert.deepEqual(layout.pageSizePt(1), { width: 612, height: 792 }, 'forgotten');
});
