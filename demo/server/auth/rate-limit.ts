/**
 * Fixed-window call counting per bucket (an API key, a client address). The spec's sandbox throttle is
 * 100 calls per hour; production is configurable. On PostgreSQL the windows are in the database, so every
 * server process of a deployment counts against the same window (store/shared-state.ts); on SQLite, where
 * one process serves the database, in that process's memory (a write per API call would cost the single
 * writer about a third of the REST throughput: rest_status_rps_ratio 0.24 → 0.17).
 */
import type { Store } from '../store/index.ts';
import type { WindowCount } from '../store/shared-state.ts';

/** Where windows are counted: the store's shared table or this process's memory. */
export interface WindowCounter {
  countCall(bucket: string, limit: number, windowMs: number, now?: number): Promise<WindowCount>;
  window(bucket: string, windowMs: number, now?: number): Promise<WindowCount | undefined>;
  pruneWindows(prefix: string, before: number): Promise<number>;
}

/** Windows in this process's memory (one process per database: SQLite). */
export class MemoryWindows implements WindowCounter {
  private readonly windows = new Map<string, WindowCount>();

  countCall(bucket: string, limit: number, windowMs: number, now = Date.now()): Promise<WindowCount> {
    let window = this.windows.get(bucket);
    if (!window || now - window.windowStart >= windowMs) {
      window = { windowStart: now, calls: 0 };
      this.windows.set(bucket, window);
    }
    if (window.calls <= limit) window.calls++;
    return Promise.resolve({ ...window });
  }

  window(bucket: string, windowMs: number, now = Date.now()): Promise<WindowCount | undefined> {
    const window = this.windows.get(bucket);
    return Promise.resolve(window && now - window.windowStart < windowMs ? { ...window } : undefined);
  }

  pruneWindows(prefix: string, before: number): Promise<number> {
    let pruned = 0;
    for (const [bucket, window] of this.windows) {
      if (bucket.startsWith(prefix) && window.windowStart < before) pruned += Number(this.windows.delete(bucket));
    }
    return Promise.resolve(pruned);
  }
}

const memoryWindows = new WeakMap<Store, MemoryWindows>();

/** The counter a store's limiters use: shared in the database on PostgreSQL, in memory on SQLite. */
export function windowsOf(store: Store): WindowCounter {
  if (store.sql.dialect === 'postgres') return store.sharedState;
  let windows = memoryWindows.get(store);
  if (!windows) memoryWindows.set(store, (windows = new MemoryWindows()));
  return windows;
}

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Windows of a limiter are pruned at most this often (each prune is one indexed DELETE). */
const PRUNE_EVERY_MS = 60_000;

export class RateLimiter {
  private readonly state: WindowCounter;
  private readonly windowMs: number;
  /** Keeps this limiter's buckets apart from other limiters' (they may count the same address). */
  private readonly namespace: string;
  private lastPrune = 0;

  constructor(state: WindowCounter, windowMs: number, namespace: string) {
    this.state = state;
    this.windowMs = windowMs;
    this.namespace = `${namespace}:`;
  }

  async hit(bucket: string, limit: number, now = Date.now()): Promise<RateLimitState> {
    this.pruneNowAndThen(now);
    const window = await this.state.countCall(this.namespace + bucket, limit, this.windowMs, now);
    const resetSeconds = this.resetSeconds(window.windowStart, now);
    if (window.calls > limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    return { allowed: true, limit, remaining: limit - window.calls, resetSeconds };
  }

  /** The bucket's current window without counting a call (the portal's usage page). */
  async peek(bucket: string, limit: number, now = Date.now()): Promise<RateLimitState> {
    const window = await this.state.window(this.namespace + bucket, this.windowMs, now);
    const used = Math.min(limit, window?.calls ?? 0);
    const resetSeconds = window ? this.resetSeconds(window.windowStart, now) : Math.ceil(this.windowMs / 1000);
    return { allowed: used < limit, limit, remaining: limit - used, resetSeconds };
  }

  private resetSeconds(windowStart: number, now: number): number {
    return Math.max(1, Math.ceil((windowStart + this.windowMs - now) / 1000));
  }

  /** Old windows are dropped in the background; a failure only leaves rows for the next prune. */
  private pruneNowAndThen(now: number): void {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.state.pruneWindows(this.namespace, now - this.windowMs).catch(() => undefined);
  }
}
