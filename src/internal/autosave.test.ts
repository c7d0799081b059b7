import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Autosave, type SaveState } from './autosave.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a burst of changes becomes one save after the quiet period', async () => {
  let saves = 0;
  const states: SaveState[] = [];
  const a = new Autosave({ delay: 30, save: async () => ++saves, onState: (s) => states.push(s) });
  a.schedule();
  await wait(10);
  a.schedule();
  await wait(10);
  a.schedule();
  assert.equal(saves, 0);
  await wait(60);
  assert.equal(saves, 1);
  assert.deepEqual(states, ['pending', 'saving', 'saved']);
  assert.equal(a.hasUnsaved, false);
});

test('flush saves at once; saves never overlap and a change during a save saves again', async () => {
  let active = 0;
  let maxActive = 0;
  let saves = 0;
  const a = new Autosave({
    delay: 20,
    save: async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await wait(30);
      active--;
      return ++saves;
    },
  });
  const first = a.flush();
  a.schedule();
  assert.equal(await first, 1);
  await wait(80);
  assert.equal(saves, 2);
  assert.equal(maxActive, 1);
});

test('a failing save rejects flush and sets the error state', async () => {
  const a = new Autosave({
    delay: 10,
    save: async () => {
      throw new Error('HTTP 500');
    },
  });
  await assert.rejects(a.flush(), /HTTP 500/);
  assert.equal(a.state, 'error');
  a.schedule();
  a.cancel();
  await wait(30);
  assert.equal(a.state, 'pending');
});
