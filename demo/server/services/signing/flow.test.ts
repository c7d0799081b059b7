import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TransitionError } from '../../domain/statuses.ts';
import { dueInvitations, planFinish, planReject } from './flow.ts';

type R = Parameters<typeof planFinish>[0][number];
const r = (id: string, position: number, role: R['role'], status: R['status'], signerNumber: number, witnessOf: number | null = null): R => ({
  id,
  position,
  role,
  status,
  signerNumber,
  witnessOf,
});

test('in order: the next signer is due only when everyone before is done; not in order: witnesses still wait', () => {
  const all = [r('a', 0, 'signer', 40, 1), r('b', 1, 'signer', 4, 2), r('c', 2, 'signer', 4, 3)];
  assert.deepEqual(
    dueInvitations(all, true).map((x) => x.id),
    ['b'],
  );
  assert.deepEqual(dueInvitations([r('a', 0, 'signer', 20, 1), ...all.slice(1)], true), []);
  const parallel = [r('a', 0, 'signer', 4, 1), r('w', 1, 'witness', 4, 101, 1), r('b', 2, 'signer', 4, 2)];
  assert.deepEqual(
    dueInvitations(parallel, false).map((x) => x.id),
    ['a', 'b'],
  );
});

test('a witnessed signer waits at 39 and its witness is invited; the witness releases it', () => {
  const all = [r('a', 0, 'signer', 20, 1), r('w', 1, 'witness', 4, 101, 1), r('b', 2, 'signer', 4, 2)];
  const signed = planFinish(all, 'a', true);
  assert.deepEqual(
    signed.moves.map((m) => [m.recipientId, m.event, m.to]),
    [
      ['a', 'witness_required', 39],
      ['w', 'send', 10],
    ],
  );
  assert.equal(signed.documentDone, false);
  const after = [r('a', 0, 'signer', 39, 1), r('w', 1, 'witness', 10, 101, 1), r('b', 2, 'signer', 4, 2)];
  const witnessed = planFinish(after, 'w', true);
  assert.deepEqual(
    witnessed.moves.map((m) => [m.recipientId, m.event, m.to]),
    [
      ['w', 'complete', 40],
      ['a', 'witness_released', 40],
      ['b', 'send', 10],
    ],
  );
});

test('the last one done completes the document; approvers approve; finishing twice or early is refused', () => {
  const last = planFinish([r('a', 0, 'signer', 40, 1), r('p', 1, 'approver', 10, 201)], 'p', true);
  assert.deepEqual(
    last.moves.map((m) => m.event),
    ['approve'],
  );
  assert.equal(last.documentDone, true);
  assert.throws(() => planFinish([r('a', 0, 'signer', 40, 1)], 'a', true), TransitionError);
  assert.throws(() => planFinish([r('a', 0, 'signer', 4, 1)], 'a', true), TransitionError);
});

test('a rejection withdraws everyone who still had work, not those already done', () => {
  const moves = planReject([r('a', 0, 'signer', 40, 1), r('b', 1, 'signer', 20, 2), r('c', 2, 'signer', 4, 3)], 'b');
  assert.deepEqual(
    moves.map((m) => [m.recipientId, m.to]),
    [
      ['b', 60],
      ['c', 70],
    ],
  );
});
