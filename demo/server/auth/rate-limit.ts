/**
 * Fixed-window call counting per API key, in memory (one process). The spec's sandbox
 * throttle is 100 calls per hour; production is configurable. A multi-instance
 * deployment would move the counters to the shared store.
 */

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export class RateLimiter {
  private readonly windowMs: number;
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  hit(bucket: string, limit: number, now = Date.now()): RateLimitState {
    let window = this.windows.get(bucket);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(bucket, window);
      if (this.windows.size > 100_000) this.prune(now);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    window.count++;
    return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
  }

  /** The bucket's current window without counting a call (the portal's usage page). */
  peek(bucket: string, limit: number, now = Date.now()): RateLimitState {
    const window = this.windows.get(bucket);
    const live = window && now - window.start < this.windowMs ? window : undefined;
    const used = live?.count ?? 0;
    const resetSeconds = live ? Math.max(1, Math.ceil((live.start + this.windowMs - now) / 1000)) : Math.ceil(this.windowMs / 1000);
    return { allowed: used < limit, limit, remaining: Math.max(0, limit - used), resetSeconds };
  }

  private prune(now: number): void {
    for (const [bucket, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(bucket);
  }
}
