/**
 * The soak run's figures: latency samples per operation kind and minute, each server process's RSS and
 * open handles per minute (from /proc), the per-minute table, and the end-of-run checks (flat memory
 * and handles after warm-up, p99 within 2x of the first ten minutes). Pure functions apart from `sampleProcess`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { percentile } from '../../test/support/server/fault-load.ts';

export interface Sample {
  op: string;
  /** Minute of the run the call started in (0-based). */
  minute: number;
  ms: number;
  ok: boolean;
}

export interface ProcessSample {
  name: string;
  minute: number;
  rssMb: number;
  handles: number;
}

/** VmRSS and the number of open file descriptors of a live process, or undefined once it is gone. */
export function sampleProcess(pid: number): { rssMb: number; handles: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? NaN);
    const handles = readdirSync(`/proc/${pid}/fd`).length;
    return { rssMb: Math.round((rssKb / 1024) * 10) / 10, handles };
  } catch {
    return undefined;
  }
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** One line per operation kind for `minute`: count, errors, p50 and p99 in ms. */
export function minuteLines(samples: Sample[], minute: number, ops: readonly string[]): string[] {
  return ops.map((op) => {
    const own = samples.filter((s) => s.op === op && s.minute === minute);
    const ms = own.map((s) => s.ms);
    const errors = own.filter((s) => !s.ok).length;
    return `  ${op.padEnd(9)} n=${pad(own.length, 4)} err=${pad(errors, 3)} p50=${pad(Math.round(percentile(ms, 50)), 6)} ms p99=${pad(Math.round(percentile(ms, 99)), 6)} ms`;
  });
}

export function processLines(processes: ProcessSample[], minute: number): string[] {
  return processes.filter((p) => p.minute === minute).map((p) => `  ${p.name.padEnd(9)} rss=${pad(p.rssMb.toFixed(1), 7)} MB handles=${pad(p.handles, 4)}`);
}

export interface SoakLimits {
  /** Minutes (or fractions) counted as warm-up: not compared. */
  warmupMinutes: number;
  /** RSS may grow this factor over its level right after warm-up, plus `rssSlackMb`. */
  rssFactor: number;
  rssSlackMb: number;
  /** Open handles may grow this many over their level right after warm-up. */
  handleSlack: number;
  /** A later window's p99 may be this factor of the first ten minutes' p99, plus `p99SlackMs`. */
  p99Factor: number;
  p99SlackMs: number;
}

export const DEFAULT_LIMITS: SoakLimits = { warmupMinutes: 2, rssFactor: 1.25, rssSlackMb: 40, handleSlack: 25, p99Factor: 2, p99SlackMs: 50 };

/**
 * What broke the run's promises: memory or handles that kept growing after warm-up (the last sample
 * against the first one after warm-up), and operation kinds whose p99 went over `p99Factor` times its
 * p99 in the first ten minutes (warm-up left out): each later ten-minute window is held against it. A run
 * of ten minutes or less has no later window, so its second half is held against its first half.
 * Empty when the run held.
 */
export function checkSoak(samples: Sample[], processes: ProcessSample[], totalMinutes: number, limits: SoakLimits = DEFAULT_LIMITS): string[] {
  const problems: string[] = [];
  const warm = Math.min(limits.warmupMinutes, Math.max(0, totalMinutes - 1));
  for (const name of new Set(processes.map((p) => p.name))) {
    const own = processes.filter((p) => p.name === name).sort((a, b) => a.minute - b.minute);
    const base = own.find((p) => p.minute >= warm);
    const last = own[own.length - 1];
    if (!base || !last || last === base) continue;
    const rssLimit = base.rssMb * limits.rssFactor + limits.rssSlackMb;
    if (last.rssMb > rssLimit)
      problems.push(`${name}: RSS grew from ${base.rssMb} MB (minute ${base.minute + 1}) to ${last.rssMb} MB (limit ${rssLimit.toFixed(0)} MB)`);
    if (last.handles > base.handles + limits.handleSlack)
      problems.push(
        `${name}: open handles grew from ${base.handles} (minute ${base.minute + 1}) to ${last.handles} (limit ${base.handles + limits.handleSlack})`,
      );
  }
  const measured = samples.filter((s) => s.minute >= warm && s.ok);
  for (const op of new Set(measured.map((s) => s.op))) {
    const own = measured.filter((s) => s.op === op);
    const [baseline, ...later] = p99Windows(warm, totalMinutes);
    const inWindow = (w: Window) => own.filter((s) => s.minute >= w.from && s.minute < w.to).map((s) => s.ms);
    const first = inWindow(baseline!);
    if (first.length < 5) continue;
    const p99First = percentile(first, 99);
    const limit = p99First * limits.p99Factor + limits.p99SlackMs;
    for (const window of later) {
      const ms = inWindow(window);
      if (ms.length < 5) continue;
      const p99 = percentile(ms, 99);
      if (p99 > limit)
        problems.push(
          `${op}: p99 ${Math.round(p99)} ms in minutes ${window.from + 1}-${window.to}, over ${limits.p99Factor}x its ${Math.round(p99First)} ms in minutes ${baseline!.from + 1}-${baseline!.to}`,
        );
    }
  }
  return problems;
}

interface Window {
  from: number;
  to: number;
}

/** The baseline window first (the first ten minutes after warm-up), then the ten-minute windows after it. */
export function p99Windows(warm: number, totalMinutes: number): Window[] {
  const TEN = 10;
  if (totalMinutes - warm <= TEN) {
    const middle = warm + (totalMinutes - warm) / 2;
    return [
      { from: warm, to: middle },
      { from: middle, to: totalMinutes },
    ];
  }
  const windows: Window[] = [];
  for (let from = warm; from < totalMinutes; from += TEN) windows.push({ from, to: Math.min(from + TEN, totalMinutes) });
  return windows;
}
