import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RETRY_SCHEDULE_MS, parseSchedule, resolveWebhookSettings, webhookSettingsFromEnv } from './settings.ts';

test('defaults follow the design: ten attempts over about three days, public addresses only', () => {
  const s = resolveWebhookSettings();
  assert.deepEqual(s.retrySchedule, DEFAULT_RETRY_SCHEDULE_MS);
  assert.equal(s.retrySchedule.length, 10);
  assert.equal(
    s.retrySchedule.reduce((a, b) => a + b, 0),
    (5 + 300 + 1800 + 7200 + 18000 + 36000 + 50400 + 72000 + 86400) * 1000,
  );
  assert.equal(s.allowPrivateAddresses, false);
  assert.equal(s.batchIntervalMs, 6 * 60_000);
  assert.ok(s.leaseMs > s.timeoutMs);
  assert.deepEqual(s.reminderScheduleMs, []);
});

test('the environment configures development mode, schedules and times', () => {
  const s = webhookSettingsFromEnv({
    ESIGN_DEV: '1',
    ESIGN_WEBHOOK_RETRY_SCHEDULE: '0, 5s, 1.5m, 2h',
    ESIGN_WEBHOOK_TIMEOUT_MS: '2500',
    ESIGN_WEBHOOK_WORKER: '0',
    ESIGN_REMINDER_SCHEDULE: '3d,7d',
    ESIGN_WEBHOOK_LOG_RETENTION_MS: '0',
  });
  assert.deepEqual(s, {
    allowPrivateAddresses: true,
    retrySchedule: [0, 5000, 90_000, 7_200_000],
    timeoutMs: 2500,
    workerEnabled: false,
    reminderScheduleMs: [3 * 86_400_000, 7 * 86_400_000],
    logRetentionMs: 0,
  });
  assert.deepEqual(webhookSettingsFromEnv({}), {});
  assert.throws(() => webhookSettingsFromEnv({ ESIGN_WEBHOOK_TIMEOUT_MS: 'soon' }), /ESIGN_WEBHOOK_TIMEOUT_MS must be a non-negative number/);
  assert.throws(() => parseSchedule('5s,tomorrow'), /bad schedule entry "tomorrow"/);
  assert.throws(() => resolveWebhookSettings({ retrySchedule: [] }), /at least one attempt/);
  assert.equal(resolveWebhookSettings({ timeoutMs: 30_000, leaseMs: 10_000 }).leaseMs, 35_000, 'a lease never shorter than the timeout');
});
