/**
 * Runs one test stage as a child process, streams its output as it comes, and reads the runner's own
 * summary from it to count tests. Used by scripts/test.ts.
 */
import { spawn } from 'node:child_process';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface StageResult extends Counts {
  name: string;
  exitCode: number;
  seconds: number;
  /** Whether the runner's summary was found at all (a crash before the summary leaves it false). */
  summarised: boolean;
  /** The lines that name failed tests (for the summary, so a log's tail says what failed). */
  failures?: string[];
  /** Everything the stage printed (echoed as it came unless the spec was quiet). */
  output?: string;
}

/**
 * Lines naming failed tests in any of the three runners' output: node's `✖ name`, @web/test-runner's
 * `❌ name` (after its file's line, which is put in front, and followed by its error, which is put after),
 * Playwright's `✘ … › name` and its closing `file:line › name` list. Unique, in order, at most `limit`.
 */
export function failureLines(output: string, limit = 15): string[] {
  const found = new Set<string>();
  const lines = output.replace(ANSI, '').split('\n');
  let file = '';
  for (let i = 0; i < lines.length && found.size < limit; i++) {
    const line = lines[i].trim();
    if (/^[\w./-]+\.(ts|js):$/.test(line)) file = line.slice(0, -1);
    if (!/^(✖|❌|✘)\s/.test(line) || /^✖ failing tests:?$/.test(line)) continue;
    let entry = line.replace(/\s*\(\d+(\.\d+)?m?s\)$/, '');
    if (line.startsWith('❌')) {
      const detail = lines
        .slice(i + 1, i + 4)
        .map((l) => l.trim())
        .find((l) => l !== '');
      entry = `❌ ${file ? `${file}: ` : ''}${entry.slice(2)}${detail && !/^(✖|❌|✘)/.test(detail) ? ` (${detail})` : ''}`;
    }
    found.add(entry.slice(0, 240));
  }
  return [...found];
}

/** Reads a test count summary from a runner's output; the last summary printed wins. */
export type SummaryParser = (output: string) => Counts | undefined;

// Terminal colour and cursor codes, so the parsers see plain text.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

function lastNumber(output: string, pattern: RegExp): number | undefined {
  let found: number | undefined;
  for (const match of output.matchAll(pattern)) found = Number(match[1]);
  return found;
}

/** `node --test`: the spec reporter ends with `ℹ pass N`, the TAP reporter with `# pass N`. */
export const parseNodeTest: SummaryParser = (output) => {
  const field = (name: string) => lastNumber(output, new RegExp(`^(?:ℹ|#) ${name} (\\d+)\\s*$`, 'gm'));
  const pass = field('pass');
  const fail = field('fail');
  if (pass === undefined || fail === undefined) return undefined;
  // A test cancelled (a timeout, a hung file) did not pass: count it as failed.
  return { passed: pass, failed: fail + (field('cancelled') ?? 0), skipped: (field('skipped') ?? 0) + (field('todo') ?? 0) };
};

/** @web/test-runner: `N passed, N failed` (and `, N skipped`) on its progress line, repeated as it goes. */
export const parseWebTestRunner: SummaryParser = (output) => {
  let counts: Counts | undefined;
  for (const match of output.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)) {
    counts = { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) };
  }
  return counts;
};

/** Playwright's list/line reporters: `  N passed (3.2s)`, `  N failed`, `  N flaky`, `  N skipped`, `  N did not run`. */
export const parsePlaywright: SummaryParser = (output) => {
  const field = (name: string) => lastNumber(output, new RegExp(`^\\s+(\\d+) ${name}(?: \\(|\\s*$)`, 'gm'));
  const passed = field('passed');
  const failed = field('failed');
  const flaky = field('flaky');
  // `did not run`: tests after a failure in a serial group.
  const skipped = (field('skipped') ?? 0) + (field('did not run') ?? 0) || undefined;
  const interrupted = field('interrupted');
  if ([passed, failed, flaky, skipped, interrupted].every((n) => n === undefined)) return undefined;
  // Flaky tests passed on a retry; interrupted ones did not finish.
  return { passed: (passed ?? 0) + (flaky ?? 0), failed: (failed ?? 0) + (interrupted ?? 0), skipped: skipped ?? 0 };
};

/** The type check has no test count: it passes or it fails, counted as one check. */
export const parseTypecheck: SummaryParser = () => undefined;

export interface StageSpec {
  name: string;
  command: string;
  args: string[];
  parse: SummaryParser;
  env?: Record<string, string>;
  /** Kill the stage after this long; a hung stage must not hang CI. */
  timeoutMs: number;
  /** Collect the output without echoing it (tests of this module). */
  quiet?: boolean;
}

let interrupted = false;

/** True once Ctrl-C (or SIGTERM) stopped a stage: the caller should not start the next one. */
export function wasInterrupted(): boolean {
  return interrupted;
}

export function runStage(spec: StageSpec): Promise<StageResult> {
  const started = Date.now();
  if (!spec.quiet) console.log(`\n━━━ ${spec.name}: ${[spec.command, ...spec.args].join(' ')}\n`);
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(spec.command, spec.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...spec.env },
      // Its own process group, so a timeout can stop the runner and every browser or server it started.
      detached: true,
    });
    const collect = (sink: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!spec.quiet) sink.write(chunk);
    };
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n${spec.name}: still running after ${spec.timeoutMs / 1000}s, stopping it`);
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5000).unref();
    }, spec.timeoutMs);
    const stopChild = () => {
      interrupted = true;
      killGroup(child.pid, 'SIGTERM');
    };
    process.once('SIGINT', stopChild);
    process.once('SIGTERM', stopChild);
    const finish = (exitCode: number) => {
      clearTimeout(timer);
      process.off('SIGINT', stopChild);
      process.off('SIGTERM', stopChild);
      const counts = spec.parse(output.replace(ANSI, ''));
      resolve({
        name: spec.name,
        exitCode: timedOut ? 124 : exitCode,
        seconds: (Date.now() - started) / 1000,
        summarised: counts !== undefined,
        passed: counts?.passed ?? 0,
        failed: counts?.failed ?? 0,
        skipped: counts?.skipped ?? 0,
        failures: failureLines(output),
        output,
      });
    };
    child.on('error', (error) => {
      console.error(`${spec.name}: could not start ${spec.command}: ${error.message}`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
