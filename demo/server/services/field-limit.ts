/**
 * The fields-per-template limit (MAX_ELEMENTS, 2,000) on every path that makes fields from a PDF:
 * text tags and form import, on upload and later. Fields past the limit are left out and the
 * answer says how many and which pages they were on; nothing is stored beyond the limit.
 */
import type { FieldElement } from 'esign-elements/fields';
import { MAX_ELEMENTS } from 'esign-elements/fields';

export interface FieldLimitNote {
  code: 'too_many_fields';
  severity: 'warning';
  message: string;
  dropped: number;
  pages: number[];
}

/** `existing` kept first, then as many of `added` as fit; a note when some did not. */
export function withinFieldLimit(
  existing: readonly FieldElement[],
  added: readonly FieldElement[],
  what: string,
): { fields: FieldElement[]; kept: FieldElement[]; note: FieldLimitNote | null } {
  const room = Math.max(0, MAX_ELEMENTS - existing.length);
  const kept = added.slice(0, room);
  const dropped = added.slice(room);
  if (dropped.length === 0) return { fields: [...existing, ...added], kept, note: null };
  const pages = [...new Set(dropped.map((e) => e.page))].sort((a, b) => a - b);
  return {
    fields: [...existing, ...kept],
    kept,
    note: {
      code: 'too_many_fields',
      severity: 'warning',
      message: `A template may have at most ${MAX_ELEMENTS} fields: ${dropped.length} ${what} past that were left out (pages ${pages.length > 10 ? `${pages.slice(0, 10).join(', ')}, ...` : pages.join(', ')}). Split the PDF into smaller templates.`,
      dropped: dropped.length,
      pages,
    },
  };
}
