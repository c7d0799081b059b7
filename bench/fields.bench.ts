/**
 * Field-model benchmark (standalone Node script; `npm run bench -- fields`).
 *
 * tags_hostile_growth_ratio: findTags on hostile text (runs of '<<' without a close, '<< ' repeated,
 *   '<<x' then a line break, repeated) 8 times as long (400,000 vs 50,000 repetitions), divided by the time of the shorter text: a
 *   linear scan grows about 8x, a quadratic one 64x. Target ≤ 24 (worst of the three shapes).
 *   This was a timed unit test; timings live here so a busy machine cannot fail `npm test`.
 */
import { findTags } from '../src/fields/tags.ts';

const HOSTILE = [(n: number) => '<<'.repeat(n) + '<<t=signature>>' + '>>'.repeat(n), (n: number) => '<< '.repeat(n), (n: number) => '<<x\n'.repeat(n)];

/** Best of five: a busy machine only ever slows a run down. */
function best(text: string): number {
  let fastest = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    findTags(text);
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

let worst = 0;
for (const make of HOSTILE) {
  // Warm up on the large size: the small one alone runs before V8 has optimised the scan.
  best(make(400_000));
  const small = best(make(50_000));
  const large = best(make(400_000));
  worst = Math.max(worst, large / Math.max(small, 0.05));
  console.log(`  ${JSON.stringify(make(2))}: ${small.toFixed(2)} ms → ${large.toFixed(2)} ms`);
}
console.log(`tags_hostile_growth_ratio: ${worst.toFixed(2)} (target ≤ 24)`);
