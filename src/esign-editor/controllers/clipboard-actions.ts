/**
 * Copy, cut and paste for one editor. Ctrl/Cmd+C puts the selection on the clipboard shared by every
 * editor on the page and, through the native `copy` event or `navigator.clipboard`, on the system
 * clipboard. Ctrl/Cmd+V waits for the native `paste` event: fields in it win, otherwise the shared
 * clipboard is pasted. Pasted fields go to the page most in view.
 */
import type { FieldElement } from '../../fields/types.ts';
import type { EditorHost } from '../editor-host.ts';
import type { EditorActions } from '../editor-actions.ts';
import { copyToSharedClipboard, parseClipboardText, pasteFields, readSharedClipboard } from '../editing/clipboard.ts';
import { normalizeIncoming } from './validation.ts';

export class ClipboardActions {
  private readonly actions: EditorActions;
  private readonly host: EditorHost;
  private pendingCopy: { text: string; cut: boolean } | null = null;
  private pasteFallback: ReturnType<typeof setTimeout> | null = null;

  constructor(actions: EditorActions, host: EditorHost) {
    this.actions = actions;
    this.host = host;
  }

  copy(cut: boolean): void {
    const model = this.actions.model;
    const els = model.doc.filter((f) => model.selection.includes(f.id)).map((f) => f.el);
    if (!els.length) return;
    const text = copyToSharedClipboard(els);
    this.pendingCopy = { text, cut };
    // The native copy event (when the browser fires one) also writes the system clipboard; this covers the rest.
    void navigator.clipboard?.writeText?.(text).catch(() => {});
    setTimeout(() => this.finishCopy(), 0);
    this.actions.announce('editor.say.copied', { count: els.length });
  }

  private finishCopy(): void {
    const pending = this.pendingCopy;
    this.pendingCopy = null;
    if (pending?.cut) this.actions.deleteSelection();
  }

  readonly onCopyEvent = (e: ClipboardEvent): void => {
    if (!this.pendingCopy || !e.clipboardData) return;
    e.clipboardData.setData('text/plain', this.pendingCopy.text);
    e.preventDefault();
  };

  paste(): void {
    if (this.pasteFallback) clearTimeout(this.pasteFallback);
    this.pasteFallback = setTimeout(() => {
      this.pasteFallback = null;
      const shared = readSharedClipboard();
      if (shared) this.pasteElements(shared);
    }, 0);
  }

  readonly onPasteEvent = (e: ClipboardEvent): void => {
    const text = e.clipboardData?.getData('text/plain') ?? '';
    const raw = text ? parseClipboardText(text) : null;
    if (!raw) return; // not fields: the fallback pastes the shared clipboard, if any
    if (this.pasteFallback) clearTimeout(this.pasteFallback);
    this.pasteFallback = null;
    e.preventDefault();
    this.pasteElements(normalizeIncoming(raw).elements);
  };

  private pasteElements(elements: FieldElement[]): void {
    if (!elements.length || this.host.readOnly) return;
    const page = this.host.currentPage;
    const { doc, ids } = pasteFields(this.actions.model.doc, elements, { page, offset: this.actions.offset(page), pageCount: this.host.pageCount });
    this.actions.placeNew(doc, ids, 'editor.say.pasted', page);
  }
}
