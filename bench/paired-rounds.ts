/**
 * The GraphQL-against-REST comparison shared by graphql.bench.ts (inject) and graphql-http.bench.ts (HTTP):
 * callers in flight for a time, and pairs of rounds in ABBA order so drift in the machine's load falls on
 * both kinds alike. Each bench brings its own round (what a round measures CPU of differs).
 */
export type Run = () => Promise<{ statusCode: number }>;
export interface RoundFigures {
  /** Requests per second of wall time. */
  wall: number;
  /** Requests per CPU-second of the process the bench measures. */
  cpu: number;
}

/** `inFlight` callers sending requests for `ms`; answers how many were answered. */
export async function drive(run: Run, ms: number, inFlight: number): Promise<number> {
  const end = performance.now() + ms;
  let count = 0;
  const caller = async () => {
    while (performance.now() < end) {
      if ((await run()).statusCode !== 200) throw new Error('a bench request failed');
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, caller));
  return count;
}

export const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.round(q * (values.length - 1))]!;

/** `pairs` pairs of rounds, REST first in even pairs and GraphQL first in odd ones; the figures of each kind and their ratios. */
export async function pairedRounds(rest: Run, graphql: Run, round: (run: Run) => Promise<RoundFigures>, pairs: number) {
  const figures = { ratios: [] as number[], cpuRatios: [] as number[], rest: [] as number[], graphql: [] as number[] };
  for (let i = 0; i < pairs; i++) {
    let r: RoundFigures;
    let g: RoundFigures;
    if (i % 2 === 0) {
      r = await round(rest);
      g = await round(graphql);
    } else {
      g = await round(graphql);
      r = await round(rest);
    }
    figures.rest.push(r.wall);
    figures.graphql.push(g.wall);
    figures.ratios.push(g.wall / r.wall);
    figures.cpuRatios.push(g.cpu / r.cpu);
    if (process.env.GRAPHQL_BENCH_VERBOSE)
      console.error(`pair ${i}: rest ${r.wall.toFixed(0)}/s (${r.cpu.toFixed(0)}/cpu-s) graphql ${g.wall.toFixed(0)}/s (${g.cpu.toFixed(0)}/cpu-s)`);
  }
  return figures;
}
