/**
 * A pool worker: runs one job at a time (work/jobs.ts) and answers `{ id, ok, value | error }`.
 * Results holding bytes are transferred, not copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { jobs, type JobKind, type JobLimits } from './jobs.ts';
import type { WorkFailure } from './errors.ts';

const limits = workerData as JobLimits;

function transferables(value: unknown): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const visit = (v: unknown, depth: number) => {
    if (depth > 3 || v === null || typeof v !== 'object') return;
    if (v instanceof Uint8Array) {
      if (v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
      return;
    }
    for (const x of Object.values(v)) visit(x, depth + 1);
  };
  visit(value, 0);
  return [...out];
}

// Loading pdf.js and pdf-lib takes a while; the pool starts a job's clock only after this.
parentPort!.postMessage({ ready: true });

parentPort!.on('message', async (message: { id: number; kind: JobKind; input: never }) => {
  try {
    const value = await jobs[message.kind](message.input, limits);
    parentPort!.postMessage({ id: message.id, ok: true, value }, transferables(value));
  } catch (error) {
    const failure: WorkFailure =
      error instanceof Error
        ? { name: error.name, code: (error as { code?: string }).code, message: error.message }
        : { name: 'Error', message: String(error) };
    parentPort!.postMessage({ id: message.id, ok: false, error: failure });
  }
});
