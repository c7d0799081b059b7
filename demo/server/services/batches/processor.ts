/**
 * Sends started batches in the background. A batch's task is claimed with a lease (store/tasks.ts), as
 * background jobs are: the lease is renewed with each chunk, and a process that stops (or crashes)
 * leaves it to lapse so the next one resumes. Each row is sent by sendDocument, and marked with its
 * document in that send's transaction: a resumed batch sends only the rows that have no document.
 * Rows go in small chunks with a yield to the event loop between them, so other requests are answered
 * while a batch of thousands runs. A row that fails is recorded in the task report; the batch goes on.
 */
import { appendTaskEvent } from '../../webhooks/feed.ts';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Store } from '../../store/index.ts';
import type { BatchRecord } from '../../store/batches.ts';
import type { TaskRecord } from '../../store/tasks.ts';
import { sendDocument, sharedSendReads } from '../documents/send.ts';
import type { SendOptions } from '../documents/send.ts';
import { DomainError } from '../../domain/errors.ts';
import type { BatchProcessorSettings } from '../../config.ts';
export type { BatchProcessorSettings } from '../../config.ts';

export const DEFAULT_BATCH_SETTINGS: BatchProcessorSettings = { chunkSize: 10, leaseMs: 60_000, pollIntervalMs: 1000 };

/** The report's text for a row that could not be sent: the send's own message and problems. */
function errorOf(error: unknown): { message: string; problems?: unknown } {
  if (error instanceof DomainError) return { message: error.message, ...(error.fields ? { problems: error.fields } : {}) };
  return { message: error instanceof Error ? error.message : String(error) };
}

export class BatchProcessor {
  readonly owner = `batches-${randomUUID()}`;
  private readonly store: Store;
  private readonly settings: BatchProcessorSettings;
  private readonly sendOptions: SendOptions;
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(store: Store, sendOptions: SendOptions, settings: Partial<BatchProcessorSettings> = {}) {
    this.store = store;
    this.sendOptions = sendOptions;
    this.settings = { ...DEFAULT_BATCH_SETTINGS, ...settings };
  }

  /**
   * Takes over the leases of processes that are gone (on SQLite, as the job runner does; on PostgreSQL they
   * expire; a second process never sends a row twice anyway, see markSent), resumes open tasks and keeps looking for them.
   */
  async start(): Promise<void> {
    await this.store.tasks.releaseLeases();
    await this.poll();
  }

  /** Stops between two chunks and gives the lease back, so the next process resumes at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()]);
    try {
      await this.store.tasks.release(this.owner);
    } catch {
      // The database is closing; the lease lapses instead.
    }
  }

  /** Starts sending a task's batch now unless it runs already (here or elsewhere); resolves when this run ends. */
  run(taskId: string): Promise<void> {
    const current = this.running.get(taskId);
    if (current) return current;
    if (this.stopping) return Promise.resolve();
    // In `running` from before the claim: a second run() meanwhile joins this one instead of racing it.
    const work: Promise<void> = this.claimAndProcess(taskId)
      .catch((error: unknown) => this.sendOptions.log?.(error))
      .finally(() => {
        if (this.running.get(taskId) === work) this.running.delete(taskId);
      });
    this.running.set(taskId, work);
    return work;
  }

  private async claimAndProcess(taskId: string): Promise<void> {
    const task = await this.store.tasks.claim(taskId, this.owner, this.settings.leaseMs);
    if (task) await this.processTask(task);
  }

  private async processTask(task: TaskRecord): Promise<void> {
    if (!task.batchId) return;
    const batch = (await this.store.batches.get(task.batchId))!;
    await this.process(task.id, batch);
  }

  /**
   * Works on a task the poller claimed. A run() of it under way here asked for it while this claim took it,
   * so that run's own claim finds it leased and ends at once: the claimed task is worked on after it, never
   * dropped (it would wait for its own lease to lapse).
   */
  private launch(task: TaskRecord): void {
    const before = this.running.get(task.id) ?? Promise.resolve();
    const work: Promise<void> = before
      .then(() => this.processTask(task))
      .catch((error: unknown) => this.sendOptions.log?.(error))
      .finally(() => {
        if (this.running.get(task.id) === work) this.running.delete(task.id);
      });
    this.running.set(task.id, work);
  }

  private async process(taskId: string, batch: BatchRecord): Promise<void> {
    const { store } = this;
    const caller = { userId: batch.userId, groupIds: [batch.groupId], actor: batch.actor };
    for (;;) {
      if (this.stopping) return;
      const rows = await store.batches.pending(batch.id, this.settings.chunkSize);
      const reads = sharedSendReads(store); // the chunk's documents read their group and template once
      for (const row of rows) {
        try {
          await sendDocument(store, caller, row.body, {
            ...this.sendOptions,
            reads,
            inTransaction: async (document) => {
              // Another process sent this row first (it took over a lapsed lease): undo this send.
              if (!(await store.batches.markSent(row.id, document.id))) throw new Error(`batch row ${row.id} was sent by another process`);
            },
          });
        } catch (error) {
          // Recorded only on a row without a document (one sent elsewhere meanwhile stays sent).
          await store.batches.markFailed(row.id, JSON.stringify(errorOf(error)));
        }
      }
      const counts = await store.batches.rowCounts(batch.id);
      const progress = { done: counts.submitted, failed: counts.failed };
      const feedTask = { id: taskId, batchId: batch.id, groupId: batch.groupId, userId: batch.userId };
      if (rows.length === 0) {
        await store.transaction(async () => {
          if (!(await store.tasks.finish(taskId, this.owner, 'COMPLETED', progress))) return;
          await store.batches.complete(batch.id);
          await appendTaskEvent(store, feedTask, 'taskCompleted', progress);
        });
        return;
      }
      // Lost the lease (this process was too slow and another took over): that one finishes the batch.
      const kept = await store.transaction(async () => {
        if (!(await store.tasks.progress(taskId, this.owner, progress, this.settings.leaseMs))) return false;
        await appendTaskEvent(store, feedTask, 'taskProgress', progress);
        return true;
      });
      if (!kept) return;
      await yieldToEventLoop();
    }
  }

  private async poll(): Promise<void> {
    if (this.stopping) return;
    try {
      // Claimed in one statement (SKIP LOCKED on PostgreSQL): processes polling together split the open tasks.
      const free = 4 - this.running.size;
      if (free > 0) for (const task of await this.store.tasks.claimOpen(this.owner, this.settings.leaseMs, free)) this.launch(task);
    } catch (error) {
      this.sendOptions.log?.(error);
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll(); // catches its own errors
    }, this.settings.pollIntervalMs);
    this.timer.unref();
  }
}

const processors = new WeakMap<Store, BatchProcessor>();

/** The processor working on a store (app.ts starts one per server). */
export function batchProcessorOf(store: Store): BatchProcessor | undefined {
  return processors.get(store);
}

export async function startBatchProcessor(store: Store, sendOptions: SendOptions, settings?: Partial<BatchProcessorSettings>): Promise<BatchProcessor> {
  const processor = new BatchProcessor(store, sendOptions, settings);
  processors.set(store, processor);
  await processor.start();
  return processor;
}
