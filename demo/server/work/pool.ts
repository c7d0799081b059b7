/**
 * The pool of worker processes every job over user-supplied documents and patterns runs in, so no
 * tenant's PDF or regex can block the main thread (which answers everyone's requests).
 *
 * Processes, not worker threads: a thread's heap limit (`resourceLimits`) is best effort, and some
 * allocations over it (one large array, a long push loop) abort the whole process instead of the
 * thread (nodejs/node#47224), so a crafted PDF could take the server down. A child process over
 * its `--max-old-space-size` dies alone.
 *
 * - Fair: each group has its own FIFO queue; free workers take the next group in turn
 *   (round-robin), and one group never holds more than `workers - 1` workers when there are two
 *   or more, so another group always finds one.
 * - Bounded: each job has a time limit; each worker a V8 heap limit (`--max-old-space-size`). A job
 *   over either has its worker killed and replaced, and its caller gets WorkLimitError
 *   (`pdf_too_complex`), which the HTTP layer answers with 422.
 * - Failures of the input (PdfProblem) come back as PdfProblem, anything else as an Error.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { JobKind, JobLimits, JobTypes } from './jobs.ts';
import { WorkLimitError, type WorkFailure } from './errors.ts';
import { PdfProblem, type PdfProblemCode } from '../pdf/load.ts';
import type { WorkSettings } from './settings.ts';
import { fromWire, toWire } from './wire.ts';

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

interface Job {
  id: number;
  groupId: string;
  kind: JobKind;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: ChildProcess;
  /** The worker has loaded its modules (a job given before waits, without its clock running). */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export class WorkPool {
  readonly settings: WorkSettings;
  private readonly slots: Slot[] = [];
  private readonly queues = new Map<string, Job[]>();
  /** Groups with waiting jobs, in the order they are served. */
  private readonly turn: string[] = [];
  private readonly running = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  /** Workers replaced after a timeout, memory overflow or crash (tests and logs read it). */
  replaced = 0;

  constructor(settings: WorkSettings) {
    this.settings = settings;
  }

  /** Runs a job for `groupId` in a worker process (the input is copied there, the answer copied back). */
  run<K extends JobKind>(groupId: string, kind: K, input: JobTypes[K][0]): Promise<JobTypes[K][1]> {
    if (this.closed) return Promise.reject(new Error('The work pool is closed.'));
    const queue = this.queues.get(groupId) ?? [];
    if (queue.length >= this.settings.maxQueuedPerGroup) {
      return Promise.reject(
        new WorkLimitError('work_queue_full', `This group already has ${queue.length} documents waiting to be processed; try again in a minute.`),
      );
    }
    return new Promise((resolve, reject) => {
      queue.push({ id: this.nextId++, groupId, kind, input, resolve: resolve as (v: unknown) => void, reject });
      if (!this.queues.has(groupId)) {
        this.queues.set(groupId, queue);
        this.turn.push(groupId);
      }
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) for (const job of queue) job.reject(new Error('The server is shutting down.'));
    this.queues.clear();
    this.turn.length = 0;
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new Error('The server is shutting down.'));
        return stop(slot.worker);
      }),
    );
  }

  /** How many a group may run at once: all workers when there is one, else all but one. */
  private get perGroup(): number {
    return Math.max(1, this.settings.workers - 1);
  }

  private dispatch(): void {
    while (!this.closed) {
      const slot = this.slots.find((s) => s.job === null) ?? (this.slots.length < this.settings.workers ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.nextJob();
      if (!job) return;
      this.start(slot, job);
    }
  }

  /** The first group in turn with a waiting job and a free share; it goes to the back of the turn. */
  private nextJob(): Job | undefined {
    for (let i = 0; i < this.turn.length; i++) {
      const groupId = this.turn[i];
      if ((this.running.get(groupId) ?? 0) >= this.perGroup) continue;
      const queue = this.queues.get(groupId)!;
      const job = queue.shift()!;
      this.turn.splice(i, 1);
      if (queue.length > 0) this.turn.push(groupId);
      else this.queues.delete(groupId);
      return job;
    }
    return undefined;
  }

  private spawn(): Slot {
    const limits: JobLimits = { maxPages: this.settings.maxPages, maxInflatedBytes: this.settings.maxInflatedBytes };
    const worker = fork(ENTRY, [JSON.stringify(limits)], {
      execArgv: [`--max-old-space-size=${this.settings.workerHeapMb}`],
      serialization: 'advanced', // Uint8Array and Map cross as they are
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    idle(worker); // an idle pool never keeps the process alive
    worker.on('message', (message: { ready?: true; id: number; ok: boolean; value?: unknown; error?: WorkFailure }) => {
      if (message.ready) {
        slot.ready = true;
        if (slot.job) this.begin(slot, slot.job);
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.finish(slot);
      if (message.ok) job.resolve(fromWire(message.value));
      else job.reject(revive(message.error!));
      this.dispatch();
    });
    const lost = (why: string) => {
      const job = slot.job;
      this.drop(slot);
      job?.reject(new WorkLimitError('pdf_too_complex', why));
      this.dispatch();
    };
    worker.on('error', () => {
      void stop(worker);
      lost('Processing the document failed unexpectedly. Save or print it as a new PDF and upload that.');
    });
    worker.on('exit', (code, signal) => {
      // V8 aborts a process over its heap limit: SIGABRT, or exit code 134 through a shell.
      lost(
        signal === 'SIGABRT' || code === 134
          ? `The document needs more than ${this.settings.workerHeapMb} MB of memory to process, more than this server allows per document. Save or print it as a new, simpler PDF (or split it) and upload that.`
          : 'Processing the document stopped unexpectedly. Save or print it as a new PDF and upload that.',
      );
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    busy(slot.worker); // a job under way keeps the process alive until it answers
    this.running.set(job.groupId, (this.running.get(job.groupId) ?? 0) + 1);
    if (slot.ready) this.begin(slot, job);
  }

  /** Hands the job to its (ready) worker and starts its clock. */
  private begin(slot: Slot, job: Job): void {
    slot.timer = setTimeout(() => {
      this.drop(slot);
      void stop(slot.worker);
      job.reject(
        new WorkLimitError(
          'pdf_too_complex',
          `Processing the document took longer than ${Math.round(this.settings.jobTimeoutMs / 1000)} s, the most this server spends on one document. Save or print it as a new, simpler PDF (or split it) and upload that.`,
        ),
      );
      this.dispatch();
    }, this.settings.jobTimeoutMs);
    slot.timer.unref();
    try {
      slot.worker.send({ id: job.id, kind: job.kind, input: toWire(job.input) });
    } catch (error) {
      // An input the channel cannot carry is a programming error: this job fails, the worker is fine.
      this.finish(slot);
      job.reject(error as Error);
      queueMicrotask(() => this.dispatch());
    }
  }

  /** The job on `slot` is over (answered): the worker is free again. */
  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    if (job) this.running.set(job.groupId, (this.running.get(job.groupId) ?? 1) - 1);
    slot.job = null;
    idle(slot.worker);
  }

  /** The worker of `slot` is gone (or being killed): forget it; dispatch() spawns a replacement when needed. */
  private drop(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at === -1) return;
    this.finish(slot);
    this.slots.splice(at, 1);
    slot.worker.removeAllListeners('exit');
    slot.worker.on('exit', () => {});
    this.replaced++;
  }
}

/** Neither the process nor its IPC channel keeps the server's event loop alive. */
function idle(worker: ChildProcess): void {
  worker.unref();
  worker.channel?.unref();
}

function busy(worker: ChildProcess): void {
  worker.ref();
  worker.channel?.ref();
}

/** Kills a worker process and waits for it to be gone (no zombie left behind). */
function stop(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    worker.once('exit', () => resolve());
    worker.ref(); // an unref'd child would let the server exit before its exit is seen
    worker.kill('SIGKILL');
  });
}

const PDF_CODES: readonly PdfProblemCode[] = ['not_pdf', 'malformed', 'encrypted', 'empty', 'xfa_only', 'limit_exceeded'];

function revive(failure: WorkFailure): Error {
  if (failure.name === 'PdfProblem' && PDF_CODES.includes(failure.code as PdfProblemCode))
    return new PdfProblem(failure.code as PdfProblemCode, failure.message);
  const error = new Error(failure.message);
  error.name = failure.name;
  return error;
}
