/**
 * Copy, paste and duplicate. The clipboard holds element JSON (never local ids); a module-level slot
 * shares it between every editor on the page, and the system clipboard gets the same JSON as text when
 * the browser allows it, so fields also travel between tabs.
 */
import type { FieldElement } from '../../fields/types.ts';
import { newFieldId, type EditorField, type FieldDoc } from './field-doc.ts';
import { clampGroupDelta } from './transform.ts';

export const CLIPBOARD_KIND = 'esign-fields';

export interface ClipboardPayload {
  kind: typeof CLIPBOARD_KIND;
  version: 1;
  fields: FieldElement[];
}

let shared: ClipboardPayload | null = null;

/** Puts fields on the in-memory clipboard every editor on this page reads; returns the JSON text. */
export function copyToSharedClipboard(fields: readonly FieldElement[]): string {
  shared = { kind: CLIPBOARD_KIND, version: 1, fields: fields.map((el) => withoutUuid(el)) };
  return JSON.stringify(shared);
}

export function readSharedClipboard(): FieldElement[] | null {
  return shared ? shared.fields.map((el) => ({ ...el })) : null;
}

/**
 * Reads clipboard text: our payload, or a bare array of elements (what the REST fields operation returns).
 * Returns the raw entries for the field validator to check, or null when the text is not fields at all.
 */
export function parseClipboardText(text: string): unknown[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object' && (data as { kind?: unknown }).kind === CLIPBOARD_KIND) {
    const fields = (data as { fields?: unknown }).fields;
    return Array.isArray(fields) ? fields : null;
  }
  return null;
}

function withoutUuid(el: FieldElement): FieldElement {
  const copy = { ...el };
  delete copy.uuid;
  return copy;
}

function sameSpot(a: FieldElement, b: FieldElement): boolean {
  const eps = 1e-6;
  return a.page === b.page && Math.abs(a.ax - b.ax) < eps && Math.abs(a.ay - b.ay) < eps && Math.abs(a.bx - b.bx) < eps && Math.abs(a.by - b.by) < eps;
}

export interface PasteOptions {
  /** Put every pasted field on this page (keeping their layout); otherwise each keeps its own page. */
  page?: number;
  /** Step (fractions) to shift a paste that would land exactly on existing fields. */
  offset: { x: number; y: number };
  /** Pages beyond the document's last page are moved to it. */
  pageCount: number;
}

/** Pastes element JSON as new fields (new ids, no uuid); returns the document and the new ids. */
export function pasteFields(doc: FieldDoc, elements: readonly FieldElement[], opts: PasteOptions): { doc: EditorField[]; ids: string[] } {
  if (elements.length === 0) return { doc: [...doc], ids: [] };
  let placed = elements.map((el) => {
    const page = Math.min(opts.page ?? el.page, Math.max(1, opts.pageCount));
    return { ...withoutUuid(el), page };
  });
  // Shift the whole paste until it no longer sits exactly on existing fields (paste twice: a cascade).
  for (let i = 0; i < 50 && placed.some((p) => doc.some((f) => sameSpot(f.el, p))); i++) {
    const d = clampGroupDelta(placed, opts.offset.x, opts.offset.y);
    if (d.dx === 0 && d.dy === 0) break;
    placed = placed.map((p) => ({ ...p, ax: p.ax + d.dx, bx: p.bx + d.dx, ay: p.ay + d.dy, by: p.by + d.dy }));
  }
  const added = placed.map((el) => ({ id: newFieldId(), el }));
  return { doc: [...doc, ...added], ids: added.map((f) => f.id) };
}

/**
 * Copies the fields `ids` onto each of `pages` (at the same place), skipping a field's own page and
 * pages that already hold an identical copy. Returns the document and the new ids.
 */
export function duplicateToPages(doc: FieldDoc, ids: Iterable<string>, pages: readonly number[]): { doc: EditorField[]; ids: string[] } {
  const idSet = new Set(ids);
  const added: EditorField[] = [];
  const all = [...doc];
  for (const f of doc) {
    if (!idSet.has(f.id)) continue;
    for (const page of pages) {
      if (page === f.el.page) continue;
      const copy = { ...withoutUuid(f.el), page };
      const exists = all.some((g) => sameSpot(g.el, copy) && g.el.element_type === copy.element_type && g.el.signer === copy.signer);
      if (exists) continue;
      const field = { id: newFieldId(), el: copy };
      added.push(field);
      all.push(field);
    }
  }
  return { doc: all, ids: added.map((f) => f.id) };
}

/**
 * Parses a page range as people type it: `all`, `3`, `1-4`, `2, 5-7`, `6-` (to the end).
 * Returns sorted unique page numbers, or an error message naming the bad part.
 */
export function parsePageRange(text: string, pageCount: number): { pages: number[] } | { error: string } {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'all' || trimmed === '*') return { pages: range(1, pageCount) };
  const pages = new Set<number>();
  for (const part of trimmed.split(/[,;\s]+/).filter(Boolean)) {
    const m = /^(\d+)?(?:\s*(-|–)\s*(\d+)?)?$/.exec(part);
    if (!m || (!m[1] && !m[3])) return { error: `"${part}" is not a page or a range like 2-5.` };
    const from = m[1] ? Number(m[1]) : 1;
    const to = m[2] ? (m[3] ? Number(m[3]) : pageCount) : from;
    if (from < 1 || to > pageCount || from > to) return { error: `"${part}" is outside pages 1-${pageCount}.` };
    for (const p of range(from, to)) pages.add(p);
  }
  return { pages: [...pages].sort((a, b) => a - b) };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let p = from; p <= to; p++) out.push(p);
  return out;
}
