/**
 * Wiring for app.ts: the effective settings and the delivery worker's life cycle.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { ensureSigningIdentity, resolveWebhookSettings, webhookSettingsFromEnv } from './settings.ts';
import type { WebhookSettings } from './settings.ts';
import { WebhookWorker } from './worker.ts';

/** Environment first (ESIGN_DEV, ESIGN_WEBHOOK_*), then `config.webhooks` on top. */
export function webhookSettingsFor(config: AppConfig): WebhookSettings {
  return resolveWebhookSettings({ ...webhookSettingsFromEnv(process.env), ...config.webhooks });
}

export interface WebhookService {
  settings: WebhookSettings;
  worker: WebhookWorker | null;
  stop(): Promise<void>;
}

// Not a Fastify decoration: app.ts may start the worker after the app is ready, when decorating is closed.
const services = new WeakMap<FastifyInstance, WebhookService>();

/** The webhook service of an app (its worker and effective settings), once startWebhooks ran. */
export function webhooksOf(app: FastifyInstance): WebhookService | undefined {
  return services.get(app);
}

/** Starts the delivery worker (unless disabled); `webhooksOf(app)` returns it. */
export async function startWebhooks(app: FastifyInstance): Promise<WebhookService> {
  const settings = webhookSettingsFor(app.config);
  const identity = await ensureSigningIdentity(app.store);
  const worker = settings.workerEnabled ? new WebhookWorker(app.store, identity, settings) : null;
  worker?.start();
  const service: WebhookService = {
    settings,
    worker,
    stop: async () => {
      await worker?.stop();
    },
  };
  services.set(app, service);
  return service;
}
