/**
 * The editor's document: the element JSON with a local id per field, kept immutable.
 * Every function returns a new array (and new objects for changed fields); inputs are never mutated,
 * so a page's `fields` array and every emitted JSON stay untouched by later edits.
 */
import type { FieldElement } from '../../fields/types.ts';

/** One field while it is being edited: the element JSON plus an id local to this editor. */
export interface EditorField {
  readonly id: string;
  readonly el: FieldElement;
}

export type FieldDoc = readonly EditorField[];

/** A rectangle in page fractions, the same frame as the element's ax/ay/bx/by. */
export interface Rect {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/** A page's displayed size in PDF points (after /Rotate, within the CropBox). */
export interface PageSize {
  width: number;
  height: number;
}

let idCounter = 0;
const idPrefix = Math.random().toString(36).slice(2, 7);

/** A new local id, unique within this page load (ids never leave the editor). */
export function newFieldId(): string {
  idCounter += 1;
  return `f-${idPrefix}-${idCounter}`;
}

/** Wraps element JSON for editing; copies each element so later edits cannot reach the caller's objects. */
export function fromElements(elements: readonly FieldElement[]): EditorField[] {
  return elements.map((el) => ({ id: newFieldId(), el: { ...el } }));
}

/** The element JSON of a document: fresh objects, no local ids. */
export function toElements(doc: FieldDoc): FieldElement[] {
  return doc.map((f) => ({ ...f.el }));
}

export function findField(doc: FieldDoc, id: string): EditorField | undefined {
  return doc.find((f) => f.id === id);
}

export function removeFields(doc: FieldDoc, ids: Iterable<string>): EditorField[] {
  const gone = new Set(ids);
  return doc.filter((f) => !gone.has(f.id));
}

/**
 * Applies `change` to the fields named by `ids`. A change that returns the same element (or an equal one)
 * keeps the field object, so callers can tell "nothing happened" by identity.
 */
export function updateFields(doc: FieldDoc, ids: Iterable<string>, change: (el: FieldElement, field: EditorField) => Partial<FieldElement>): EditorField[] {
  const targets = new Set(ids);
  let changed = false;
  const next = doc.map((f) => {
    if (!targets.has(f.id)) return f;
    const patch = change(f.el, f);
    if (!patchChanges(f.el, patch)) return f;
    changed = true;
    return { id: f.id, el: { ...f.el, ...patch } };
  });
  return changed ? next : [...doc];
}

function patchChanges(el: FieldElement, patch: Partial<FieldElement>): boolean {
  for (const key of Object.keys(patch) as (keyof FieldElement)[]) {
    if (el[key] !== patch[key]) return true;
  }
  return false;
}
