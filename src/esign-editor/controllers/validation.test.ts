import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeElement } from '../../fields/validate.ts';
import { missingPageProblems, normalizeIncoming } from './validation.ts';

const box = { ax: 0.1, ay: 0.1, bx: 0.3, by: 0.2, element_type: 'text' as const };

test('only fields beyond the page count are reported, by their page path', () => {
  const elements = [normalizeElement({ ...box, page: 2 }), normalizeElement({ ...box, page: 4 }), normalizeElement({ ...box, page: 3, label: '' })];
  const problems = missingPageProblems(elements, 2);
  assert.deepEqual(
    problems.map((p) => p.field),
    ['[1].page', '[2].page'],
  );
  assert.match(problems[0].message, /page 4 does not exist: the document has 2 pages/);
  assert.deepEqual(missingPageProblems(elements, 4), []);
});

test('incoming fields beyond the page count are kept, and reported when the count is known', () => {
  const input = [
    { ...box, page: 1 },
    { ...box, page: 7 },
  ];
  assert.deepEqual(normalizeIncoming(input).problems, [], 'no page count yet: nothing to say');
  const known = normalizeIncoming(input, 3);
  assert.equal(known.elements.length, 2);
  assert.deepEqual(
    known.problems.map((p) => p.field),
    ['[1].page'],
  );
});
