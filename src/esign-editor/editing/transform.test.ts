import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampGroupDelta, minSizeOn, moveFields, nudgeFields, placeRect, resizeFields, resizeRect } from './transform.ts';
import { field, frozen, r6 } from '../../../test/support/editor/editing-helpers.ts';

const letter = () => ({ width: 612, height: 792 });

test('moveFields moves the selection only and leaves the input alone', () => {
  const doc = frozen([field('a', 0.1, 0.1, 0.2, 0.2), field('b', 0.5, 0.5, 0.6, 0.6)]);
  const next = moveFields(doc, ['a'], 0.1, 0.05);
  assert.deepEqual([r6(next[0].el.ax), r6(next[0].el.ay), r6(next[0].el.bx), r6(next[0].el.by)], [0.2, 0.15, 0.3, 0.25]);
  assert.equal(next[1], doc[1]);
  assert.equal(doc[0].el.ax, 0.1);
});

test('a group stops at the page edge together, per axis', () => {
  const doc = [field('a', 0.05, 0.1, 0.15, 0.2), field('b', 0.5, 0.5, 0.6, 0.6)];
  const next = moveFields(doc, ['a', 'b'], -0.3, 0.1);
  assert.equal(r6(next[0].el.ax), 0);
  assert.equal(r6(next[1].el.ax), 0.45, 'b moved by the same clamped amount');
  assert.equal(r6(next[0].el.ay), 0.2, 'vertical movement still applies');
  assert.equal(r6(next[1].el.ay), 0.6);
});

test('clampGroupDelta keeps a rect inside', () => {
  assert.deepEqual(clampGroupDelta([{ ax: 0.8, ay: 0.8, bx: 0.9, by: 0.95 }], 0.5, 0.5), { dx: 0.09999999999999998, dy: 0.050000000000000044 });
});

test('resizeRect from each handle keeps the opposite edge and the minimum size', () => {
  const r = { ax: 0.2, ay: 0.2, bx: 0.4, by: 0.3 };
  const min = { w: 0.05, h: 0.02 };
  assert.deepEqual(resizeRect(r, 'se', 0.1, 0.1, min), { ax: 0.2, ay: 0.2, bx: 0.5, by: 0.4 });
  const w = resizeRect(r, 'w', 0.5, 0, min);
  assert.equal(r6(w.ax), 0.35, 'cannot cross the minimum width');
  assert.equal(w.bx, 0.4);
  const n = resizeRect(r, 'n', 0, -1, min);
  assert.equal(n.ay, 0, 'clamped to the page top');
  const nw = resizeRect(r, 'nw', 0.05, 0.05, min);
  assert.deepEqual([r6(nw.ax), r6(nw.ay), nw.bx, nw.by], [0.25, 0.25, 0.4, 0.3]);
  const e = resizeRect(r, 'e', 2, 0, min);
  assert.equal(e.bx, 1);
});

test('a field imported smaller than the minimum is not forced to grow', () => {
  const r = { ax: 0.2, ay: 0.2, bx: 0.21, by: 0.205 };
  const out = resizeRect(r, 'se', -0.5, -0.5, { w: 0.05, h: 0.05 });
  assert.deepEqual(out, r);
});

test('resizeFields applies the same delta to each field, with minimum sizes from points', () => {
  const doc = [field('a', 0.1, 0.1, 0.3, 0.2), field('b', 0.5, 0.5, 0.55, 0.6)];
  const min = minSizeOn(letter, 8);
  const next = resizeFields(doc, ['a', 'b'], 'e', -0.1, 0, min);
  assert.equal(r6(next[0].el.bx), 0.2);
  assert.equal(r6(next[1].el.bx), r6(0.5 + 8 / 612), 'b stops at 8 points wide');
});

test('nudge moves by points (1, or 10 with shift) and alt resizes', () => {
  const doc = [field('a', 0.5, 0.5, 0.6, 0.6)];
  const right = nudgeFields(doc, ['a'], 'ArrowRight', 10, letter);
  assert.equal(r6(right[0].el.ax), r6(0.5 + 10 / 612));
  const up = nudgeFields(doc, ['a'], 'ArrowUp', 1, letter);
  assert.equal(r6(up[0].el.ay), r6(0.5 - 1 / 792));
  const grow = nudgeFields(doc, ['a'], 'ArrowDown', 10, letter, true);
  assert.equal(grow[0].el.ay, 0.5);
  assert.equal(r6(grow[0].el.by), r6(0.6 + 10 / 792));
  const shrink = nudgeFields(doc, ['a'], 'ArrowLeft', 100, letter, true);
  assert.equal(r6(shrink[0].el.bx), r6(0.5 + 8 / 612));
});

test('nudge at the page edge does nothing', () => {
  const doc = [field('a', 0, 0, 0.1, 0.1)];
  const next = nudgeFields(doc, ['a'], 'ArrowLeft', 1, letter);
  assert.equal(next[0], doc[0]);
});

test('placeRect keeps numeric edits on the page and above the minimum', () => {
  assert.deepEqual(placeRect({ ax: 0.95, ay: -0.1, bx: 1.15, by: 0.0 }, { w: 0.01, h: 0.02 }), { ax: 0.8, ay: 0, bx: 1, by: 0.1 });
});
