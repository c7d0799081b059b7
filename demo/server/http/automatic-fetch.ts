/**
 * Requests no person made: a HEAD (link checkers, mail scanners), a browser's prefetch or prerender
 * (`Sec-Purpose`, `Purpose`, `X-Moz`), a preview (`X-Purpose: preview`). The evidence routes (the
 * tracking image, the PDF download) answer them as usual but record nothing: the history, the
 * statuses and the webhooks say only what a person did.
 */
import type { IncomingHttpHeaders } from 'node:http';

const PURPOSE_HEADERS = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'] as const;

export function isAutomaticFetch(request: { method: string; headers: IncomingHttpHeaders }): boolean {
  if (request.method !== 'GET' && request.method !== 'POST') return true;
  return PURPOSE_HEADERS.some((name) => {
    const value = request.headers[name];
    return /prefetch|prerender|preview/i.test(Array.isArray(value) ? value.join(',') : (value ?? ''));
  });
}
