/**
 * The `[deleted]` clean-up: templates titled `[deleted]` are removed once they have had
 * that title for the configured delay (default 36 hours, the spec's "a day or two").
 */
import type { Store } from '../store/index.ts';
import type { AppConfig } from '../config.ts';
import { deleteTemplateNow } from './template-deletion.ts';

export async function sweepDeletedTemplates(store: Store, delayMs: number, now = Date.now()): Promise<string[]> {
  const before = new Date(now - delayMs).toISOString();
  const removed: string[] = [];
  for (const template of await store.templates.deletedTitledBefore(before)) {
    // Several processes sweep the same database: the one holding the template's lock removes it, the others pass.
    if (await deleteTemplateNow(store, template, () => store.templates.lockDeletedTitledBefore(template.id, before))) removed.push(template.id);
  }
  return removed;
}

export function startTemplateSweep(store: Store, config: AppConfig): { stop(): void } {
  if (config.sweepIntervalMs <= 0) return { stop() {} };
  const sweep = async () => {
    try {
      await sweepDeletedTemplates(store, config.deletedTemplateDelayMs);
    } catch (error) {
      // A failed sweep retries at the next interval; it must never take the server down.
      console.error('template sweep failed:', error);
    }
  };
  const timer = setInterval(() => void sweep(), config.sweepIntervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
