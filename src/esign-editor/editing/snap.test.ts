import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resizeLines, snapRect } from './snap.ts';
import { r6 } from '../../../test/support/editor/editing-helpers.ts';

const t = { x: 0.01, y: 0.01 };

test('a moving rect snaps its left edge to another field left edge, with a guide', () => {
  const other = { ax: 0.2, ay: 0.1, bx: 0.4, by: 0.15 };
  const moving = { ax: 0.205, ay: 0.5, bx: 0.305, by: 0.55 };
  const s = snapRect(moving, [other], t);
  assert.equal(r6(s.dx), -0.005);
  assert.equal(s.dy, 0);
  const g = s.guides.find((g) => g.axis === 'x');
  assert.ok(g);
  assert.equal(r6(g.pos), 0.2);
  assert.equal(g.from, 0.1);
  assert.equal(g.to, 0.55);
});

test('centres snap to centres and the nearest candidate wins', () => {
  const other = { ax: 0.4, ay: 0.4, bx: 0.6, by: 0.5 }; // centre y 0.45
  const moving = { ax: 0.1, ay: 0.43, bx: 0.2, by: 0.46 }; // centre y 0.445
  const s = snapRect(moving, [other], t);
  assert.equal(r6(s.dy), 0.005);
  assert.ok(s.guides.some((g) => g.axis === 'y' && r6(g.pos) === 0.45));
});

test('nothing within the threshold: no correction, no guides', () => {
  const s = snapRect({ ax: 0.3, ay: 0.3, bx: 0.35, by: 0.33 }, [{ ax: 0.7, ay: 0.7, bx: 0.8, by: 0.8 }], t);
  assert.deepEqual(s, { dx: 0, dy: 0, guides: [] });
});

test('the page centre is a target, page borders snap without a guide', () => {
  const s = snapRect({ ax: 0.396, ay: 0.005, bx: 0.596, by: 0.05 }, [], t);
  assert.equal(r6(s.dx), 0.004, 'centre 0.496 to 0.5');
  assert.equal(r6(s.dy), -0.005, 'top to the page top');
  assert.deepEqual(
    s.guides.map((g) => [g.axis, r6(g.pos)]),
    [['x', 0.5]],
  );
});

test('resizing snaps only the moving edge', () => {
  const other = { ax: 0.1, ay: 0.1, bx: 0.5, by: 0.2 };
  const resized = { ax: 0.102, ay: 0.3, bx: 0.497, by: 0.35 };
  const s = snapRect(resized, [other], t, resizeLines('e'));
  assert.equal(r6(s.dx), 0.003, 'right edge to 0.5, not left edge to 0.1');
  assert.equal(s.dy, 0);
  assert.deepEqual(resizeLines('nw'), { x: ['a'], y: ['a'] });
});
