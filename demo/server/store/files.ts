/**
 * PDF files beside the database: `<dataDir>/files/<name>.pdf`. Writes are atomic
 * (temp file + fsync + rename) so a crash never leaves half a PDF behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

function processIsAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

export class FileStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'files');
    fs.mkdirSync(this.dir, { recursive: true });
    this.removeLeftoverTempFiles();
  }

  /**
   * A process killed during `write` leaves its `*.tmp` file behind. They are never read (only
   * renamed files are), but they take space: the store sweeps them when it opens. Temp names carry
   * the writer's process id, and only files of processes that are gone are removed, so an admin
   * command opening the store beside a running server never deletes a write in progress.
   */
  private removeLeftoverTempFiles(): void {
    for (const name of fs.readdirSync(this.dir)) {
      const m = /\.pdf\.(\d+)-[0-9a-f]+\.tmp$/.exec(name);
      if (m && !processIsAlive(Number(m[1]))) fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }

  private pathOf(name: string): string {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name: ${name}`);
    return path.join(this.dir, `${name}.pdf`);
  }

  write(name: string, bytes: Uint8Array): void {
    const target = this.pathOf(name);
    const temp = `${target}.${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`;
    const fd = fs.openSync(temp, 'w', 0o600);
    try {
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  }

  read(name: string): Buffer {
    return fs.readFileSync(this.pathOf(name));
  }

  /** The bytes as a plain Uint8Array (pdf.js refuses Buffer instances). */
  readBytes(name: string): Uint8Array {
    const buffer = this.read(name);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }

  exists(name: string): boolean {
    return fs.existsSync(this.pathOf(name));
  }

  size(name: string): number {
    return fs.statSync(this.pathOf(name)).size;
  }

  /** Removes a file; missing files are fine (deletion is idempotent). */
  remove(name: string): void {
    fs.rmSync(this.pathOf(name), { force: true });
  }

  /** Overwrites the content with random bytes before unlinking (secure deletion). */
  shred(name: string): void {
    const target = this.pathOf(name);
    if (!fs.existsSync(target)) return;
    const size = fs.statSync(target).size;
    const fd = fs.openSync(target, 'r+');
    try {
      const chunk = 64 * 1024;
      for (let offset = 0; offset < size; offset += chunk) {
        fs.writeSync(fd, crypto.randomBytes(Math.min(chunk, size - offset)), 0, Math.min(chunk, size - offset), offset);
      }
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.rmSync(target, { force: true });
  }
}
