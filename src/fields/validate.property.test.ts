/**
 * Property tests (fast-check, fixed seed) for the element JSON validator: any JSON (and any value)
 * answers problems, never an exception; a valid element survives serialising and validating again
 * unchanged (normalisation is idempotent); every problem names a field path and a code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ELEMENT_TYPES, FONT_NAMES } from './types.ts';
import { ELEMENT_KEYS, MAX_ELEMENTS, normalizeElement, validateElements } from './validate.ts';

const SEED = 2815;

const corner = fc.double({ min: 0, max: 1, noNaN: true });
/** Elements built from valid property values (a few codes that need options are left to the unit tests). */
const validElement = fc
  .record(
    {
      ax: corner,
      ay: corner,
      w: fc.double({ min: 0.001, max: 1, noNaN: true }),
      h: fc.double({ min: 0.001, max: 1, noNaN: true }),
      page: fc.integer({ min: 1, max: 50 }),
      element_type: fc.constantFrom(...ELEMENT_TYPES),
      signer: fc.oneof(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 101, max: 199 })),
      label: fc.stringMatching(/^[-\w ]{0,30}$/),
      label_extra: fc.string({ maxLength: 50 }),
      optional: fc.boolean(),
      font_name: fc.constantFrom(...FONT_NAMES),
      font_size: fc.integer({ min: 6, max: 20 }),
      align: fc.constantFrom(1, 2, 3),
      fieldorder: fc.option(fc.nat({ max: 500 })),
      hide_border: fc.boolean(),
      uuid: fc.option(fc.uuid(), { nil: undefined }),
    },
    { requiredKeys: ['ax', 'ay', 'w', 'h', 'page', 'element_type'] },
  )
  .map(({ w, h, ...e }) => ({ ...e, bx: Math.min(1, e.ax + w), by: Math.min(1, e.ay + h) }))
  .filter((e) => e.ax < e.bx && e.ay < e.by);

test('any value at all answers a result with problems, never an exception', () => {
  const loose = fc.dictionary(fc.constantFrom(...ELEMENT_KEYS, 'extra', '__proto__', 'constructor'), fc.anything(), { maxKeys: 12 });
  fc.assert(
    fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(loose, fc.anything()), { maxLength: 5 }), fc.jsonValue()), (input) => {
      const result = validateElements(input, { pageCount: 3 });
      assert.equal(result.elements.length, result.indexes.length);
      for (const p of [...result.problems, ...result.warnings]) assert.ok(typeof p.field === 'string' && p.code && p.message, JSON.stringify(p));
      if (!Array.isArray(input)) assert.equal(result.problems.length, 1);
    }),
    { seed: SEED, numRuns: 1000 },
  );
});

test('a valid element passes, and validating its JSON again gives the same element', () => {
  fc.assert(
    fc.property(fc.array(validElement, { minLength: 1, maxLength: 5 }), (elements) => {
      const first = validateElements(JSON.parse(JSON.stringify(elements)));
      assert.deepEqual(first.problems, []);
      assert.equal(first.elements.length, elements.length);
      const second = validateElements(JSON.parse(JSON.stringify(first.elements)));
      assert.deepEqual(second.problems, []);
      assert.deepEqual(second.elements, first.elements);
      for (const e of first.elements) assert.deepEqual(normalizeElement(e), e);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test('numbers and booleans sent as strings read the same as the values', () => {
  fc.assert(
    fc.property(validElement, (element) => {
      const stringly = Object.fromEntries(Object.entries(element).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]));
      const a = validateElements([element]);
      const b = validateElements([stringly]);
      assert.deepEqual(b.problems, []);
      assert.deepEqual(b.elements, a.elements);
    }),
    { seed: SEED, numRuns: 200 },
  );
});

test('more elements than the limit are refused in one problem, without reading them', () => {
  const many = Array.from({ length: MAX_ELEMENTS + 1 }, () => ({}));
  assert.equal(validateElements(many).problems[0]?.code, 'too_many');
});
