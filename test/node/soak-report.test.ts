/** The soak run's end-of-run checks (scripts/soak/report.ts): flat memory and handles after warm-up, p99 within 2x of the first ten minutes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSoak, type ProcessSample, type Sample } from '../../scripts/soak/report.ts';

const steady = (minutes: number, ms: (minute: number) => number): Sample[] =>
  Array.from({ length: minutes }, (_, minute) => Array.from({ length: 20 }, (_, i) => ({ op: 'send', minute, ms: ms(minute) + i, ok: true }))).flat();
const memory = (minutes: number, rss: (minute: number) => number, handles: (minute: number) => number): ProcessSample[] =>
  Array.from({ length: minutes }, (_, minute) => ({ name: 'server1', minute, rssMb: rss(minute), handles: handles(minute) }));

test('a steady run passes; warm-up growth does not count', () => {
  const rss = (m: number) => (m < 2 ? 150 + m * 60 : 270);
  assert.deepEqual(
    checkSoak(
      steady(10, () => 100),
      memory(10, rss, () => 40),
      10,
    ),
    [],
  );
});

test('memory or handles that keep growing after warm-up fail the run', () => {
  const problems = checkSoak(
    steady(10, () => 100),
    memory(
      10,
      (m) => 200 + m * 30,
      (m) => 40 + m * 10,
    ),
    10,
  );
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0]!, /RSS grew/);
  assert.match(problems[1]!, /open handles grew/);
});

test('a p99 that more than doubles in the second half fails the run', () => {
  const problems = checkSoak(
    steady(10, (m) => (m < 6 ? 100 : 400)),
    memory(
      10,
      () => 200,
      () => 40,
    ),
    10,
  );
  assert.deepEqual(problems.length, 1);
  assert.match(problems[0]!, /send: p99/);
});

test('a longer run holds each later ten-minute window against its first ten minutes', () => {
  // 32 minutes: warm-up 0-1, baseline 2-11, then 12-21, 22-31. Slower only in the last window.
  const slowLate = checkSoak(
    steady(32, (m) => (m >= 25 ? 400 : 100)),
    memory(
      32,
      () => 200,
      () => 40,
    ),
    32,
  );
  assert.equal(slowLate.length, 1, slowLate.join('\n'));
  assert.match(slowLate[0]!, /send: p99 \d+ ms in minutes 23-32, over 2x its \d+ ms in minutes 3-12/);
  // A slow warm-up and a slow first ten minutes set the bar; the same latency later is fine.
  assert.deepEqual(
    checkSoak(
      steady(32, (m) => (m < 12 ? 300 : 250)),
      memory(
        32,
        () => 200,
        () => 40,
      ),
      32,
    ),
    [],
  );
});
