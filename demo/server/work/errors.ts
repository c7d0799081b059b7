/** What a pool job can end with besides its answer. Both become domain errors, 4xx in REST (work/failures.ts). */

/** The job hit a limit: too many pages, too much inflated data, too slow, too much memory, or its worker died. */
export class WorkLimitError extends Error {
  readonly code: 'pdf_limit_exceeded' | 'pdf_too_complex' | 'work_queue_full';
  constructor(code: WorkLimitError['code'], message: string) {
    super(message);
    this.name = 'WorkLimitError';
    this.code = code;
  }
}

/** How a worker reports a failure back (structured clone keeps only plain data). */
export interface WorkFailure {
  name: string;
  code?: string;
  message: string;
}
