/**
 * A real small file system for fault tests (issue 28): a tmpfs of a given size mounted under a temp
 * dir, so a test can fill it (ENOSPC, SQLITE_FULL) or remount it read-only (EROFS), and unmounted
 * at the end. Mounting needs root (CAP_SYS_ADMIN): without it the test fails saying why, never skips.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmallFilesystem {
  dir: string;
  /** Writes a file of zeros until the file system is full; `free()` removes it. */
  fill(): void;
  free(): void;
  /**
   * Turns a folder inside it read-only (a bind mount of the folder on itself, remounted ro) or writable
   * again. A whole tmpfs cannot be remounted read-only while a file on it is open for writing (SQLite).
   */
  readOnly(folder: string, on: boolean): void;
  unmount(): void;
}

function run(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { stdio: 'pipe' });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(
      `small file system: \`${command} ${args.join(' ')}\` failed (${stderr || (error as Error).message}). ` +
        'These fault tests mount a tmpfs and need root with CAP_SYS_ADMIN (a container run with --privileged or --cap-add SYS_ADMIN).',
      { cause: error },
    );
  }
}

export function mountSmallFilesystem(sizeMb: number): SmallFilesystem {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-smallfs-'));
  run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  let mounted = true;
  const binds = new Set<string>();
  const unmount = () => {
    if (!mounted) return;
    mounted = false;
    process.removeListener('exit', unmount);
    for (const folder of binds) execFileSync('umount', ['-l', folder], { stdio: 'pipe' });
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  process.on('exit', unmount);
  return {
    dir,
    fill() {
      const fd = fs.openSync(filler, 'a');
      const chunk = Buffer.alloc(64 * 1024);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        // The last partial chunk: fill the remaining bytes one small write at a time.
        for (let size = 4096; size >= 1; size = Math.floor(size / 2)) {
          try {
            for (;;) fs.writeSync(fd, chunk.subarray(0, size));
          } catch {
            // full at this size: try smaller
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    readOnly(folder, on) {
      if (!binds.has(folder)) {
        run('mount', ['--bind', folder, folder]);
        binds.add(folder);
      }
      run('mount', ['-o', `remount,bind,${on ? 'ro' : 'rw'}`, folder]);
    },
    unmount,
  };
}
