/**
 * A worker thread for the import fuzz: runs the server's template import job (inspect, form-field
 * import, text tags: work/jobs.ts prepareTemplate) on each PDF it is sent and answers how it ended.
 * In a thread of its own so the test can end a case that hangs (terminate) and fail it.
 */
import { parentPort } from 'node:worker_threads';
import { jobs } from '../../../demo/server/work/jobs.ts';

export interface FuzzOutcome {
  /** 'result' (a template), 'refused' (PdfProblem or WorkLimitError: a 4xx) or 'crash' (anything else). */
  kind: 'result' | 'refused' | 'crash';
  name?: string;
  code?: string;
  message?: string;
  fields?: number;
}

const LIMITS = { maxPages: 300, maxInflatedBytes: 64 * 1024 * 1024 };
const REFUSALS = new Set(['PdfProblem', 'WorkLimitError']);

parentPort!.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  let outcome: FuzzOutcome;
  try {
    const prepared = await jobs.prepareTemplate({ bytes, processTags: true, importFormFields: true }, LIMITS);
    outcome = { kind: 'result', fields: (prepared.tags?.elements.length ?? 0) + (prepared.form?.elements.length ?? 0) };
  } catch (error) {
    const e = error as Error & { code?: string };
    outcome = { kind: REFUSALS.has(e?.name) ? 'refused' : 'crash', name: e?.name, code: e?.code, message: `${e?.message}\n${e?.stack ?? ''}`.slice(0, 2000) };
  }
  parentPort!.postMessage({ id, outcome });
});
