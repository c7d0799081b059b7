import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alignFields, distributeFields } from './arrange.ts';
import { field, frozen, r6 } from '../../../test/support/editor/editing-helpers.ts';

const doc = frozen([field('a', 0.1, 0.1, 0.2, 0.15), field('b', 0.3, 0.3, 0.5, 0.4), field('c', 0.6, 0.2, 0.7, 0.25)]);
const rect = (d: typeof doc, i: number) => [d[i].el.ax, d[i].el.ay, d[i].el.bx, d[i].el.by].map(r6);

test('align left, right and centre use the selection bounds and keep sizes', () => {
  const left = alignFields(doc, ['a', 'b', 'c'], 'left');
  assert.deepEqual(
    left.map((f) => r6(f.el.ax)),
    [0.1, 0.1, 0.1],
  );
  assert.deepEqual(rect(left, 1), [0.1, 0.3, 0.3, 0.4]);
  const right = alignFields(doc, ['a', 'b', 'c'], 'right');
  assert.deepEqual(
    right.map((f) => r6(f.el.bx)),
    [0.7, 0.7, 0.7],
  );
  const centre = alignFields(doc, ['a', 'b', 'c'], 'center');
  assert.deepEqual(
    centre.map((f) => r6((f.el.ax + f.el.bx) / 2)),
    [0.4, 0.4, 0.4],
  );
  assert.equal(doc[0].el.ax, 0.1, 'input untouched');
});

test('align top, middle and bottom', () => {
  assert.deepEqual(
    alignFields(doc, ['a', 'b', 'c'], 'top').map((f) => r6(f.el.ay)),
    [0.1, 0.1, 0.1],
  );
  assert.deepEqual(
    alignFields(doc, ['a', 'b', 'c'], 'bottom').map((f) => r6(f.el.by)),
    [0.4, 0.4, 0.4],
  );
  assert.deepEqual(
    alignFields(doc, ['a', 'b', 'c'], 'middle').map((f) => r6((f.el.ay + f.el.by) / 2)),
    [0.25, 0.25, 0.25],
  );
});

test('a single field aligns to its page; fields on other pages align separately', () => {
  const two = [field('a', 0.1, 0.1, 0.2, 0.2, 1), field('b', 0.3, 0.3, 0.4, 0.4, 2), field('c', 0.5, 0.5, 0.7, 0.6, 2)];
  const out = alignFields(two, ['a', 'b', 'c'], 'right');
  assert.equal(r6(out[0].el.bx), 1);
  assert.equal(r6(out[1].el.bx), 0.7);
  assert.equal(r6(out[2].el.bx), 0.7);
});

test('distribute horizontally leaves equal gaps and keeps the outer fields', () => {
  const d = [field('a', 0.0, 0.1, 0.1, 0.2), field('b', 0.15, 0.1, 0.35, 0.2), field('c', 0.8, 0.1, 0.9, 0.2)];
  const out = distributeFields(d, ['c', 'a', 'b'], 'horizontal');
  assert.deepEqual(rect(out, 0), [0, 0.1, 0.1, 0.2]);
  assert.deepEqual(rect(out, 2), [0.8, 0.1, 0.9, 0.2]);
  const gap1 = out[1].el.ax - out[0].el.bx;
  const gap2 = out[2].el.ax - out[1].el.bx;
  assert.equal(r6(gap1), r6(gap2));
  assert.equal(r6(gap1), 0.25);
});

test('distribute vertically, and needs three fields on a page', () => {
  const d = [field('a', 0.1, 0.0, 0.2, 0.1), field('b', 0.1, 0.2, 0.2, 0.3), field('c', 0.1, 0.7, 0.2, 0.8)];
  const out = distributeFields(d, ['a', 'b', 'c'], 'vertical');
  assert.deepEqual(rect(out, 1), [0.1, 0.35, 0.2, 0.45]);
  const two = distributeFields(d, ['a', 'b'], 'vertical');
  assert.equal(two[1], d[1]);
});
