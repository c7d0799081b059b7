/**
 * A warm, bounded pool of LibreOffice workers (soffice-worker.ts), shared fairly between groups the
 * way work/pool.ts shares its threads: a FIFO per group, groups served in turn, and one group never
 * holds more than `workers - 1` workers when there are two or more. Workers start on first use and
 * stay warm. A crash of any kind (soffice aborts or is killed, its bridge is disposed, a conversion
 * runs past the time limit) replaces that worker at once and never fails another file: a file that
 * found its worker already dead goes back to the front of its queue; the file that crashed it is
 * tried once more on a fresh worker, then in a one-shot `soffice --convert-to` of its own
 * (soffice-one-shot.ts), and only then refused with a reason (docs/decisions/conversion.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { RateLimitedError, UnavailableError, unprocessable } from '../domain/errors.ts';
import { EventEmitter } from 'node:events';
import { convertOnce } from './soffice-one-shot.ts';
import { SofficeWorker, type BridgeAnswer, type BridgeRequest } from './soffice-worker.ts';

export interface SofficeSettings {
  /** ESIGN_SOFFICE: the soffice binary (default `soffice` on PATH). */
  soffice: string;
  /** ESIGN_UNO_PYTHON: a python with the `uno` module (default /usr/bin/python3). */
  python: string;
  workers: number;
  timeoutMs: number;
  maxQueuedPerGroup: number;
  /** ESIGN_CONVERT_MEMORY_MB: soffice's address-space cap, pool and one-shot alike (0: none). */
  memoryMb: number;
}

interface Job {
  groupId: string;
  request: BridgeRequest;
  resolve: (answer: BridgeAnswer & { ok: true }) => void;
  reject: (error: Error) => void;
  /** Crashes this file caused (1 = it is on its retry). */
  crashes: number;
  /** Times it found its worker already dead (not its fault; bounded so a pool that cannot start stops retrying). */
  stale: number;
}

type Crash = 'crash' | 'timeout';

/**
 * What the pool tells observers (tests, the bench): `start` (a worker took a file: its soffice pid),
 * `crash` (a worker was lost), `oneShot` (a file went to the one-shot conversion).
 */
export interface PoolEvents {
  start: [{ pid: number; groupId: string; request: BridgeRequest }];
  crash: [{ reason: Crash | 'exited' }];
  oneShot: [{ groupId: string; request: BridgeRequest }];
}

interface Slot {
  worker: SofficeWorker;
  job: Job | null;
}

export function converterMissing(detail: string): UnavailableError {
  return new UnavailableError(
    'converter_unavailable',
    `Office documents cannot be converted on this server: LibreOffice is not available (${detail}). The administrator installs the Debian/Ubuntu packages libreoffice-writer-nogui, libreoffice-calc-nogui and python3-uno, or sets ESIGN_SOFFICE to the soffice binary (and ESIGN_UNO_PYTHON to a python with the uno module). PDFs and images still work.`,
  );
}

/** Resolves a command name on PATH (or checks a path); undefined when it is not an executable. */
export function findExecutable(command: string): string | undefined {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      /* next */
    }
  }
  return undefined;
}

let networkIsolation: boolean | undefined;
/** `unshare --net` works (root, or user namespaces allowed): soffice then runs without any network. */
function canIsolateNetwork(): boolean {
  networkIsolation ??= spawnSync('unshare', ['--net', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return networkIsolation;
}

export class SofficePool {
  readonly settings: SofficeSettings;
  private readonly slots: Slot[] = [];
  private readonly queues = new Map<string, Job[]>();
  private readonly turn: string[] = [];
  private readonly running = new Map<string, number>();
  private closed = false;
  /** Workers being killed; close() waits for them. */
  private readonly dying = new Set<Promise<void>>();
  /** One one-shot conversion at a time: it is the rare path, and each is a whole soffice. */
  private oneShotChain: Promise<unknown> = Promise.resolve();
  /** Workers replaced after a crash or timeout (`convert_restarts` in the bench). */
  replaced = 0;
  /** Files converted by the one-shot fallback. */
  oneShots = 0;
  readonly events = new EventEmitter<PoolEvents>();

  constructor(settings: SofficeSettings) {
    this.settings = settings;
  }

  get isolated(): boolean {
    return canIsolateNetwork();
  }

  /** Throws the 503 naming the packages when LibreOffice or the python bridge cannot run. */
  checkAvailable(): void {
    if (!findExecutable(this.settings.soffice)) converterMissingThrow(`"${this.settings.soffice}" not found`);
    if (!findExecutable(this.settings.python)) converterMissingThrow(`"${this.settings.python}" not found`);
  }

  /** Converts as `groupId`'s job; resolves with the page count, or rejects with a DomainError. */
  convert(groupId: string, request: BridgeRequest): Promise<BridgeAnswer & { ok: true }> {
    if (this.closed) return Promise.reject(new UnavailableError('shutting_down', 'The server is shutting down.'));
    this.checkAvailable();
    const queue = this.queues.get(groupId) ?? [];
    if (queue.length >= this.settings.maxQueuedPerGroup) {
      return Promise.reject(
        new RateLimitedError('convert_queue_full', `This group already has ${queue.length} files waiting to be converted; try again in a minute.`),
      );
    }
    return new Promise((resolve, reject) => {
      queue.push({ groupId, request, resolve, reject, crashes: 0, stale: 0 });
      if (!this.queues.has(groupId)) {
        this.queues.set(groupId, queue);
        this.turn.push(groupId);
      }
      this.dispatch();
    });
  }

  /** Starts the workers now (a server that converts often warms them at start). */
  warm(): void {
    this.checkAvailable();
    while (this.slots.length < this.settings.workers) this.slots.push({ worker: this.spawn(), job: null });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) for (const job of queue) job.reject(new UnavailableError('shutting_down', 'The server is shutting down.'));
    this.queues.clear();
    this.turn.length = 0;
    await Promise.all(this.slots.splice(0).map((slot) => (slot.job ? slot.worker.kill() : slot.worker.stop())));
    await Promise.all([...this.dying, this.oneShotChain]);
  }

  private get perGroup(): number {
    return Math.max(1, this.settings.workers - 1);
  }

  private get memoryBytes(): number {
    return findExecutable('prlimit') ? this.settings.memoryMb * 1048576 : 0;
  }

  private spawn(): SofficeWorker {
    const worker: SofficeWorker = new SofficeWorker({
      soffice: this.settings.soffice,
      python: this.settings.python,
      isolateNetwork: canIsolateNetwork(),
      memoryBytes: this.memoryBytes,
      // An idle worker whose soffice died is replaced now, not when the next file finds it dead.
      onOfficeExit: () => {
        const slot = this.slots.find((s) => s.worker === worker);
        if (slot && slot.job === null && !this.closed) {
          this.events.emit('crash', { reason: 'exited' });
          this.replace(slot);
          this.dispatch();
        }
      },
    });
    return worker;
  }

  private dispatch(): void {
    while (!this.closed) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < this.settings.workers) {
        slot = { worker: this.spawn(), job: null };
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.nextJob();
      if (!job) return;
      void this.run(slot, job);
    }
  }

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

  private async run(slot: Slot, job: Job): Promise<void> {
    slot.job = job;
    this.running.set(job.groupId, (this.running.get(job.groupId) ?? 0) + 1);
    try {
      try {
        await slot.worker.ready;
      } catch (error) {
        this.replace(slot);
        job.reject(converterMissing((error as Error).message));
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.settings.timeoutMs);
      });
      const converting = slot.worker.convert(job.request);
      this.events.emit('start', { pid: slot.worker.pid, groupId: job.groupId, request: job.request });
      const answer = await Promise.race([converting, timedOut]);
      clearTimeout(timer);
      if (answer === 'timeout') return this.crashed(slot, job, 'timeout', false);
      if (answer.ok) return job.resolve(answer);
      if (answer.kind === 'crash' || !slot.worker.alive) return this.crashed(slot, job, 'crash', answer.stale === true);
      job.reject(refusal(answer, job.request.max_pages));
    } finally {
      this.running.set(job.groupId, (this.running.get(job.groupId) ?? 1) - 1);
      slot.job = null;
      this.dispatch();
    }
  }

  /**
   * The worker is lost: replace it now. A file that found it already dead goes back to the front of
   * its queue; the file that crashed it is retried once on a fresh worker, then in a one-shot.
   */
  private crashed(slot: Slot, job: Job, reason: Crash, stale: boolean): void {
    this.events.emit('crash', { reason });
    this.replace(slot);
    clearOutput(job.request);
    if (stale && job.stale < 3) {
      job.stale++;
      return this.requeueFirst(job);
    }
    job.crashes++;
    if (job.crashes === 1) return this.requeueFirst(job);
    this.events.emit('oneShot', { groupId: job.groupId, request: job.request });
    const attempt = this.oneShotChain.then(() =>
      convertOnce({ soffice: findExecutable(this.settings.soffice)!, timeoutMs: this.settings.timeoutMs, memoryBytes: this.memoryBytes }, job.request),
    );
    this.oneShotChain = attempt.catch(() => {});
    attempt.then(
      (answer) => {
        if (answer.ok) {
          this.oneShots++;
          return job.resolve(answer);
        }
        job.reject(answer.kind === 'crash' ? crashRefusal(reason, this.settings.timeoutMs) : refusal(answer, job.request.max_pages));
      },
      (error: Error) => job.reject(crashRefusal(reason, this.settings.timeoutMs, error.message)),
    );
  }

  private requeueFirst(job: Job): void {
    if (this.closed) return job.reject(new UnavailableError('shutting_down', 'The server is shutting down.'));
    const queue = this.queues.get(job.groupId);
    if (queue) queue.unshift(job);
    else {
      this.queues.set(job.groupId, [job]);
      this.turn.unshift(job.groupId);
    }
  }

  /** Takes `slot` out of the pool and starts a fresh worker in its place, so the pool stays warm. */
  private replace(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at === -1) return;
    this.replaced++;
    const dying = slot.worker.kill().finally(() => this.dying.delete(dying));
    this.dying.add(dying);
    if (this.closed) this.slots.splice(at, 1);
    else this.slots[at] = { worker: this.spawn(), job: null };
  }
}

function converterMissingThrow(detail: string): never {
  throw converterMissing(detail);
}

/**
 * A soffice killed while writing the PDF leaves the PDF's lock file (`.~lock.out.pdf#`) behind, and
 * the next soffice refuses to write over a locked file: clear both before the retry.
 */
function clearOutput(request: BridgeRequest): void {
  fs.rmSync(request.out, { force: true });
  fs.rmSync(path.join(path.dirname(request.out), `.~lock.${path.basename(request.out)}#`), { force: true });
}

/** The 422 for a file LibreOffice answered about (it opened, or refused to open, without crashing). */
function refusal(answer: BridgeAnswer & { ok: false }, maxPages: number): Error {
  if (answer.kind === 'pages')
    return unprocessable(
      `The converted document would have ${answer.pages} pages; this server accepts documents of up to ${maxPages} pages. Split it (or set a print range) and upload the parts.`,
      undefined,
      'convert_too_many_pages',
    );
  return unprocessable(
    `The file cannot be opened: it is damaged, password-protected, or not really the kind of file it looks like. (${answer.error})`,
    undefined,
    'convert_failed',
  );
}

/** The 422 for a file that crashed (or outlasted) LibreOffice three times: on a worker, on a fresh one, and alone. */
function crashRefusal(reason: Crash, timeoutMs: number, detail?: string): Error {
  if (reason === 'timeout')
    return unprocessable(
      `Converting the file took longer than ${Math.round(timeoutMs / 1000)} s, the most this server spends on one file, three times over (on two converters and alone). Save it as a simpler file (or a PDF) and upload that.`,
      undefined,
      'convert_timeout',
    );
  return unprocessable(
    `LibreOffice stopped while converting the file, three times (on two converters and alone)${detail ? ` (${detail})` : ''}: the file is probably damaged or uses something LibreOffice cannot read. Open it in the program that made it, save it again (or save it as a PDF), and upload that.`,
    undefined,
    'convert_crashed',
  );
}
