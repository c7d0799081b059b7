import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addRecipient, effectiveRecipients, moveSigner, parseRecipients, recipientName, renameRecipient, renumberFields } from './recipients.ts';
import { field } from '../../test/support/editor/editing-helpers.ts';

test('parse names, JSON objects with roles, and skip junk and duplicates', () => {
  assert.deepEqual(parseRecipients('Alice, Bob'), [
    { signer: 1, name: 'Alice' },
    { signer: 2, name: 'Bob' },
  ]);
  assert.deepEqual(
    parseRecipients('[{"name":"Ann"},{"name":"Wit","role":"witness","index":1},{"name":"Boss","role":"approver"},{"signer":2,"name":"Ben"},3,{"signer":2}]'),
    [
      { signer: 1, name: 'Ann' },
      { signer: 101, name: 'Wit' },
      { signer: 201, name: 'Boss' },
      { signer: 2, name: 'Ben' },
    ],
  );
  assert.deepEqual(parseRecipients(''), []);
  assert.deepEqual(parseRecipients({}), []);
});

test('effective recipients add the signers fields use and order witnesses after their signer', () => {
  const list = effectiveRecipients(
    [{ signer: 2, name: 'Bo' }],
    [
      { signer: 101, element_type: 'signature' },
      { signer: 0, element_type: 'admin' },
    ],
  );
  assert.deepEqual(
    list.map((r) => r.signer),
    [101, 2],
    'witness of signer 1 before signer 2; the sender is not listed',
  );
  assert.deepEqual(
    effectiveRecipients([], []).map((r) => r.signer),
    [1],
  );
  assert.equal(recipientName({ signer: 102, name: ' ' }), 'Witness 2');
});

test('add, rename and reorder; reordering renumbers fields and their witnesses', () => {
  let list = addRecipient([{ signer: 1, name: 'A' }], 'signer');
  list = addRecipient(list, 'witness', 1);
  list = addRecipient(list, 'approver');
  list = renameRecipient(list, 2, 'B');
  assert.deepEqual(list, [
    { signer: 1, name: 'A' },
    { signer: 101, name: '' },
    { signer: 2, name: 'B' },
    { signer: 201, name: '' },
  ]);
  const { list: moved, renumber } = moveSigner(list, 2, -1);
  assert.deepEqual(
    moved.map((r) => [r.signer, r.name]),
    [
      [1, 'B'],
      [2, 'A'],
      [102, ''],
      [201, ''],
    ],
  );
  const doc = [field('a', 0, 0, 0.1, 0.1, 1, { signer: 1 }), field('b', 0, 0, 0.1, 0.1, 1, { signer: 101 }), field('c', 0, 0, 0.1, 0.1, 1, { signer: 0 })];
  const out = renumberFields(doc, renumber);
  assert.deepEqual(
    out.map((f) => f.el.signer),
    [2, 102, 0],
  );
  assert.equal(out[2], doc[2]);
  assert.equal(moveSigner(list, 1, -1).renumber.size, 0, 'the first signer cannot move up');
});
