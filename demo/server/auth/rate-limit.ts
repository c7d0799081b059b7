/**
 * Fixed-window call counting per bucket (an API key, a client address), in the store, so every server
 * process of a deployment counts against the same window (store/shared-state.ts). The spec's sandbox
 * throttle is 100 calls per hour; production is configurable.
 */
import type { SqlSharedStateRepository } from '../store/shared-state.ts';

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
  private readonly state: SqlSharedStateRepository;
  private readonly windowMs: number;
  /** Keeps this limiter's buckets apart from other limiters' (they may count the same address). */
  private readonly namespace: string;
  private lastPrune = 0;

  constructor(state: SqlSharedStateRepository, windowMs: number, namespace: string) {
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
