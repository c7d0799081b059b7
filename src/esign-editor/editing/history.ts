/**
 * Undo/redo of whole documents. Documents are immutable and share unchanged field objects, so keeping
 * a few hundred snapshots costs little. A run of commits with the same coalesce key (one drag, one
 * typing burst in a property field) becomes one undo step.
 */
import type { FieldDoc } from './field-doc.ts';

export interface History {
  readonly past: readonly FieldDoc[];
  readonly present: FieldDoc;
  readonly future: readonly FieldDoc[];
  /** The coalesce key of the last commit, if any. */
  readonly lastKey: string | null;
}

export const HISTORY_LIMIT = 300;

export function createHistory(doc: FieldDoc): History {
  return { past: [], present: doc, future: [], lastKey: null };
}

/** Records `doc` as the new present. With a `coalesce` key equal to the previous one, it replaces the present. */
export function commit(h: History, doc: FieldDoc, coalesce: string | null = null): History {
  if (doc === h.present) return h;
  if (coalesce !== null && coalesce === h.lastKey) return { past: h.past, present: doc, future: [], lastKey: coalesce };
  const past = [...h.past, h.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, present: doc, future: [], lastKey: coalesce };
}

/** Ends a coalescing run, so the next commit with the same key starts a new step. */
export function breakCoalescing(h: History): History {
  return h.lastKey === null ? h : { ...h, lastKey: null };
}

export function canUndo(h: History): boolean {
  return h.past.length > 0;
}

export function canRedo(h: History): boolean {
  return h.future.length > 0;
}

export function undo(h: History): History {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future], lastKey: null };
}

export function redo(h: History): History {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), lastKey: null };
}
