/**
 * One warm LibreOffice: a `soffice --headless` with its own user profile, listening on a named
 * pipe, driven by our Python bridge (uno-bridge.py) over JSON lines. Killing it kills soffice's
 * process group (the bridge, a child subreaper, reaps what dies), closes the bridge and removes the
 * profile and the pipe's socket file: nothing is left behind, not even a zombie.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const BRIDGE = path.join(import.meta.dirname, 'uno-bridge.py');

export interface BridgeRequest {
  in: string;
  out: string;
  import_filter?: string;
  filter_options?: string;
  max_pages: number;
}

/** `stale`: LibreOffice was already gone when the request arrived (the file is not to blame). */
export type BridgeAnswer =
  { ok: true; pages: number } | { ok: false; kind: 'load' | 'pages' | 'export' | 'crash'; error: string; pages?: number; stale?: boolean };

export interface WorkerOptions {
  soffice: string;
  python: string;
  isolateNetwork: boolean;
  /** soffice's address-space cap in bytes (0: none). */
  memoryBytes: number;
  /** Called once when soffice stops by itself (abort, kill, out of memory), busy or idle. */
  onOfficeExit?: () => void;
}

export class SofficeWorker {
  private readonly bridge: ChildProcessWithoutNullStreams;
  private readonly profileDir: string;
  private readonly pipeName: string;
  private readonly profileUrl: string;
  private sofficePid = 0;
  private nextId = 1;
  private pending: { id: number; resolve: (a: BridgeAnswer) => void } | null = null;
  private exited = false;
  private officeExited = false;
  private readonly exit: Promise<void>;
  readonly ready: Promise<void>;

  private readonly options: WorkerOptions;

  constructor(options: WorkerOptions) {
    this.options = options;
    this.profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-soffice-'));
    this.pipeName = `esign_${process.pid}_${crypto.randomBytes(6).toString('hex')}`;
    this.profileUrl = `file://${this.profileDir}/profile`;
    const profileUrl = this.profileUrl;
    // LibreOffice's own temp files go inside the worker's directory too, so killing it leaks nothing.
    const tmp = path.join(this.profileDir, 'tmp');
    fs.mkdirSync(tmp);
    const bridgeArgs = [BRIDGE, options.soffice, profileUrl, this.pipeName, options.isolateNetwork ? '1' : '0', String(options.memoryBytes)];
    this.bridge = spawn(options.python, bridgeArgs, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: tmp },
      detached: true, // its own process group, apart from the server's signals
    });
    let stderr = '';
    this.bridge.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    this.exit = new Promise((resolve) =>
      this.bridge.once('close', () => {
        this.exited = true;
        resolve();
      }),
    );
    this.ready = new Promise((resolve, reject) => {
      this.bridge.once('error', (error) => reject(new Error(`cannot run ${options.python}: ${error.message}`)));
      const lines = readline.createInterface({ input: this.bridge.stdout });
      lines.on('line', (line) => {
        let message: { ready?: boolean; exited?: boolean; soffice_pid?: number; error?: string; id?: number } & Record<string, unknown>;
        try {
          message = JSON.parse(line) as typeof message;
        } catch {
          return;
        }
        if (message.ready !== undefined) {
          if (message.ready) {
            this.sofficePid = message.soffice_pid ?? 0;
            resolve();
          } else reject(new Error(message.error ?? 'LibreOffice did not start'));
          return;
        }
        if (message.exited) {
          this.officeGone('LibreOffice stopped during the conversion');
          return;
        }
        if (this.pending && message.id === this.pending.id) {
          const { resolve: answer } = this.pending;
          this.pending = null;
          answer(message as unknown as BridgeAnswer);
        }
      });
      void this.exit.then(() => {
        reject(new Error(`the converter stopped while starting: ${stderr.trim().split('\n').slice(-3).join(' ') || 'no output'}`));
        this.officeGone('LibreOffice stopped during the conversion');
      });
    });
    this.ready.catch(() => {}); // observed by callers; never an unhandled rejection
  }

  /** The bridge runs and its soffice has not stopped. */
  get alive(): boolean {
    return !this.exited && !this.officeExited;
  }

  /** soffice's process group (0 before it is ready); tests and the bench crash it through this. */
  get pid(): number {
    return this.sofficePid;
  }

  /** soffice is gone: a conversion in flight answers "crash" now (its late answer is ignored), the pool hears once. */
  private officeGone(error: string): void {
    if (this.officeExited) return;
    this.officeExited = true;
    if (this.pending) {
      const { resolve: answer } = this.pending;
      this.pending = null;
      answer({ ok: false, kind: 'crash', error });
    }
    if (this.sofficePid) this.options.onOfficeExit?.(); // a start that failed is the pool's `ready` rejection
  }

  convert(request: BridgeRequest): Promise<BridgeAnswer> {
    if (!this.alive) return Promise.resolve({ ok: false, kind: 'crash', stale: true, error: 'LibreOffice is not running' });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      this.bridge.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });
  }

  /** Kills soffice, then the bridge, and removes the profile and pipe socket. Resolves when all are gone. */
  async kill(): Promise<void> {
    if (this.sofficePid) {
      try {
        process.kill(-this.sofficePid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    await this.shutdownBridge(1500);
  }

  /** A clean stop: the bridge terminates LibreOffice itself when its stdin closes. */
  async stop(): Promise<void> {
    await this.shutdownBridge(5000);
  }

  private async shutdownBridge(graceMs: number): Promise<void> {
    if (!this.exited) {
      this.bridge.stdin.end();
      const timer = setTimeout(() => {
        if (this.sofficePid)
          try {
            process.kill(-this.sofficePid, 'SIGKILL');
          } catch {
            /* gone */
          }
        // Give the bridge a moment to reap, then make sure it ends too.
        setTimeout(() => {
          try {
            process.kill(-this.bridge.pid!, 'SIGKILL');
          } catch {
            /* gone */
          }
        }, 500).unref();
      }, graceMs);
      timer.unref();
      await this.exit;
      clearTimeout(timer);
    }
    fs.rmSync(this.profileDir, { recursive: true, force: true });
    for (const socket of this.pipeSockets()) fs.rmSync(socket, { force: true });
  }

  /**
   * The socket files LibreOffice's pipes leave in /tmp (always /tmp, whatever TMPDIR says) when it is
   * killed: ours, and its single-instance pipe, named after the MD5 of the profile URL in UTF-16LE.
   */
  private pipeSockets(): string[] {
    const uid = process.getuid?.() ?? 0;
    return [`/tmp/OSL_PIPE_${uid}_${this.pipeName}`, singleInstancePipe(this.profileUrl)];
  }
}

/** The single-instance pipe socket a soffice with profile `profileUrl` leaves in /tmp when killed. */
export function singleInstancePipe(profileUrl: string): string {
  const uid = process.getuid?.() ?? 0;
  const digest = crypto.createHash('md5').update(Buffer.from(profileUrl, 'utf16le')).digest();
  const ipc = [...digest].map((b) => b.toString(16)).join('');
  return `/tmp/OSL_PIPE_${uid}_SingleOfficeIPC_${ipc}`;
}
