/**
 * A pool worker process: runs one job at a time (work/jobs.ts) and answers `{ id, ok, value | error }`
 * over the IPC channel. It exits when the server goes away (the channel closes).
 */
import { jobs, type JobKind, type JobLimits } from './jobs.ts';
import type { WorkFailure } from './errors.ts';
import { fromWire, toWire } from './wire.ts';

const limits = JSON.parse(process.argv[2] ?? '{}') as JobLimits;
const send = (message: unknown) => process.send!(message);

// Loading pdf.js and pdf-lib takes a while; the pool starts a job's clock only after this.
send({ ready: true });

process.on('disconnect', () => process.exit(0));
async function answer(message: { id: number; kind: JobKind; input: never }): Promise<void> {
  try {
    const value = await jobs[message.kind](fromWire(message.input) as never, limits);
    send({ id: message.id, ok: true, value: toWire(value) });
  } catch (error) {
    const failure: WorkFailure =
      error instanceof Error
        ? { name: error.name, code: (error as { code?: string }).code, message: error.message }
        : { name: 'Error', message: String(error) };
    send({ id: message.id, ok: false, error: failure });
  }
}

process.on('message', (message: { id: number; kind: JobKind; input: never }) => void answer(message));
