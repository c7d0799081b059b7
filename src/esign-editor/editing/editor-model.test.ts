import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditorModel } from './editor-model.ts';
import { moveFields } from './transform.ts';
import { removeFields } from './field-doc.ts';
import { blankElement } from './toolbox.ts';

const el = (ax: number) => ({ ...blankElement(), ax, ay: 0.1, bx: ax + 0.1, by: 0.2 });

test('an edit, a coalesced drag, undo and redo, with events and the caller input untouched', () => {
  const input = Object.freeze([Object.freeze(el(0.1)), Object.freeze(el(0.5))]);
  const causes: string[] = [];
  const m = new EditorModel(input, { change: (c) => causes.push(c) });
  const [a] = m.doc.map((f) => f.id);
  for (let i = 1; i <= 5; i++) m.apply(moveFields(m.doc, [a], 0.01, 0), { coalesce: 'drag' });
  m.settle();
  assert.equal(Math.round(m.elements()[0].ax * 100) / 100, 0.15);
  assert.equal(causes.length, 5);
  assert.equal(m.undo(), true);
  assert.equal(m.elements()[0].ax, 0.1, 'the whole drag is one step');
  assert.equal(m.canUndo, false);
  assert.equal(m.redo(), true);
  assert.equal(Math.round(m.elements()[0].ax * 100) / 100, 0.15);
  assert.deepEqual(causes.slice(-2), ['undo', 'redo']);
  assert.equal(input[0].ax, 0.1);
});

test('selection follows the document: deleted and undone fields drop out', () => {
  let selects = 0;
  const m = new EditorModel([el(0.1), el(0.5)], { select: () => selects++ });
  const ids = m.doc.map((f) => f.id);
  m.setSelection([ids[1], ids[1], 'nope']);
  assert.deepEqual(m.selection, [ids[1]]);
  m.apply(removeFields(m.doc, [ids[1]]));
  assert.deepEqual(m.selection, []);
  m.undo();
  assert.equal(m.doc.length, 2);
  assert.equal(selects, 2);
});

test('an edit that changes nothing is not an undo step, even as a new array', () => {
  let changes = 0;
  const m = new EditorModel([{ ...el(0), ax: 0, bx: 0.1 }], { change: () => changes++ });
  assert.equal(m.apply(m.doc), false);
  assert.equal(m.apply(moveFields(m.doc, [m.doc[0].id], -0.2, 0)), false, 'already at the left edge');
  assert.equal(m.canUndo, false);
  assert.equal(changes, 0);
});

test('setElements starts over and idsAt maps indexes', () => {
  const m = new EditorModel([el(0.1)]);
  m.apply(moveFields(m.doc, [m.doc[0].id], 0.1, 0));
  m.setElements([el(0.3), el(0.4)]);
  assert.equal(m.canUndo, false);
  assert.deepEqual(m.idsAt([1, 5]), [m.doc[1].id]);
});
