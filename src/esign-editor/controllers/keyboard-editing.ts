/**
 * Keyboard editing, so every action works without a pointer: Space selects the focused field (Shift+Space
 * adds or removes it), arrows nudge (Shift: 10 points) and
 * Alt+arrows resize; Delete removes; Ctrl/Cmd + C, X, V, D, A, Z, Shift+Z and Y; Escape cancels a gesture,
 * then disarms the tool, then clears the selection.
 */
import type { EditorModel } from '../editing/editor-model.ts';
import { removeFields, type PageSize } from '../editing/field-doc.ts';
import { nudgeFields, NUDGE_POINTS, NUDGE_POINTS_LARGE, type ArrowKey } from '../editing/transform.ts';

export interface KeyboardEditingContext {
  model: EditorModel;
  readOnly: boolean;
  pageSize: (page: number) => PageSize;
  copy: (cut: boolean) => void;
  /** Called on Ctrl/Cmd+V; the element waits for the native paste event and falls back to its own clipboard. */
  paste: () => void;
  duplicate: () => void;
  undo: () => void;
  redo: () => void;
  /** Escape: returns true when it had something to cancel (gesture, armed tool, open panel). */
  escape: () => boolean;
  /** The field that has focus, if any (Shift+Space adds it to or removes it from the selection). */
  focusedId: string | null;
  /** Space on the focused field selects it alone; Shift+Space adds it to or removes it from the selection. */
  spaceOnField: (id: string, toggle: boolean) => void;
  /** Enter on a field: open its properties. */
  openPanel: () => void;
  announce: (key: 'deleted' | 'moved' | 'resized', count: number) => void;
}

/** The parts of the editor's actions the key routing needs. */
export interface EditorKeyTarget {
  panel: { close(focusField: boolean): void };
  keyboardContext(focused: HTMLElement | null): KeyboardEditingContext;
}

/**
 * The editor's keydown: Escape in the panel closes it; other keys in the panel and form controls are
 * theirs; on toolbar and toolbox buttons only shortcuts and Escape are ours (Enter, Space and arrows are theirs).
 */
export function routeEditorKey(e: KeyboardEvent, actions: EditorKeyTarget): void {
  if (e.defaultPrevented) return; // the toolbox used it
  const target = e.composedPath()[0] as HTMLElement;
  const inPanel = target.closest?.('.panel');
  if (inPanel && e.key === 'Escape') {
    actions.panel.close(true);
    e.preventDefault();
    return;
  }
  if (inPanel || target.closest?.('input, select, textarea')) return;
  if (target.closest?.('.side, .toolbar') && !(e.ctrlKey || e.metaKey) && e.key !== 'Escape') return;
  if (handleEditingKey(e, actions.keyboardContext(target))) e.preventDefault();
}

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** Handles a keydown inside the editor; returns true when it used the key (the caller prevents the default). */
export function handleEditingKey(e: KeyboardEvent, ctx: KeyboardEditingContext): boolean {
  const { model } = ctx;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const selected = model.selection;

  if (key === 'Escape') {
    if (ctx.escape()) return true;
    if (selected.length) {
      model.setSelection([]);
      return true;
    }
    return false;
  }
  if (key === ' ' && ctx.focusedId && !mod) {
    ctx.spaceOnField(ctx.focusedId, e.shiftKey);
    return true;
  }
  if (key === 'Enter' && selected.length && !mod) {
    ctx.openPanel();
    return true;
  }
  if (mod && (key === 'z' || key === 'y') && !ctx.readOnly) {
    if (key === 'z' && !e.shiftKey) ctx.undo();
    else ctx.redo();
    return true;
  }
  if (mod && key === 'a') {
    model.setSelection(model.doc.map((f) => f.id));
    return true;
  }
  if (mod && key === 'c' && selected.length) {
    ctx.copy(false);
    return false; // let the native copy event run too, for the system clipboard
  }
  if (ctx.readOnly) return false;
  if (mod && key === 'x' && selected.length) {
    ctx.copy(true);
    return false;
  }
  if (mod && key === 'v') {
    ctx.paste();
    return false;
  }
  if (mod && key === 'd' && selected.length) {
    ctx.duplicate();
    return true;
  }
  if ((key === 'Delete' || key === 'Backspace') && selected.length && !mod) {
    const count = selected.length;
    model.apply(removeFields(model.doc, selected), { select: [] });
    ctx.announce('deleted', count);
    return true;
  }
  if (ARROWS.has(key) && selected.length && !mod) {
    const points = e.shiftKey ? NUDGE_POINTS_LARGE : NUDGE_POINTS;
    if (model.apply(nudgeFields(model.doc, selected, key as ArrowKey, points, ctx.pageSize, e.altKey))) {
      ctx.announce(e.altKey ? 'resized' : 'moved', selected.length);
    }
    return true;
  }
  return false;
}
