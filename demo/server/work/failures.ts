/** What a pool job ended with, as a domain error: PdfProblem and WorkLimitError are the uploader's to fix (REST: 422 / 429). */
import { RateLimitedError, unprocessable } from '../domain/errors.ts';
import { PdfProblem } from '../pdf/load.ts';
import { WorkLimitError } from './errors.ts';

export function workFailureToDomain(error: unknown, field?: string): unknown {
  if (error instanceof PdfProblem) return unprocessable(error.message, field ? [{ field, message: error.message }] : undefined, `pdf_${error.code}`);
  if (error instanceof WorkLimitError) {
    if (error.code === 'work_queue_full') return new RateLimitedError(error.code, error.message);
    return unprocessable(error.message, field ? [{ field, message: error.message }] : undefined, error.code);
  }
  return error;
}

/** Runs `work`, turning its input failures into domain errors. */
export async function answering<T>(work: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw workFailureToDomain(error, field);
  }
}
