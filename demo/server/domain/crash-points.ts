/**
 * TEST ONLY: named places in a document's life where a process may die, so the fault tests
 * (demo/server/faults/crash-steps.test.ts) can kill a real server exactly there and prove that after
 * a restart nothing is half-done and nothing is done twice. Set ESIGN_TEST_CRASH_AT to one step's
 * name and the process kills itself with SIGKILL (no clean-up, no flush: as a power cut or the OOM
 * killer would) the first time it gets there. Unset, as in every deployment, a crash point costs one
 * string comparison. docs/operations.md lists what each step leaves behind and how it is recovered.
 */

export const CRASH_STEPS = [
  /** Inside the send's transaction, rows written, not committed. */
  'send:transaction',
  /** A signer's completion committed (document at "fields complete", job queued), the final PDF not started. */
  'completion:committed',
  /** The final PDF job claimed, the fields being stamped (in the work pool). */
  'final-pdf:stamping',
  /** Stamped, the seal being applied (in the work pool). */
  'final-pdf:sealing',
  /** The final PDF's bytes written to the blob store, their row and the status change not yet committed. */
  'final-pdf:stored',
  /** A webhook POST answered by the receiver, its delivery not yet recorded. */
  'webhook:in-flight',
  /** An email handed to the transport (SMTP or the local outbox), not yet marked sent. */
  'email:in-flight',
] as const;

export type CrashStep = (typeof CRASH_STEPS)[number];

// Never under NODE_ENV=production: a stray variable there must not be able to kill the service.
const armed = process.env.NODE_ENV === 'production' ? undefined : process.env.ESIGN_TEST_CRASH_AT;
if (armed && !(CRASH_STEPS as readonly string[]).includes(armed))
  throw new Error(`ESIGN_TEST_CRASH_AT: no crash step '${armed}' (steps: ${CRASH_STEPS.join(', ')})`);

/**
 * Dies here when ESIGN_TEST_CRASH_AT names this step (a test's fault injection; never set in production).
 * In a work-pool process (work/pool.ts forks them with an IPC channel) the server is what must die
 * mid-job, so it kills its parent first, then itself.
 */
export function crashPoint(step: CrashStep): void {
  if (armed !== step) return;
  process.stderr.write(`ESIGN_TEST_CRASH_AT=${step}: killing the server process (test fault injection)\n`);
  if (process.send) process.kill(process.ppid, 'SIGKILL');
  process.kill(process.pid, 'SIGKILL');
}
