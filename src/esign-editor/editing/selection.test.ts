import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickSelect, marqueeHits, marqueeSelect, pruneSelection } from './selection.ts';
import { field } from '../../../test/support/editor/editing-helpers.ts';

const doc = [field('a', 0.1, 0.1, 0.2, 0.2), field('b', 0.5, 0.5, 0.6, 0.6), field('c', 0.1, 0.1, 0.2, 0.2, 2), field('d', 0.05, 0.5, 0.1, 0.55)];

test('click selects one; shift-click toggles', () => {
  assert.deepEqual(clickSelect(['a', 'b'], 'c', false), ['c']);
  assert.deepEqual(clickSelect(['a'], 'b', true), ['a', 'b']);
  assert.deepEqual(clickSelect(['a', 'b'], 'a', true), ['b']);
});

test('marquee hits fields it touches on its page only, dragged in any direction', () => {
  assert.deepEqual(marqueeHits(doc, 1, { ax: 0.55, ay: 0.55, bx: 0.15, by: 0.15 }), ['a', 'b']);
  assert.deepEqual(marqueeHits(doc, 2, { ax: 0, ay: 0, bx: 1, by: 1 }), ['c']);
  assert.deepEqual(marqueeHits(doc, 1, { ax: 0.3, ay: 0.3, bx: 0.4, by: 0.4 }), []);
});

test('shift-marquee adds to the selection without duplicates', () => {
  assert.deepEqual(marqueeSelect(['a'], ['a', 'b'], true), ['a', 'b']);
  assert.deepEqual(marqueeSelect(['a'], ['b'], false), ['b']);
});

test('prune drops ids no longer present', () => {
  assert.deepEqual(pruneSelection(['a', 'x', 'c'], doc), ['a', 'c']);
});
