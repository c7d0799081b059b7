/**
 * For tests and the bench: crash a worker's LibreOffice the way a bad file does, in the middle of a
 * conversion. The office process (soffice.bin, in the process group the pool reports) is signalled
 * once it holds the input file open (it is loading it), or once the PDF's lock file exists (it is
 * writing the PDF).
 */
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The soffice.bin process in process group `group` (oosplash starts it), if any. */
export function officeProcess(group: number): number | undefined {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-o', 'pid=,comm=', '-g', String(group)]).toString();
  } catch {
    return undefined; // no process in the group
  }
  const line = listing
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find(([, comm]) => comm === 'soffice.bin');
  return line ? Number(line[0]) : undefined;
}

function holdsOpen(pid: number, file: string): boolean {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** Signals soffice.bin of `group` while it loads `file`; resolves with the time of the signal (performance.now()). */
export function crashWhileReading(group: number, file: string, signal: NodeJS.Signals): Promise<number> {
  return crashWhen(group, (pid) => holdsOpen(pid, file), signal);
}

/** Signals soffice.bin of `group` while it writes the PDF `out` (its lock file is there). */
export function crashWhileWriting(group: number, out: string, signal: NodeJS.Signals): Promise<number> {
  const lock = path.join(path.dirname(out), `.~lock.${path.basename(out)}#`);
  return crashWhen(group, () => fs.existsSync(lock), signal);
}

/** Waits (at most `withinMs`, then signals anyway) until `now(pid)` holds, then signals soffice.bin. */
async function crashWhen(group: number, now: (pid: number) => boolean, signal: NodeJS.Signals, withinMs = 10_000): Promise<number> {
  const pid = officeProcess(group);
  if (!pid) throw new Error(`no soffice.bin in process group ${group}`);
  const until = performance.now() + withinMs;
  while (!now(pid) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
  process.kill(pid, signal);
  return performance.now();
}
