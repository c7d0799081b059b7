import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LoadErrorGate } from './load-errors.ts';

test('each cause is let through once per load; a new load starts over', () => {
  const gate = new LoadErrorGate();
  assert.equal(gate.first('unauthorized'), true);
  assert.equal(gate.first('unauthorized'), false);
  assert.equal(gate.first('network'), true, 'a different cause is still reported');
  gate.reset();
  assert.equal(gate.first('unauthorized'), true);
});
