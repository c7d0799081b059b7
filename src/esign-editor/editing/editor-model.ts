/**
 * The editor's state in one place: the undo history (whose present is the document) and the selection.
 * Operations are pure functions of the document; this class records their results and tells the element
 * what changed, so the element never edits fields by hand.
 */
import type { FieldElement } from '../../fields/types.ts';
import { fromElements, toElements, type FieldDoc } from './field-doc.ts';
import { breakCoalescing, canRedo, canUndo, commit, createHistory, redo, undo, type History } from './history.ts';
import { pruneSelection } from './selection.ts';

export type ChangeCause = 'edit' | 'undo' | 'redo' | 'set';

export interface EditorModelEvents {
  /** The document changed (not for previews during a drag). */
  change?: (cause: ChangeCause) => void;
  /** The selection changed. */
  select?: () => void;
}

export class EditorModel {
  private history: History;
  private selected: readonly string[] = [];
  private readonly events: EditorModelEvents;

  constructor(elements: readonly FieldElement[] = [], events: EditorModelEvents = {}) {
    this.history = createHistory(fromElements(elements));
    this.events = events;
  }

  get doc(): FieldDoc {
    return this.history.present;
  }

  get selection(): readonly string[] {
    return this.selected;
  }

  get canUndo(): boolean {
    return canUndo(this.history);
  }

  get canRedo(): boolean {
    return canRedo(this.history);
  }

  /** The element JSON of the current document (fresh objects). */
  elements(): FieldElement[] {
    return toElements(this.doc);
  }

  /** Replaces every field (a load or `setFields`); the history starts over. */
  setElements(elements: readonly FieldElement[]): void {
    this.history = createHistory(fromElements(elements));
    this.setSelection([]);
    this.events.change?.('set');
  }

  /**
   * Records an edit. A run of edits with the same `coalesce` key (a drag, typing in one input) is one undo
   * step. Returns false when nothing changed.
   */
  apply(next: FieldDoc, options: { coalesce?: string; select?: readonly string[] } = {}): boolean {
    const before = this.history;
    // Operations return a new array even when nothing moved (a nudge at the page edge): not an undo step.
    const present = this.history.present;
    const same = next.length === present.length && next.every((f, i) => f === present[i]);
    if (!same) this.history = commit(this.history, next, options.coalesce ?? null);
    if (options.select) this.setSelection(options.select);
    else this.setSelection(pruneSelection(this.selected, this.doc));
    if (this.history === before) return false;
    this.events.change?.('edit');
    return true;
  }

  /** Replaces the present without an undo step, for changes the sender did not make (server-assigned uuids). */
  amend(next: FieldDoc): void {
    this.history = { ...this.history, present: next };
  }

  /** Ends a coalescing run (pointer up, input blur). */
  settle(): void {
    this.history = breakCoalescing(this.history);
  }

  undo(): boolean {
    if (!this.canUndo) return false;
    this.history = undo(this.history);
    this.setSelection(pruneSelection(this.selected, this.doc));
    this.events.change?.('undo');
    return true;
  }

  redo(): boolean {
    if (!this.canRedo) return false;
    this.history = redo(this.history);
    this.setSelection(pruneSelection(this.selected, this.doc));
    this.events.change?.('redo');
    return true;
  }

  /** Selects these ids (unknown ids are dropped), in order; the first is the primary. */
  setSelection(ids: readonly string[]): void {
    const next = pruneSelection([...new Set(ids)], this.doc);
    if (next.length === this.selected.length && next.every((id, i) => id === this.selected[i])) return;
    this.selected = next;
    this.events.select?.();
  }

  /** The ids of fields whose index in `elements()` is in `indexes` (to map validator paths to fields). */
  idsAt(indexes: Iterable<number>): string[] {
    const out: string[] = [];
    for (const i of indexes) if (this.doc[i]) out.push(this.doc[i].id);
    return out;
  }
}
