/**
 * The last try for a file that crashed a warm LibreOffice twice: one plain `soffice --headless
 * --convert-to pdf` of its own, the way a person would convert it by hand. Some real files (a Word
 * 2003 XML document saved as .docx, OpenOffice 3 .odt files) make soffice abort when loaded over UNO
 * yet convert this way. Same limits as the pool: the time limit (the whole process group is killed),
 * the address-space cap, the page limit, a fresh profile, and, where `unshare` works (root or user
 * namespaces), no network and no file of the machine beyond the system's programs and its own
 * directory (one-shot-sandbox.sh builds a root of its own for it).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { singleInstancePipe, type BridgeAnswer, type BridgeRequest } from './soffice-worker.ts';

const SANDBOX = path.join(import.meta.dirname, 'one-shot-sandbox.sh');
const SYSTEM_DIRS = ['/usr/', '/bin/', '/sbin/', '/lib/', '/lib32/', '/lib64/', '/libx32/', '/etc/'];

export interface OneShotOptions {
  /** The soffice binary, resolved (an absolute path). */
  soffice: string;
  timeoutMs: number;
  /** Address-space cap in bytes (0: none). */
  memoryBytes: number;
}

const UNSHARE = ['--mount', '--net', '--pid', '--fork', '--kill-child', '--'];

let sandboxWorks: boolean | undefined;
/** The sandbox can be built here (namespaces need root): tried once, whole, with `true` as the program. */
export function canSandbox(): boolean {
  if (sandboxWorks === undefined) {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-soffice-once-'));
    fs.mkdirSync(path.join(base, 'job'));
    fs.mkdirSync(path.join(base, 'root'));
    const run = spawnSync('unshare', [...UNSHARE, 'sh', SANDBOX, path.join(base, 'root'), path.join(base, 'job'), '-', 'true'], {
      stdio: 'ignore',
      timeout: 5000,
    });
    fs.rmSync(base, { recursive: true, force: true });
    sandboxWorks = run.status === 0;
  }
  return sandboxWorks;
}

/** Converts `request.in` to `request.out` in one soffice process; never throws for a bad file, answers like the bridge. */
export async function convertOnce(options: OneShotOptions, request: BridgeRequest): Promise<BridgeAnswer> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-soffice-once-'));
  const job = path.join(base, 'job');
  const root = path.join(base, 'root');
  fs.mkdirSync(path.join(job, 'tmp'), { recursive: true });
  fs.mkdirSync(root);
  const inputName = path.basename(request.in);
  fs.copyFileSync(request.in, path.join(job, inputName));
  const sandboxed = canSandbox();
  // Inside the sandbox the job directory is /tmp/job; outside it, the real path.
  const seen = sandboxed ? '/tmp/job' : job;
  const profileUrl = `file://${seen}/profile`;
  const soffice = fs.realpathSync(options.soffice);
  const office = [
    soffice,
    '--headless',
    '--invisible',
    '--nologo',
    '--norestore',
    '--nodefault',
    '--nolockcheck',
    '--nofirststartwizard',
    `-env:UserInstallation=${profileUrl}`,
    ...(request.import_filter ? [`--infilter=${request.import_filter}${request.filter_options ? `:${request.filter_options}` : ''}`] : []),
    '--convert-to',
    'pdf',
    '--outdir',
    seen,
    `${seen}/${inputName}`,
  ];
  const limited = options.memoryBytes > 0 ? ['prlimit', `--as=${options.memoryBytes}`, '--', ...office] : office;
  // An install elsewhere (/opt/libreoffice7.6/program/soffice) is mounted whole; a lone binary, its directory only.
  const bin = path.dirname(soffice);
  const extra = SYSTEM_DIRS.some((dir) => soffice.startsWith(dir)) ? '-' : path.basename(bin) === 'program' ? path.dirname(bin) : bin;
  const [command, ...args] = sandboxed ? ['unshare', ...UNSHARE, 'sh', SANDBOX, root, job, extra, ...limited] : limited;
  try {
    const outcome = await run(command!, args, { ...process.env, HOME: job, TMPDIR: path.join(job, 'tmp') }, options.timeoutMs);
    const produced = path.join(job, `${path.parse(inputName).name}.pdf`);
    if (outcome === 'timeout') return { ok: false, kind: 'crash', error: `timeout after ${options.timeoutMs} ms` };
    if (!fs.existsSync(produced)) {
      const how = outcome.signal ? `stopped by ${outcome.signal}` : `exit code ${outcome.code}`;
      // soffice answers a file it cannot read with exit code 0; a signal or an error code is a crash.
      return { ok: false, kind: outcome.signal || outcome.code ? 'crash' : 'load', error: `soffice --convert-to made no PDF (${how})` };
    }
    const pdf = fs.readFileSync(produced);
    const pages = countPages(pdf);
    if (pages > request.max_pages) return { ok: false, kind: 'pages', pages, error: `the converted document would have ${pages} pages` };
    fs.writeFileSync(request.out, pdf);
    return { ok: true, pages };
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
    if (!sandboxed) fs.rmSync(singleInstancePipe(profileUrl), { force: true });
  }
}

/** Runs the command in a process group of its own; past `timeoutMs` the whole group is killed. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'timeout'>((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', env, detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, timeoutMs);
    child.once('error', () => {
      clearTimeout(timer);
      resolve({ code: null, signal: null });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve(timedOut ? 'timeout' : { code, signal });
    });
  });
}

/** LibreOffice writes every page object uncompressed, so its pages can be counted in the bytes. */
function countPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}
