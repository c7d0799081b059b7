import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyToSharedClipboard, duplicateToPages, parseClipboardText, parsePageRange, pasteFields, readSharedClipboard } from './clipboard.ts';
import { field, frozen, r6 } from '../../../test/support/editor/editing-helpers.ts';

test('the shared clipboard holds copies without uuids and parses back', () => {
  const f = field('a', 0.1, 0.1, 0.2, 0.2, 1, { uuid: 'x-1', label: 'Name' });
  const text = copyToSharedClipboard([f.el]);
  const read = readSharedClipboard();
  assert.ok(read);
  assert.equal(read[0].label, 'Name');
  assert.equal('uuid' in read[0], false);
  read[0].label = 'changed';
  assert.equal(readSharedClipboard()![0].label, 'Name', 'readers get copies');
  const parsed = parseClipboardText(text);
  assert.equal(parsed?.length, 1);
});

test('parseClipboardText accepts a bare element array and rejects other text', () => {
  assert.deepEqual(parseClipboardText('[{"ax":0}]'), [{ ax: 0 }]);
  assert.equal(parseClipboardText('hello'), null);
  assert.equal(parseClipboardText('{"kind":"other"}'), null);
  assert.equal(parseClipboardText('{"kind":"esign-fields","fields":3}'), null);
});

test('pasting onto the same spot cascades by the offset; new ids; input untouched', () => {
  const doc = frozen([field('a', 0.1, 0.1, 0.2, 0.2)]);
  const { doc: once, ids } = pasteFields(doc, [doc[0].el], { offset: { x: 0.02, y: 0.02 }, pageCount: 3 });
  assert.equal(once.length, 2);
  assert.equal(ids.length, 1);
  assert.notEqual(ids[0], 'a');
  assert.equal(r6(once[1].el.ax), 0.12);
  const { doc: twice } = pasteFields(once, [doc[0].el], { offset: { x: 0.02, y: 0.02 }, pageCount: 3 });
  assert.equal(r6(twice[2].el.ax), 0.14);
  assert.equal(doc.length, 1);
});

test('pasting to another page keeps the place and layout', () => {
  const doc = [field('a', 0.1, 0.1, 0.2, 0.2, 1), field('b', 0.3, 0.1, 0.4, 0.2, 1)];
  const { doc: out } = pasteFields(
    doc,
    doc.map((f) => f.el),
    { page: 3, offset: { x: 0.02, y: 0.02 }, pageCount: 3 },
  );
  assert.deepEqual(
    out.slice(2).map((f) => [f.el.page, f.el.ax]),
    [
      [3, 0.1],
      [3, 0.3],
    ],
  );
  const { doc: beyond } = pasteFields([], [field('x', 0, 0, 0.1, 0.1, 9).el], { offset: { x: 0, y: 0 }, pageCount: 4 });
  assert.equal(beyond[0].el.page, 4);
});

test('duplicate to pages skips the own page and existing copies', () => {
  const doc = [field('a', 0.1, 0.8, 0.3, 0.85, 2, { uuid: 'u' })];
  const { doc: out, ids } = duplicateToPages(doc, ['a'], [1, 2, 3, 4]);
  assert.deepEqual(
    out.map((f) => f.el.page),
    [2, 1, 3, 4],
  );
  assert.equal(ids.length, 3);
  assert.equal(out[1].el.uuid, undefined);
  const again = duplicateToPages(out, ['a'], [1, 2, 3, 4]);
  assert.equal(again.doc.length, 4, 'no second copies');
});

test('page ranges', () => {
  assert.deepEqual(parsePageRange('all', 3), { pages: [1, 2, 3] });
  assert.deepEqual(parsePageRange('1-3, 5', 6), { pages: [1, 2, 3, 5] });
  assert.deepEqual(parsePageRange('4-', 6), { pages: [4, 5, 6] });
  assert.deepEqual(parsePageRange('2 2 1', 6), { pages: [1, 2] });
  assert.ok('error' in parsePageRange('0-2', 6));
  assert.ok('error' in parsePageRange('5-3', 6));
  assert.ok('error' in parsePageRange('x', 6));
  assert.ok('error' in parsePageRange('7', 6));
});
