/**
 * Blobs in fan-out folders under the data dir: `<dataDir>/blobs/ab/cd/<sha256>`. Writes go to a
 * temp file in `blobs/tmp/` (fsync, then rename), so a crash never leaves half a blob under a hash
 * name. Deletion overwrites the bytes with random data before unlinking (secure deletion).
 * The synchronous methods serve FileStore, whose callers are synchronous (node:sqlite).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { BlobBackend } from './blob-backend.ts';
import { blobKey } from './blob-backend.ts';
import { blobFault } from './outages.ts';

function processIsAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** Overwrites a file's bytes with random data, fsyncs, then unlinks it. Missing files are fine. */
export function shredFile(target: string): void {
  let fd: number;
  try {
    fd = fs.openSync(target, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const chunk = 64 * 1024;
    for (let offset = 0; offset < size; offset += chunk) {
      const length = Math.min(chunk, size - offset);
      fs.writeSync(fd, crypto.randomBytes(length), 0, length, offset);
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.rmSync(target, { force: true });
}

export class LocalBlobBackend implements BlobBackend {
  readonly dir: string;
  private readonly tmpDir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'blobs');
    this.tmpDir = path.join(this.dir, 'tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
    this.removeLeftoverTempFiles();
  }

  /**
   * A process killed during a write leaves its temp file behind; temp names carry the writer's
   * process id, and only files of processes that are gone are removed, so an admin command opening
   * the store beside a running server never deletes a write in progress.
   */
  private removeLeftoverTempFiles(): void {
    for (const name of fs.readdirSync(this.tmpDir)) {
      const m = /^(\d+)-[0-9a-f]+\.tmp$/.exec(name);
      if (m && !processIsAlive(Number(m[1]))) fs.rmSync(path.join(this.tmpDir, name), { force: true });
    }
  }

  pathOf(hash: string): string {
    return path.join(this.dir, blobKey(hash));
  }

  putSync(hash: string, bytes: Uint8Array): void {
    const target = this.pathOf(hash);
    if (fs.existsSync(target)) return;
    const temp = path.join(this.tmpDir, `${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`);
    try {
      const fd = fs.openSync(temp, 'w', 0o600);
      try {
        fs.writeSync(fd, bytes);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(temp, target);
    } catch (error) {
      // A disk that filled half-way leaves a partial temp file: it goes now, not at the next start.
      fs.rmSync(temp, { force: true });
      throw blobFault(error);
    }
  }

  /** Readiness: a small file written, synced and removed in blobs/tmp (a full or read-only disk fails it). */
  async probe(): Promise<void> {
    const temp = path.join(this.tmpDir, `${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`);
    try {
      const fd = fs.openSync(temp, 'w', 0o600);
      try {
        fs.writeSync(fd, 'ready');
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.rmSync(temp, { force: true });
    } catch (error) {
      fs.rmSync(temp, { force: true });
      throw blobFault(error);
    }
  }

  getSync(hash: string): Buffer | undefined {
    try {
      return fs.readFileSync(this.pathOf(hash));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw blobFault(error);
    }
  }

  hasSync(hash: string): boolean {
    return fs.existsSync(this.pathOf(hash));
  }

  deleteSync(hash: string): void {
    try {
      shredFile(this.pathOf(hash));
    } catch (error) {
      throw blobFault(error);
    }
  }

  async put(hash: string, bytes: Uint8Array): Promise<void> {
    this.putSync(hash, bytes);
  }

  async *list(): AsyncIterable<{ hash: string; modifiedAt: number }> {
    for (const first of fs.readdirSync(this.dir)) {
      if (!/^[0-9a-f]{2}$/.test(first)) continue; // tmp/
      for (const second of fs.readdirSync(path.join(this.dir, first))) {
        const folder = path.join(this.dir, first, second);
        for (const name of fs.readdirSync(folder)) {
          if (/^[0-9a-f]{64}$/.test(name)) yield { hash: name, modifiedAt: fs.statSync(path.join(folder, name)).mtimeMs };
        }
      }
    }
  }

  async get(hash: string): Promise<Uint8Array | undefined> {
    return this.getSync(hash);
  }

  async has(hash: string): Promise<boolean> {
    return this.hasSync(hash);
  }

  async delete(hash: string): Promise<void> {
    this.deleteSync(hash);
  }
}
