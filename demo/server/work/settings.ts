/**
 * Limits on work over user-supplied documents and patterns (docs/security.md, "Isolation of
 * document work"). Read once from the environment; tests pass smaller ones in AppConfig.work.
 */
import os from 'node:os';
import type { WorkSettings } from '../config.ts';
export type { WorkSettings } from '../config.ts';

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function workSettingsFromEnv(): WorkSettings {
  return {
    workers: Math.floor(positive('ESIGN_PDF_WORKERS', Math.max(1, Math.min(2, os.availableParallelism())))),
    jobTimeoutMs: positive('ESIGN_PDF_JOB_TIMEOUT_MS', 60_000),
    workerHeapMb: positive('ESIGN_PDF_WORKER_MB', 512),
    maxPages: Math.floor(positive('ESIGN_MAX_PAGES', 2000)),
    maxInflatedBytes: Math.floor(positive('ESIGN_MAX_INFLATED_MB', 128) * 1024 * 1024),
    maxQueuedPerGroup: Math.floor(positive('ESIGN_PDF_QUEUE_PER_GROUP', 20)),
  };
}
