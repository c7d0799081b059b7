/**
 * The background-job runner: one mechanism for work that must finish after the request that
 * caused it (today the final PDF). A job runs at once when its cause asks for it, and again with
 * backoff after a failure (any thrown error counts); when the attempts are used up it is `failed`,
 * an audit event goes on the document, and it waits for a person (`esign-server jobs retry`, the
 * dashboard). Every step is in the database (store/jobs.ts): a restarted server picks up where the
 * last one stopped, and no document sits in an intermediate state without a job saying why.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { SqlJobRepository } from '../../store/jobs.ts';
import type { JobRecord } from '../../store/jobs.ts';
import type { AuditActor } from '../../store/documents-history.ts';
import type { JobSettings } from '../../config.ts';
export type { JobSettings } from '../../config.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Five attempts: at once, then 10 s, 1 min, 10 min and 1 h after each failure (about 71 minutes in all). */
export const DEFAULT_JOB_RETRY_SCHEDULE_MS: readonly number[] = [0, 10 * SECOND, MINUTE, 10 * MINUTE, 60 * MINUTE];

export function resolveJobSettings(partial: Partial<JobSettings> = {}): JobSettings {
  return { retrySchedule: DEFAULT_JOB_RETRY_SCHEDULE_MS, pollIntervalMs: SECOND, leaseMs: MINUTE, ...partial };
}

/** Does the work of one job. Resolves when it is done (or nothing is left to do); any throw is a failed attempt. */
export type JobHandler = (documentId: string) => Promise<unknown>;

export type AttemptOutcome = 'done' | 'retry' | 'failed' | 'busy';

const RETRY_CONCURRENCY = 2;

const SYSTEM: AuditActor = { type: 'system', id: '', label: 'esign-elements', ip: '', userAgent: '' };

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.trim() || 'unknown error';
}

export class JobRunner {
  readonly owner = `jobs-${randomUUID()}`;
  readonly jobs: SqlJobRepository;
  private readonly store: Store;
  private readonly settings: JobSettings;
  private readonly handlers: Record<string, JobHandler>;
  private readonly onError: (message: string, job: JobRecord, error: unknown) => void;
  private readonly running = new Map<string, Promise<AttemptOutcome>>();
  /** `run` calls under way, by kind and document: a second caller joins the first before the job is even claimed. */
  private readonly runsAsked = new Map<string, Promise<AttemptOutcome>>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;

  constructor(store: Store, settings: JobSettings, handlers: Record<string, JobHandler>, onError: JobRunner['onError'] = () => {}) {
    this.store = store;
    this.jobs = store.jobs;
    this.settings = settings;
    this.handlers = handlers;
    this.onError = onError;
  }

  /** Takes over the leases of processes that are gone (SQLite; on PostgreSQL they expire) and starts looking for due retries. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.jobs.releaseLeases();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Makes sure the job exists and runs it now if it is due; resolves with the attempt's outcome. */
  run(kind: string, documentId: string): Promise<AttemptOutcome> {
    const key = `${kind} ${documentId}`;
    const current = this.runsAsked.get(key);
    if (current) return current;
    const work = this.ensureAndRun(kind, documentId).finally(() => this.runsAsked.delete(key));
    this.runsAsked.set(key, work);
    return work;
  }

  private async ensureAndRun(kind: string, documentId: string): Promise<AttemptOutcome> {
    // Created and claimed in one transaction: a poller (here or in another process) cannot take the
    // first attempt from under the caller, who then would answer before it is over.
    const { job, claimed } = await this.store.transaction(async () => {
      const job = await this.jobs.ensure(kind, documentId);
      const claimed = this.running.has(job.id) ? undefined : await this.jobs.claim(job.id, this.owner, this.settings.leaseMs);
      return { job, claimed };
    });
    return claimed ? await this.launch(claimed) : await this.attempt(job.id);
  }

  /**
   * Inside the caller's transaction, beside the change that makes a job due: the job is created and
   * claimed by this process, so it exists exactly when that change does (a process that dies right
   * after the commit leaves a lease that lapses, and another process runs the job) and no poller takes
   * it before the caller runs it with runReserved(). Undefined when it cannot be claimed here.
   */
  async reserve(kind: string, documentId: string): Promise<JobRecord | undefined> {
    if (!this.store.sql.inTransaction()) throw new Error('JobRunner.reserve() belongs in the transaction of the change that makes the job due');
    const job = await this.jobs.ensure(kind, documentId);
    return await this.jobs.claim(job.id, this.owner, this.settings.leaseMs);
  }

  /** Runs a job reserve() claimed, once its transaction has committed; resolves with the attempt's outcome. */
  runReserved(job: JobRecord): Promise<AttemptOutcome> {
    return this.running.get(job.id) ?? this.launch(job);
  }

  /** A person's retry: a failed (or waiting) job gets fresh attempts and runs now. Undefined when no such job. */
  async retry(ref: string, actor: AuditActor = SYSTEM): Promise<{ job: JobRecord; outcome: Promise<AttemptOutcome> } | undefined> {
    const found = await this.jobs.find(ref);
    if (!found) return undefined;
    const current = this.running.get(found.id);
    if (current) return { job: found, outcome: current };
    // Requeue and claim at once: a poller elsewhere cannot take the fresh attempt from under this caller.
    const claimed = await this.store.transaction(async () => {
      if (!(await this.jobs.requeue(found.id))) return undefined;
      await this.store.history.record(found.documentId, `${found.kind}_retry_requested`, actor, {
        job: found.id,
        previous_state: found.state,
        last_error: found.lastError,
      });
      return await this.jobs.claim(found.id, this.owner, this.settings.leaseMs);
    });
    if (!claimed) return { job: found, outcome: Promise.resolve(found.state === 'done' ? 'done' : 'busy') };
    return { job: claimed, outcome: this.launch(claimed) };
  }

  /** One attempt at a job, unless it is not due, finished, or leased elsewhere ('busy'); joins a run already under way here. */
  private attempt(id: string): Promise<AttemptOutcome> {
    const current = this.running.get(id);
    if (current) return current;
    // In `running` from before the claim: a second attempt meanwhile joins this one instead of racing it.
    const work: Promise<AttemptOutcome> = this.claimAndExecute(id).finally(() => this.forget(id, work));
    this.running.set(id, work);
    return work;
  }

  private async claimAndExecute(id: string): Promise<AttemptOutcome> {
    const claimed = await this.jobs.claim(id, this.owner, this.settings.leaseMs);
    if (claimed) return this.execute(claimed);
    const job = await this.jobs.get(id);
    return job?.state === 'done' ? 'done' : job?.state === 'failed' ? 'failed' : 'busy';
  }

  private launch(claimed: JobRecord): Promise<AttemptOutcome> {
    const work: Promise<AttemptOutcome> = this.execute(claimed).finally(() => this.forget(claimed.id, work));
    this.running.set(claimed.id, work);
    return work;
  }

  /** A run that ended leaves `running`, unless a later one (the poller's, of a claim it made meanwhile) took its place. */
  private forget(id: string, work: Promise<AttemptOutcome>): void {
    if (this.running.get(id) === work) this.running.delete(id);
  }

  private async execute(job: JobRecord): Promise<AttemptOutcome> {
    const handler = this.handlers[job.kind];
    const renewal = setInterval(
      () => void this.safely(() => this.jobs.renew(job.id, this.owner, this.settings.leaseMs)),
      Math.max(10, this.settings.leaseMs / 3),
    );
    renewal.unref();
    let failure: unknown = null;
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job.documentId);
    } catch (error) {
      failure = error ?? new Error('unknown error');
    } finally {
      clearInterval(renewal);
    }
    return (await this.safely(() => this.record(job, failure))) ?? 'busy';
  }

  private async record(job: JobRecord, failure: unknown): Promise<AttemptOutcome> {
    if (failure === null) {
      await this.jobs.finish(job.id, this.owner, { state: 'done' });
      return 'done';
    }
    const error = errorText(failure);
    const delay = this.settings.retrySchedule[job.attempts];
    if (delay !== undefined) {
      await this.jobs.finish(job.id, this.owner, { state: 'pending', retryAt: Date.now() + delay, error });
      this.onError(`attempt ${job.attempts} of ${this.settings.retrySchedule.length} failed; retried in ${delay} ms`, job, failure);
      this.schedule();
      return 'retry';
    }
    await this.store.transaction(async () => {
      if (!(await this.jobs.finish(job.id, this.owner, { state: 'failed', error }))) return;
      await this.store.history.record(job.documentId, `${job.kind}_failed`, SYSTEM, { job: job.id, attempts: job.attempts, error });
    });
    this.onError(`failed for good after ${job.attempts} attempts`, job, failure);
    return 'failed';
  }

  private schedule(): void {
    if (!this.started || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.safely(async () => {
        // Retries in the background take at most two slots: a burst of failures cannot crowd out new work.
        const free = RETRY_CONCURRENCY - this.running.size;
        // Claimed in one statement (SKIP LOCKED on PostgreSQL): processes polling together split the due jobs.
        if (free > 0) for (const job of await this.jobs.claimDue(this.owner, this.settings.leaseMs, free)) void this.launch(job);
      });
      this.schedule();
    }, this.settings.pollIntervalMs);
    // Never what keeps a process alive.
    this.timer.unref();
  }

  /** The database may be closing during shutdown; the next process takes over. */
  private async safely<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (this.started) console.error('job runner:', (error as Error).message);
      return undefined;
    }
  }
}
