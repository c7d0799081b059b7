import { test } from 'node:test';
import assert from 'node:assert/strict';
import { breakCoalescing, canRedo, canUndo, commit, createHistory, HISTORY_LIMIT, redo, undo } from './history.ts';
import { field } from '../../../test/support/editor/editing-helpers.ts';

const d0 = [field('a', 0, 0, 0.1, 0.1)];
const d1 = [field('a', 0.1, 0, 0.2, 0.1)];
const d2 = [field('a', 0.2, 0, 0.3, 0.1)];
const d3 = [field('a', 0.3, 0, 0.4, 0.1)];

test('undo and redo walk the chain; a new commit clears redo', () => {
  let h = createHistory(d0);
  assert.equal(canUndo(h), false);
  h = commit(h, d1);
  h = commit(h, d2);
  h = undo(h);
  assert.equal(h.present, d1);
  h = undo(h);
  assert.equal(h.present, d0);
  assert.equal(undo(h), h, 'nothing more to undo');
  h = redo(h);
  assert.equal(h.present, d1);
  assert.equal(canRedo(h), true);
  h = commit(h, d3);
  assert.equal(canRedo(h), false);
  assert.equal(undo(h).present, d1);
});

test('commits with the same coalesce key make one step, until broken', () => {
  let h = createHistory(d0);
  h = commit(h, d1, 'drag-1');
  h = commit(h, d2, 'drag-1');
  h = commit(h, d3, 'drag-1');
  assert.equal(h.past.length, 1);
  assert.equal(undo(h).present, d0);
  h = breakCoalescing(h);
  h = commit(h, d1, 'drag-1');
  assert.equal(h.past.length, 2);
});

test('committing the present is a no-op; history is capped', () => {
  let h = createHistory(d0);
  assert.equal(commit(h, d0), h);
  for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = commit(h, [field('a', i / 1000, 0, 0.1, 0.1)]);
  assert.equal(h.past.length, HISTORY_LIMIT);
});
