import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromElements, removeFields, toElements, updateFields } from './field-doc.ts';
import { blankElement } from './toolbox.ts';
import { field, frozen } from '../../../test/support/editor/editing-helpers.ts';

test('fromElements copies the input and toElements returns fresh JSON without local ids', () => {
  const input = [Object.freeze({ ...blankElement(), ax: 0.1, bx: 0.2, by: 0.1, uuid: 'u1' })];
  const doc = fromElements(input);
  assert.notEqual(doc[0].el, input[0]);
  assert.equal(typeof doc[0].id, 'string');
  const out = toElements(doc);
  assert.deepEqual(out, [{ ...input[0] }]);
  assert.notEqual(out[0], doc[0].el);
  assert.equal('id' in out[0], false);
});

test('ids are unique', () => {
  const doc = fromElements([blankElement(), blankElement(), blankElement()]);
  assert.equal(new Set(doc.map((f) => f.id)).size, 3);
});

test('updateFields never mutates and keeps unchanged fields by identity', () => {
  const doc = frozen([field('a', 0, 0, 0.1, 0.1), field('b', 0.5, 0.5, 0.6, 0.6)]);
  const next = updateFields(doc, ['a'], () => ({ label: 'Name' }));
  assert.notEqual(next, doc);
  assert.equal(next[0].el.label, 'Name');
  assert.equal(doc[0].el.label, '');
  assert.equal(next[1], doc[1]);
});

test('updateFields with a patch that changes nothing keeps every field object', () => {
  const doc = frozen([field('a', 0, 0, 0.1, 0.1)]);
  const next = updateFields(doc, ['a'], (el) => ({ ax: el.ax }));
  assert.equal(next[0], doc[0]);
});

test('remove returns a new array', () => {
  const doc = frozen([field('a', 0, 0, 0.1, 0.1), field('b', 0.2, 0.2, 0.3, 0.3)]);
  assert.deepEqual(
    removeFields(doc, ['a']).map((f) => f.id),
    ['b'],
  );
  assert.equal(doc.length, 2);
});
