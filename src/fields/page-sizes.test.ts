import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodePageSizes, encodePageSizes, type PageDimensions } from './page-sizes.ts';

test('runs of equal pages fold; the text reads back to the same sizes', () => {
  const sizes: PageDimensions[] = [
    [612, 792],
    [612, 792],
    [612, 792],
    [792, 612],
    [595.28, 841.89],
  ];
  const text = encodePageSizes(sizes);
  assert.equal(text, '612x792*3,792x612,595.28x841.89');
  assert.deepEqual(decodePageSizes(text), sizes);
  assert.equal(encodePageSizes([]), '');
});

test('anything else is null: junk, zero or negative sizes, too many pages', () => {
  for (const bad of ['', 'x', '612x', '612x792*', '612x792*0', '0x792', '-1x792', '612x792;1', '612.123x792', '612x792*99999']) {
    assert.equal(decodePageSizes(bad), null, bad);
  }
  assert.equal(decodePageSizes('612x792*11', 10), null);
  assert.deepEqual(decodePageSizes('612x792*10', 10)?.length, 10);
});

test('any list of sizes round-trips to two decimals', () => {
  const size = fc.tuple(fc.integer({ min: 1, max: 1_400_000 }), fc.integer({ min: 1, max: 1_400_000 })).map(([w, h]) => [w / 100, h / 100] as const);
  fc.assert(
    fc.property(fc.array(size, { maxLength: 50 }), (sizes) => {
      const text = encodePageSizes(sizes);
      assert.deepEqual(sizes.length === 0 ? [] : decodePageSizes(text), sizes);
    }),
  );
});
