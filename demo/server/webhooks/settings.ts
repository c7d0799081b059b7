/**
 * Webhook settings and the installation's signing identity. Defaults follow the design
 * document; tests shrink the times.
 */
import type { Store } from '../store/index.ts';
import { generateSigningIdentity, loadSigningIdentity } from './signing.ts';
import type { SigningIdentity } from './signing.ts';
import type { WebhookSettings } from '../config.ts';
export type { WebhookSettings } from '../config.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before attempt n+1 (index n); its length is the number of attempts. */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];

export function resolveWebhookSettings(partial: Partial<WebhookSettings> = {}): WebhookSettings {
  const settings: WebhookSettings = {
    retrySchedule: DEFAULT_RETRY_SCHEDULE_MS,
    timeoutMs: 10 * SECOND,
    leaseMs: 60 * SECOND,
    pollIntervalMs: 1 * SECOND,
    concurrency: 8,
    perRegistrationConcurrency: 4,
    batchIntervalMs: 6 * MINUTE,
    maxLoggedResponseChars: 2000,
    allowPrivateAddresses: false,
    workerEnabled: true,
    logRetentionMs: 30 * 24 * HOUR,
    reminderScheduleMs: [],
    reminderCheckIntervalMs: MINUTE,
    ...partial,
  };
  if (settings.retrySchedule.length === 0) throw new Error('webhook retry schedule needs at least one attempt');
  // A lease shorter than the timeout would let a second worker send while the first still waits.
  if (settings.leaseMs <= settings.timeoutMs) settings.leaseMs = settings.timeoutMs + 5 * SECOND;
  return settings;
}

/** Parses `ESIGN_WEBHOOK_RETRY_SCHEDULE="0,5s,5m,30m,2h"` style lists (ms, s, m, h, d). */
export function parseSchedule(text: string): number[] {
  const units: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR, d: 24 * HOUR, '': 1 };
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const match = part.trim().match(/^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/);
    if (!match) throw new Error(`bad schedule entry "${part.trim()}" (use e.g. 0,5s,5m,2h,3d)`);
    return Math.round(Number(match[1]) * units[match[2] ?? '']);
  });
}

/**
 * Settings from the environment: ESIGN_DEV=1 (development mode: private callback addresses
 * allowed), ESIGN_WEBHOOK_RETRY_SCHEDULE (e.g. `0,5s,5m`), ESIGN_WEBHOOK_TIMEOUT_MS,
 * ESIGN_WEBHOOK_LEASE_MS, ESIGN_WEBHOOK_POLL_MS, ESIGN_WEBHOOK_BATCH_MS, ESIGN_WEBHOOK_WORKER=0,
 * ESIGN_WEBHOOK_LOG_RETENTION_MS, ESIGN_REMINDER_SCHEDULE (e.g. `3d,7d,14d` after the invitation).
 */
export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<WebhookSettings> {
  const settings: Partial<WebhookSettings> = {};
  const number = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number of milliseconds (got ${raw})`);
    return value;
  };
  if (env.ESIGN_DEV === '1' || env.ESIGN_DEV === 'true') settings.allowPrivateAddresses = true;
  if (env.ESIGN_WEBHOOK_RETRY_SCHEDULE) settings.retrySchedule = parseSchedule(env.ESIGN_WEBHOOK_RETRY_SCHEDULE);
  const timeoutMs = number('ESIGN_WEBHOOK_TIMEOUT_MS');
  if (timeoutMs !== undefined) settings.timeoutMs = timeoutMs;
  const leaseMs = number('ESIGN_WEBHOOK_LEASE_MS');
  if (leaseMs !== undefined) settings.leaseMs = leaseMs;
  const pollIntervalMs = number('ESIGN_WEBHOOK_POLL_MS');
  if (pollIntervalMs !== undefined) settings.pollIntervalMs = pollIntervalMs;
  const batchIntervalMs = number('ESIGN_WEBHOOK_BATCH_MS');
  if (batchIntervalMs !== undefined) settings.batchIntervalMs = batchIntervalMs;
  if (env.ESIGN_WEBHOOK_WORKER === '0') settings.workerEnabled = false;
  if (env.ESIGN_REMINDER_SCHEDULE !== undefined) settings.reminderScheduleMs = parseSchedule(env.ESIGN_REMINDER_SCHEDULE);
  const retention = number('ESIGN_WEBHOOK_LOG_RETENTION_MS');
  if (retention !== undefined) settings.logRetentionMs = retention;
  return settings;
}

/** The installation's signing key and certificate, created on first use and kept in the database. */
export async function ensureSigningIdentity(store: Store): Promise<SigningIdentity> {
  let row = await store.webhooks.signingKey();
  if (!row) {
    const fresh = generateSigningIdentity();
    // Two processes starting together: the first insert wins, both load the same key.
    await store.transaction(() =>
      store.webhooks.insertSigningKeyIfMissing({ privateKeyPem: fresh.privateKeyPem, certificatePem: fresh.certificatePem }, Date.now()),
    );
    row = (await store.webhooks.signingKey())!;
  }
  return loadSigningIdentity(row);
}
