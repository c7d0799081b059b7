/** The `created_gt` / `modified_gt` list filters: an ISO 8601 date or date-time, answered as a UTC instant. */
import { badRequest } from './errors.ts';

// ISO 8601 date or date-time; no offset means UTC.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function parseIsoInstant(value: string, field: string): string {
  const m = value.trim().match(ISO);
  const date = m ? new Date(m[4] === undefined ? `${m[1]}-${m[2]}-${m[3]}T00:00:00Z` : `${value.trim().replace(' ', 'T')}${m[8] ? '' : 'Z'}`) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw badRequest(`${field} must be an ISO 8601 date or date-time, e.g. 2026-01-31 or 2026-01-31T09:30:00Z (got ${JSON.stringify(value)}).`, [
      { field, message: 'must be an ISO 8601 date or date-time' },
    ]);
  }
  return date.toISOString();
}
