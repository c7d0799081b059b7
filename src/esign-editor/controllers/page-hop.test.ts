import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hopFields } from './page-hop.ts';
import { field, r6 } from '../../../test/support/editor/editing-helpers.ts';

test('a selection hops to another page keeping its layout; the rest stays', () => {
  const doc = [field('a', 0.1, 0.1, 0.3, 0.15), field('b', 0.4, 0.2, 0.5, 0.25), field('c', 0.7, 0.7, 0.8, 0.75)];
  const out = hopFields(doc, ['a', 'b'], doc[0], 3, { x: 0.2, y: 0.5 });
  assert.deepEqual(
    out.slice(0, 2).map((f) => [f.el.page, r6(f.el.ax), r6(f.el.ay), r6(f.el.bx), r6(f.el.by)]),
    [
      [3, 0.2, 0.5, 0.4, 0.55],
      [3, 0.5, 0.6, 0.6, 0.65],
    ],
  );
  assert.equal(out[2], doc[2]);
  assert.equal(doc[0].el.page, 1);
});

test('a hop past the page edge is pulled back inside, as a group', () => {
  const doc = [field('a', 0.1, 0.1, 0.3, 0.15), field('b', 0.4, 0.2, 0.5, 0.25)];
  const out = hopFields(doc, ['a', 'b'], doc[0], 2, { x: 0.8, y: -0.05 });
  assert.equal(r6(out[1].el.bx), 1);
  assert.equal(r6(out[0].el.ax), 0.6);
  assert.equal(r6(out[0].el.ay), 0);
  assert.equal(r6(out[1].el.ay), 0.1);
});

test('a selection spanning pages keeps its page distances, and stays inside the document', () => {
  const doc = [field('a', 0.1, 0.1, 0.3, 0.15, 2), field('b', 0.4, 0.2, 0.5, 0.25, 3), field('c', 0.7, 0.7, 0.8, 0.75, 3)];
  const out = hopFields(doc, ['a', 'b'], doc[0], 5, { x: 0.2, y: 0.5 }, 10);
  assert.deepEqual(
    out.map((f) => f.el.page),
    [5, 6, 3],
  );
  assert.deepEqual([r6(out[1].el.ax), r6(out[1].el.ay)], [0.5, 0.6]);
  // Dropped with the primary on the last page: the field below it would fall off the end, so the group stops one page earlier.
  const last = hopFields(doc, ['a', 'b'], doc[0], 10, { x: 0.2, y: 0.5 }, 10);
  assert.deepEqual(
    last.map((f) => f.el.page),
    [9, 10, 3],
  );
  // Dragged upward from the lower field: the upper one cannot go above page 1.
  const first = hopFields(doc, ['a', 'b'], doc[1], 1, { x: 0.4, y: 0.2 }, 10);
  assert.deepEqual(
    first.map((f) => f.el.page),
    [1, 2, 3],
  );
});
