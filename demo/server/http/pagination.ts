/** The `{ meta, objects }` list envelope with next/previous URLs that keep every filter. */
import type { FastifyRequest } from 'fastify';
import type { ListKey } from '../store/document-list.ts';
import { encodeListCursor } from './list-cursor.ts';

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
  /** The page's first and last rows in list order: when given, next/previous carry a keyset `cursor`. */
  keys?: { first?: ListKey; last?: ListKey },
): ListMetaValue {
  const path = request.url.split('?')[0]!;
  const link = (offset: number, cursor?: string): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
    params.set('limit', String(page.limit));
    if (cursor) params.set('cursor', cursor);
    else params.set('offset', String(offset));
    return `${path}?${params.toString()}`;
  };
  const hasNext = page.offset + page.limit < page.total;
  const hasPrevious = page.offset > 0;
  const nextOffset = page.offset + page.limit;
  const previousOffset = Math.max(0, page.offset - page.limit);
  // An empty page has no edge row to continue from: its links fall back to offsets.
  const nextCursor = keys?.last ? encodeListCursor(keys.last, 'next', nextOffset) : undefined;
  const previousCursor = keys?.first ? encodeListCursor(keys.first, 'previous', previousOffset) : undefined;
  return {
    limit: page.limit,
    offset: page.offset,
    total_count: page.total,
    next: hasNext ? link(nextOffset, nextCursor) : null,
    previous: hasPrevious ? link(previousOffset, previousCursor) : null,
  };
}
