import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createField, parseToolbox, TOOL_TYPES, TOOLS, toolTypeOf } from './toolbox.ts';
import { r6 } from '../../../test/support/editor/editing-helpers.ts';

const page = { width: 612, height: 792 };

test('every tool creates a field of its type that maps back to the tool', () => {
  for (const type of TOOL_TYPES) {
    const f = createField(type, { page: 2, pageSize: page, at: { x: 0.1, y: 0.2 }, signer: 3 });
    assert.equal(f.el.element_type, TOOLS[type].element_type);
    assert.equal(f.el.validation, TOOLS[type].validation);
    assert.equal(f.el.page, 2);
    assert.equal(toolTypeOf(f.el), type, type);
    assert.equal(r6(f.el.bx - f.el.ax), r6(TOOLS[type].width / 612));
    assert.equal(r6(f.el.by - f.el.ay), r6(TOOLS[type].height / 792));
  }
});

test('sender fields belong to signer 0; others to the chosen recipient', () => {
  assert.equal(createField('sender', { page: 1, pageSize: page, at: { x: 0, y: 0 }, signer: 2 }).el.signer, 0);
  assert.equal(createField('signature', { page: 1, pageSize: page, at: { x: 0, y: 0 }, signer: 102 }).el.signer, 102);
});

test('a field dropped near the edge stays on the page; a drawn size wins', () => {
  const f = createField('signature', { page: 1, pageSize: page, at: { x: 0.95, y: 0.99 }, signer: 1 });
  assert.equal(r6(f.el.bx), 1);
  assert.equal(r6(f.el.by), 1);
  const drawn = createField('text', { page: 1, pageSize: page, at: { x: 0.1, y: 0.1 }, signer: 1, size: { w: 0.3, h: 0.05 } });
  assert.equal(r6(drawn.el.bx), 0.4);
});

test('the toolbox attribute filters types', () => {
  assert.deepEqual(parseToolbox(null), [...TOOL_TYPES]);
  assert.deepEqual(parseToolbox('signature, date  admin'), ['signature', 'date', 'sender']);
  assert.deepEqual(parseToolbox('nonsense'), []);
});
