/** The `{ meta, objects }` list envelope with next/previous URLs that keep every filter. */
import type { FastifyRequest } from 'fastify';

export interface ListMetaValue {
  limit: number;
  offset: number;
  total_count: number;
  next: string | null;
  previous: string | null;
}

/**
 * Builds the meta block. `filters` are the active query values (undefined ones dropped);
 * limit and offset are appended, so a client can follow `next` without re-adding anything.
 */
export function listMeta(
  request: FastifyRequest,
  page: { limit: number; offset: number; total: number },
  filters: Record<string, string | number | boolean | undefined>,
): ListMetaValue {
  const path = request.url.split('?')[0]!;
  const link = (offset: number): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
    params.set('limit', String(page.limit));
    params.set('offset', String(offset));
    return `${path}?${params.toString()}`;
  };
  const hasNext = page.offset + page.limit < page.total;
  const hasPrevious = page.offset > 0;
  return {
    limit: page.limit,
    offset: page.offset,
    total_count: page.total,
    next: hasNext ? link(page.offset + page.limit) : null,
    previous: hasPrevious ? link(Math.max(0, page.offset - page.limit)) : null,
  };
}
