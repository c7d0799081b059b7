/** The HTTP answer for what a pool job ended with: PdfProblem and WorkLimitError are the uploader's to fix (422 / 429). */
import { ApiError, unprocessable } from '../http/errors.ts';
import { PdfProblem } from '../pdf/load.ts';
import { WorkLimitError } from './errors.ts';

export function workErrorToApi(error: unknown, field?: string): unknown {
  if (error instanceof PdfProblem) return unprocessable(error.message, field ? [{ field, message: error.message }] : undefined, `pdf_${error.code}`);
  if (error instanceof WorkLimitError) {
    if (error.code === 'work_queue_full') return new ApiError(429, error.code, error.message);
    return unprocessable(error.message, field ? [{ field, message: error.message }] : undefined, error.code);
  }
  return error;
}

/** Runs `work`, turning its input failures into ApiErrors. */
export async function answering<T>(work: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw workErrorToApi(error, field);
  }
}
