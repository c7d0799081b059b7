/**
 * Per-request batching for list fields (what DataLoader does, without its per-item cost): every key a
 * resolver asks for in one turn of the event loop is fetched with one store call when the turn ends, so
 * a list of N documents asking for their recipients makes one query, not N. Mercurius's own loaders do
 * the same but serialize each parent object with a stable JSON stringify to key their cache, which was
 * a few percent of a `document { recipients }` request. Batches live on the request's context.
 */
import type { GraphqlContext } from './context.ts';

interface Batch {
  keys: Set<string>;
  result: Promise<ReadonlyMap<string, unknown>>;
}

const BATCHES = Symbol('esign.graphql.batches');
type Batching = GraphqlContext & { [BATCHES]?: Map<string, Batch> };

/**
 * The value `fetch` finds for `key`, fetched together with every other key asked of the same `name` in
 * this turn. `fetch` answers a map (or a promise of one: the store is asynchronous); keys it leaves out
 * resolve to undefined.
 */
export function batched<V>(
  ctx: GraphqlContext,
  name: string,
  key: string,
  fetch: (keys: string[]) => ReadonlyMap<string, V> | Promise<ReadonlyMap<string, V>>,
): Promise<V | undefined> {
  const batches = ((ctx as Batching)[BATCHES] ??= new Map<string, Batch>());
  let batch: Batch | undefined = batches.get(name);
  if (!batch) {
    const keys = new Set<string>();
    const result = new Promise<ReadonlyMap<string, unknown>>((resolve, reject) => {
      process.nextTick(() => {
        batches.delete(name);
        try {
          resolve(fetch([...keys]));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    batch = { keys, result };
    batches.set(name, batch);
  }
  batch.keys.add(key);
  return batch.result.then((found) => found.get(key) as V | undefined);
}
