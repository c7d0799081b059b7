import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readingOrder } from './reading-order.ts';
import { field } from '../../../test/support/editor/editing-helpers.ts';

const ids = (fields: readonly { id: string }[]) => fields.map((f) => f.id);

test('top-down, then left-right; a slightly lower field on the same line still reads after the one to its left', () => {
  const doc = [
    field('bottom', 0.1, 0.8, 0.3, 0.85),
    field('right', 0.6, 0.2, 0.8, 0.25),
    field('left', 0.1, 0.202, 0.3, 0.25),
    field('top', 0.5, 0.05, 0.7, 0.1),
  ];
  assert.deepEqual(ids(readingOrder(doc)), ['top', 'left', 'right', 'bottom']);
});

test('fieldorder, when set, comes first; fields without it follow in position order', () => {
  const doc = [
    field('a', 0.1, 0.1, 0.2, 0.15),
    field('second', 0.1, 0.9, 0.2, 0.95, 1, { fieldorder: 2 }),
    field('first', 0.1, 0.5, 0.2, 0.55, 1, { fieldorder: 1 }),
  ];
  assert.deepEqual(ids(readingOrder(doc)), ['first', 'second', 'a']);
});

test('the input is not reordered in place', () => {
  const doc = Object.freeze([field('low', 0.1, 0.9, 0.2, 0.95), field('high', 0.1, 0.1, 0.2, 0.15)]);
  readingOrder(doc);
  assert.deepEqual(ids(doc), ['low', 'high']);
});
