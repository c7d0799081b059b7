/**
 * A warm, bounded pool of LibreOffice workers (soffice-worker.ts), shared fairly between groups the
 * way work/pool.ts shares its threads: a FIFO per group, groups served in turn, and one group never
 * holds more than `workers - 1` workers when there are two or more. Workers start on first use and
 * stay warm; a conversion over the time limit, or one that crashes LibreOffice, has its worker
 * killed and a fresh one started, and its caller gets a clear error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { RateLimitedError, UnavailableError, unprocessable } from '../domain/errors.ts';
import { SofficeWorker, type BridgeAnswer, type BridgeRequest } from './soffice-worker.ts';

export interface SofficeSettings {
  /** ESIGN_SOFFICE: the soffice binary (default `soffice` on PATH). */
  soffice: string;
  /** ESIGN_UNO_PYTHON: a python with the `uno` module (default /usr/bin/python3). */
  python: string;
  workers: number;
  timeoutMs: number;
  maxQueuedPerGroup: number;
}

interface Job {
  groupId: string;
  request: BridgeRequest;
  resolve: (answer: BridgeAnswer & { ok: true }) => void;
  reject: (error: Error) => void;
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
  /** Workers killed after a timeout or crash (tests read it). */
  replaced = 0;

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
      queue.push({ groupId, request, resolve, reject });
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
  }

  private get perGroup(): number {
    return Math.max(1, this.settings.workers - 1);
  }

  private spawn(): SofficeWorker {
    return new SofficeWorker({ soffice: this.settings.soffice, python: this.settings.python, isolateNetwork: canIsolateNetwork() });
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
        await slot.worker.kill();
        job.reject(converterMissing((error as Error).message));
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.settings.timeoutMs);
      });
      const answer = await Promise.race([slot.worker.convert(job.request), timedOut]);
      clearTimeout(timer);
      if (answer === 'timeout') {
        this.replace(slot);
        await slot.worker.kill();
        job.reject(
          unprocessable(
            `Converting the file took longer than ${Math.round(this.settings.timeoutMs / 1000)} s, the most this server spends on one file. Save it as a simpler file (or a PDF) and upload that.`,
            undefined,
            'convert_timeout',
          ),
        );
        return;
      }
      if (answer.ok) {
        job.resolve(answer);
        return;
      }
      if (answer.kind === 'crash' || !slot.worker.alive) {
        this.replace(slot);
        await slot.worker.kill();
        job.reject(
          unprocessable(
            'LibreOffice stopped while converting the file (the file is probably damaged). Open and save it again in its program, or save it as a PDF, and upload that.',
            undefined,
            'convert_crashed',
          ),
        );
        return;
      }
      if (answer.kind === 'pages') {
        job.reject(
          unprocessable(
            `The converted document would have ${answer.pages} pages; this server accepts documents of up to ${job.request.max_pages} pages. Split it (or set a print range) and upload the parts.`,
            undefined,
            'convert_too_many_pages',
          ),
        );
        return;
      }
      job.reject(
        unprocessable(
          `The file cannot be opened: it is damaged, password-protected, or not really the kind of file it looks like. (${answer.error})`,
          undefined,
          'convert_failed',
        ),
      );
    } finally {
      this.running.set(job.groupId, (this.running.get(job.groupId) ?? 1) - 1);
      slot.job = null;
      this.dispatch();
    }
  }

  /** Takes `slot` out of the pool and starts a fresh worker in its place, so the pool stays warm. */
  private replace(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at === -1) return;
    this.replaced++;
    if (this.closed) this.slots.splice(at, 1);
    else this.slots[at] = { worker: this.spawn(), job: null };
  }
}

function converterMissingThrow(detail: string): never {
  throw converterMissing(detail);
}
