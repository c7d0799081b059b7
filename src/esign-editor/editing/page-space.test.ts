import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coversText, freeSpot, protectedBoxes } from './page-space.ts';

// A line of body text across the page, as the sample contract has them.
const line = { ax: 0.12, ay: 0.3, bx: 0.8, by: 0.315 };

test('a field over a line of text covers it; one that grazes its end or the tops of its letters does not', () => {
  assert.equal(coversText({ ax: 0.5, ay: 0.29, bx: 0.9, by: 0.33 }, [line]), true);
  assert.equal(coversText({ ax: 0.79, ay: 0.29, bx: 0.95, by: 0.33 }, [line]), false, 'the last 1% of the line');
  assert.equal(coversText({ ax: 0.2, ay: 0.25, bx: 0.5, by: 0.303 }, [line]), false, 'a fifth of its height');
  assert.equal(coversText({ ax: 0.2, ay: 0.32, bx: 0.5, by: 0.36 }, [line]), false, 'just below');
  assert.equal(coversText({ ax: 0.3, ay: 0.301, bx: 0.32, by: 0.314 }, [line]), true, 'a small checkbox inside the line');
});

test('whitespace and text tags are not protected: a tag is meant to lie under its field', () => {
  const runs = [
    { str: '  ', rect: line },
    { str: '<<t=signature;s=1>>', rect: line },
    { str: 'Signature', rect: { ax: 0.1, ay: 0.5, bx: 0.2, by: 0.51 } },
  ];
  assert.deepEqual(protectedBoxes(runs), [{ ax: 0.1, ay: 0.5, bx: 0.2, by: 0.51 }]);
});

test('the free spot nearest the wished centre avoids text and fields, and stays on the page', () => {
  const size = { w: 0.3, h: 0.05 };
  // Wished at the middle of the line: the spot moves just above or below it, not onto it.
  const spot = freeSpot(size, [line], { x: 0.46, y: 0.3075 })!;
  const rect = { ax: spot.x, ay: spot.y, bx: spot.x + size.w, by: spot.y + size.h };
  assert.equal(coversText(rect, [line]), false);
  assert.ok(rect.by <= line.ay || rect.ay >= line.by, 'above or below the line');
  assert.ok(Math.abs(rect.ay + size.h / 2 - 0.3075) < 0.06, 'close to where it was wished');
  // A field already there is avoided too.
  const taken = { ax: 0.3, ay: 0.5, bx: 0.6, by: 0.55 };
  const next = freeSpot(size, [taken], { x: 0.45, y: 0.525 })!;
  assert.ok(next.y + size.h <= taken.ay || next.y >= taken.by || next.x + size.w <= taken.ax || next.x >= taken.bx);
  // The spot stays inside the page's margins.
  const corner = freeSpot(size, [], { x: 0.99, y: 0.99 })!;
  assert.ok(corner.x + size.w <= 0.98 + 1e-9 && corner.y + size.h <= 0.98 + 1e-9);
  // A page full of text has no free spot.
  assert.equal(freeSpot(size, [{ ax: 0, ay: 0, bx: 1, by: 1 }], { x: 0.5, y: 0.5 }), null);
});
