/** Usage: where each live key of the user stands in its throttle window (the rate limiter's own counters). */
import type { Store } from '../../store/index.ts';
import type { AppConfig } from '../../config.ts';
import { rateUsage } from '../../auth/hook.ts';
import { listApiKeys } from './api-keys.ts';

export interface KeyUsage {
  keyId: string;
  /** The key's name ('' when it has none). */
  name: string;
  env: 'sandbox' | 'production';
  limit: number;
  used: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
}

export async function usageOf(store: Store, config: AppConfig, userId: string): Promise<KeyUsage[]> {
  const keys = (await listApiKeys(store, userId)).filter((key) => !key.revoked);
  return await Promise.all(
    keys.map(async (key) => {
      const state = await rateUsage(store, config, key.id, key.env);
      return {
        keyId: key.id,
        name: key.name,
        env: key.env,
        limit: state.limit,
        used: state.limit - state.remaining,
        remaining: state.remaining,
        resetSeconds: state.resetSeconds,
        windowSeconds: Math.round(config.rateLimits.windowMs / 1000),
      };
    }),
  );
}
