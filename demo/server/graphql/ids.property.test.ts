/**
 * Property tests (fast-check, fixed seed) for the GraphQL ID codec (GRAPHQL.md §2): encode/decode
 * round-trips every id we mint, a bare UUID is its own ID, an ID never decodes as another type, and
 * decodeId answers null (never throws, never returns something that is not an id) for anything else.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeId, encodeId, ID_PREFIXES } from './ids.ts';

const SEED = 2813;
const prefix = fc.constantFrom(...ID_PREFIXES);
const slug = fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/);

test('encodeId then decodeId gives back the REST id, for UUIDs and slugs', () => {
  fc.assert(
    fc.property(prefix, fc.oneof(fc.uuid(), slug), (p, id) => {
      const expected = /^[0-9a-f-]{36}$/i.test(id) && id.split('-').length === 5 ? id.toLowerCase() : id;
      assert.equal(decodeId(p, encodeId(p, id)), expected);
    }),
    { seed: SEED, numRuns: 500 },
  );
});

test('a bare UUID is accepted as any type, in lower case', () => {
  fc.assert(
    fc.property(prefix, fc.uuid(), (p, id) => assert.equal(decodeId(p, id.toUpperCase()), id.toLowerCase())),
    { seed: SEED, numRuns: 100 },
  );
});

test('an ID of one type never decodes as another', () => {
  fc.assert(
    fc.property(prefix, prefix, fc.oneof(fc.uuid(), slug), (a, b, id) => {
      fc.pre(a !== b && !b.startsWith(a) && !a.startsWith(b));
      assert.equal(decodeId(b, encodeId(a, id)), null);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test('decodeId answers null or an id for any value at all, never an exception', () => {
  const values = fc.oneof(
    fc.anything(),
    fc.string(),
    fc.base64String(),
    fc.tuple(prefix, fc.string({ unit: 'binary' })).map(([p, s]) => Buffer.from(p + s, 'utf8').toString('base64')),
  );
  fc.assert(
    fc.property(prefix, values, (p, value) => {
      const id = decodeId(p, value);
      if (id !== null) assert.match(id, /^[A-Za-z0-9_-]{1,100}$/);
    }),
    { seed: SEED, numRuns: 1000 },
  );
});
