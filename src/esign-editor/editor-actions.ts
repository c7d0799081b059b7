/**
 * Everything the editor does, in one place the element's templates, keyboard and pointer handlers call:
 * adding fields, editing the selection, clipboard, recipients, validation and saving. Each action is a pure
 * operation on the document recorded through the EditorModel (one undo step), then announced.
 */
import type { FieldElement, FieldProblem } from '../fields/types.ts';
import type { EditorHost } from './editor-host.ts';
import { EditorModel, type ChangeCause } from './editing/editor-model.ts';
import { newFieldId, removeFields, type FieldDoc, type Rect } from './editing/field-doc.ts';
import { alignFields, distributeFields, type AlignMode } from './editing/arrange.ts';
import { clickSelect } from './editing/selection.ts';
import { pasteFields } from './editing/clipboard.ts';
import { ClipboardActions } from './controllers/clipboard-actions.ts';
import { PanelActions } from './controllers/panel-actions.ts';
import { createField, TOOLS, type ToolType } from './editing/toolbox.ts';
import { addRecipient, effectiveRecipients, moveSigner, parseRecipients, renameRecipient, renumberFields, type Recipient } from './recipients.ts';
import { te, type EditorMessageKey } from './editor-i18n.ts';
import type { SaveState } from '../internal/autosave.ts';
import { SaveFlow, type SaveResult } from './controllers/save-flow.ts';
import type { KeyboardEditingContext } from './controllers/keyboard-editing.ts';
import type { ToolboxDrag } from './controllers/toolbox-drag.ts';
import { missingPageProblems, normalizeIncoming } from './controllers/validation.ts';
import { TextGuard } from './controllers/text-guard.ts';

/** Points a paste or duplicate shifts by when it would land exactly on the original. */
const PASTE_OFFSET_POINTS = 10;

function sameElements(a: readonly FieldElement[], b: readonly FieldElement[]): boolean {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}

export class EditorActions {
  readonly model: EditorModel;
  armed: ToolType | null = null;
  activeSigner = 1;
  recipients: Recipient[] = [{ signer: 1, name: '' }];
  problems = new Map<string, string[]>();
  announcement = '';

  private readonly host: EditorHost;
  /** Recipients the page gave (with names), as opposed to ones only the fields imply. */
  givenRecipients: Recipient[] = [];
  private lastEmitted: FieldElement[] | null = null;
  private focusAfterUpdate: string | null = null;
  private readonly saving: SaveFlow;
  /** Copy, cut and paste (keyboard and the native clipboard events). */
  readonly clipboard: ClipboardActions;
  /** The property panel and the edits made in it. */
  readonly panel: PanelActions;
  /** The page's text: fields covering it are marked; keyboard-added fields go beside it. */
  readonly textGuard: TextGuard;

  constructor(host: EditorHost) {
    this.host = host;
    this.model = new EditorModel([], { change: (cause) => this.changed(cause), select: () => this.selectionChanged() });
    this.saving = new SaveFlow(this, host);
    this.clipboard = new ClipboardActions(this, host);
    this.panel = new PanelActions(this, host);
    this.textGuard = new TextGuard(host);
  }

  get lang(): string {
    return this.host.lang;
  }

  // ---- inputs from the page -------------------------------------------------------------------

  fieldsAssigned(fields: FieldElement[] | null): void {
    if (fields === this.lastEmitted) return; // the page handed back what we emitted
    const { elements, problems } = normalizeIncoming(fields ?? [], this.host.pageCount);
    // A controlled page assigns back a copy of what we emitted: same JSON, so keep history and selection.
    if (
      sameElements(
        elements,
        this.model.doc.map((f) => f.el),
      )
    )
      return;
    this.model.setElements(elements);
    // What was dropped or needs fixing is said at once, as when the fields come from the server.
    if (problems.length) this.host.emit('esign-validate', { ok: false, problems });
  }

  signersAssigned(value: unknown): void {
    this.givenRecipients = parseRecipients(value);
    this.refreshRecipients();
  }

  /** The PDF's page count is known: fields on pages it lacks (kept, but not shown) are said at once. */
  pagesKnown(pageCount: number): void {
    const problems = missingPageProblems(this.model.elements(), pageCount);
    if (problems.length) this.host.emit('esign-validate', { ok: false, problems });
  }

  loadFromServer(): void {
    this.saving.load();
  }

  disconnect(): void {
    this.saving.disconnect();
  }

  get saveState(): SaveState {
    return this.saving.state;
  }

  /** Why the last save failed, or ''. */
  get saveError(): string {
    return this.saving.state === 'error' ? this.saving.lastError : '';
  }

  validate(): FieldProblem[] {
    return this.saving.validate();
  }

  save(): Promise<SaveResult> {
    return this.saving.save();
  }

  // ---- model events ---------------------------------------------------------------------------

  private changed(cause: ChangeCause): void {
    this.refreshRecipients();
    if (this.problems.size) this.saving.refreshProblems();
    const fields = this.model.elements();
    this.lastEmitted = fields;
    if (cause !== 'set') {
      this.host.fieldsChanged(fields);
      this.host.emit('esign-change', { fields, cause });
      this.saving.changed();
    }
    this.host.requestUpdate();
  }

  private selectionChanged(): void {
    const ids = this.model.selection;
    if (ids.length <= 1) this.keepSelection = false; // a click or a single pick starts over
    const indexes = ids.map((id) => this.model.doc.findIndex((f) => f.id === id)).filter((i) => i >= 0);
    this.panel.selectionChanged();
    this.host.emit('esign-select', { indexes, fields: indexes.map((i) => ({ ...this.model.doc[i].el })) });
    this.host.requestUpdate();
  }

  private refreshRecipients(): void {
    const next = effectiveRecipients(
      [...this.givenRecipients, ...this.recipients.filter((r) => !this.givenRecipients.some((g) => g.signer === r.signer))],
      this.model.doc.map((f) => f.el),
    );
    this.recipients = next;
    if (!next.some((r) => r.signer === this.activeSigner)) this.activeSigner = next.find((r) => r.signer > 0)?.signer ?? 1;
  }

  /** Moves focus to field `id` once it is rendered. */
  focusField(id: string): void {
    this.focusAfterUpdate = id;
  }

  afterUpdate(): void {
    this.panel.afterUpdate();
    if (this.focusAfterUpdate) {
      this.host.fieldElement(this.focusAfterUpdate)?.focus({ preventScroll: false });
      this.focusAfterUpdate = null;
    }
  }

  announce(key: EditorMessageKey, params: Record<string, string | number> = {}): void {
    this.announcement = te(this.lang, key, params);
    this.host.requestUpdate();
  }

  /** A move or resize said with where the first selected field now is (in points), so each step is heard. */
  announceGeometry(kind: 'moved' | 'resized', count: number): void {
    const first = this.model.doc.find((f) => f.id === this.model.selection[0])?.el;
    if (!first) return this.announce(kind === 'moved' ? 'editor.say.moved' : 'editor.say.resized', { count });
    const size = this.host.pageSizePt(first.page);
    const pt = (fraction: number, of: number) => new Intl.NumberFormat(this.lang, { maximumFractionDigits: 0 }).format(fraction * of);
    if (kind === 'moved') this.announce('editor.say.movedTo', { count, x: pt(first.ax, size.width), y: pt(first.ay, size.height), page: first.page });
    else this.announce('editor.say.resizedTo', { count, w: pt(first.bx - first.ax, size.width), h: pt(first.by - first.ay, size.height) });
  }

  // ---- adding fields --------------------------------------------------------------------------

  private addField(type: ToolType, page: number, at: { x: number; y: number }, size?: { w: number; h: number }): void {
    if (this.host.readOnly || this.host.pageCount === 0) return;
    const field = createField(type, { page, pageSize: this.host.pageSizePt(page), at, signer: this.activeSigner, size });
    const { doc, ids } = pasteFields(this.model.doc, [field.el], { offset: this.offset(page), pageCount: this.host.pageCount });
    this.model.apply(doc, { select: ids });
    this.focusAfterUpdate = ids[0];
    this.announce('editor.say.added', { type: te(this.lang, `editor.tool.${type}` as EditorMessageKey), page });
  }

  /** A toolbox drop: the field is centred under the pointer. */
  dropTool(type: ToolType, page: number, at: { x: number; y: number }): void {
    const size = this.host.pageSizePt(page);
    const spec = TOOLS[type];
    this.addField(type, page, { x: at.x - spec.width / size.width / 2, y: at.y - spec.height / size.height / 2 });
  }

  /** Click-then-draw finished: the drawn rectangle, or the default size at the click. */
  drawField(page: number, at: { x: number; y: number }, rect: Rect | null): void {
    const type = this.armed;
    if (!type) return;
    this.disarm();
    this.addField(type, page, rect ? { x: rect.ax, y: rect.ay } : at, rect ? { w: rect.bx - rect.ax, h: rect.by - rect.ay } : undefined);
  }

  toolClick(type: ToolType, drag: ToolboxDrag): void {
    if (drag.suppressClick) {
      drag.suppressClick = false;
      return;
    }
    this.armed = this.armed === type ? null : type;
    this.host.requestUpdate();
  }

  /** Enter or Space on a toolbox button: the field goes to the empty area nearest the middle of the page in view. */
  toolKey(e: KeyboardEvent, type: ToolType): void {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    const page = this.host.currentPage;
    const size = this.host.pageSizePt(page);
    this.addField(type, page, this.textGuard.placement(this.model.doc, page, { w: TOOLS[type].width / size.width, h: TOOLS[type].height / size.height }));
  }

  disarm(): void {
    if (this.armed === null) return;
    this.armed = null;
    this.host.requestUpdate();
  }

  // ---- editing the selection -------------------------------------------------------------------

  deleteSelection(): void {
    const count = this.model.selection.length;
    if (!count || this.host.readOnly) return;
    this.model.apply(removeFields(this.model.doc, this.model.selection), { select: [] });
    this.host.scroller?.focus({ preventScroll: true });
    this.announce('editor.say.deleted', { count });
  }

  duplicateSelection(): void {
    if (!this.model.selection.length || this.host.readOnly) return;
    const els = this.model.doc.filter((f) => this.model.selection.includes(f.id)).map((f) => f.el);
    const first = els[0].page;
    const { doc, ids } = pasteFields(this.model.doc, els, { offset: this.offset(first), pageCount: this.host.pageCount });
    this.placeNew(doc, ids, 'editor.say.duplicated', first);
  }

  align(mode: AlignMode): void {
    if (!this.host.readOnly) this.model.apply(alignFields(this.model.doc, this.model.selection, mode));
  }

  distribute(axis: 'horizontal' | 'vertical'): void {
    if (!this.host.readOnly) this.model.apply(distributeFields(this.model.doc, this.model.selection, axis));
  }

  selectPublic(ids: readonly (number | string)[]): void {
    const doc = this.model.doc;
    const out: string[] = [];
    for (const id of ids) {
      const f = typeof id === 'number' ? doc[id] : doc.find((x) => x.el.uuid === id);
      if (f) out.push(f.id);
    }
    this.model.setSelection(out);
  }

  replaceAll(fields: readonly FieldElement[]): void {
    this.model.apply(
      normalizeIncoming(fields).elements.map((el, i) => ({ id: this.model.doc[i]?.id ?? newFieldId(), el })),
      { select: [] },
    );
  }

  undo(): boolean {
    if (this.host.readOnly) return false;
    const ok = this.model.undo();
    if (ok) this.announce('editor.say.undone');
    return ok;
  }

  redo(): boolean {
    if (this.host.readOnly) return false;
    const ok = this.model.redo();
    if (ok) this.announce('editor.say.redone');
    return ok;
  }

  /**
   * Focus moving onto a field by keyboard selects it, unless the sender is building a selection
   * (several fields, or Shift+Space was used): then focus moves and the selection stays.
   */
  readonly onFieldFocus = (e: FocusEvent): void => {
    const el = (e.composedPath()[0] as HTMLElement).closest?.('[data-id]') as HTMLElement | null;
    const id = el?.dataset.id;
    if (!id || this.model.selection.includes(id) || this.host.root?.querySelector(':active')) return;
    if (this.keepSelection || this.model.selection.length > 1) return;
    this.model.setSelection([id]);
  };

  /** True after Shift+Space: keyboard focus no longer replaces the selection. */
  private keepSelection = false;

  spaceOnField(id: string, toggle: boolean): void {
    if (!toggle) {
      this.keepSelection = false;
      this.model.setSelection([id]);
      return;
    }
    const sel = this.model.selection;
    // The first Shift+Space on a field that focus selected keeps it and starts a multi-selection.
    const next = !this.keepSelection && sel.length === 1 && sel[0] === id ? [id] : clickSelect(sel, id, true);
    this.model.setSelection(next);
    this.keepSelection = true;
  }

  // ---- recipients -----------------------------------------------------------------------------

  /** Chooses who new fields belong to. Fields already placed keep their recipient: see `assignSelection`. */
  setActiveSigner(signer: number): void {
    this.activeSigner = signer;
    this.host.requestUpdate();
  }

  /** Gives the selected fields to the chosen recipient: one explicit, undoable step. */
  assignSelection(signer: number, who: string): void {
    const count = this.model.selection.length;
    if (!count || this.host.readOnly) return;
    this.panel.patchSelection({ signer }, 'signer');
    this.announce('editor.say.assigned', { count, who });
  }

  addRecipient(role: 'signer' | 'witness' | 'approver'): void {
    this.recipients = addRecipient(this.recipients, role, this.activeSigner > 0 && this.activeSigner < 100 ? this.activeSigner : 1);
    this.host.requestUpdate();
  }

  renameRecipient(signer: number, name: string): void {
    this.recipients = renameRecipient(this.recipients, signer, name);
    this.givenRecipients = renameRecipient(this.givenRecipients, signer, name);
    this.host.requestUpdate();
  }

  moveRecipient(signer: number, direction: -1 | 1): void {
    const { list, renumber } = moveSigner(this.recipients, signer, direction);
    if (!renumber.size) return;
    this.recipients = list;
    this.givenRecipients = list.filter((r) => r.name);
    if (renumber.has(this.activeSigner)) this.activeSigner = renumber.get(this.activeSigner)!;
    this.model.apply(renumberFields(this.model.doc, renumber));
    this.host.requestUpdate();
  }

  // ---- clipboard ------------------------------------------------------------------------------

  /** Puts pasted or duplicated fields in: selected, the first focused, announced. */
  placeNew(doc: FieldDoc, ids: string[], key: 'editor.say.pasted' | 'editor.say.duplicated', page: number): void {
    this.model.apply(doc, { select: ids });
    this.focusAfterUpdate = ids[0];
    this.announce(key, { count: ids.length, page });
  }

  /** Points (as fractions of `page`) that a paste or duplicate shifts by when it would land on the original. */
  offset(page: number): { x: number; y: number } {
    const size = this.host.pageSizePt(page);
    return { x: PASTE_OFFSET_POINTS / size.width, y: PASTE_OFFSET_POINTS / size.height };
  }

  keyboardContext(focused: HTMLElement | null = null): KeyboardEditingContext {
    return {
      focusedId: focused?.closest<HTMLElement>('[data-id]')?.dataset.id ?? null,
      model: this.model,
      readOnly: this.host.readOnly,
      pageSize: (p) => this.host.pageSizePt(p),
      copy: (cut) => this.clipboard.copy(cut),
      paste: () => this.clipboard.paste(),
      duplicate: () => this.duplicateSelection(),
      undo: () => this.undo(),
      redo: () => this.redo(),
      openPanel: () => this.panel.open(),
      spaceOnField: (id, toggle) => this.spaceOnField(id, toggle),
      escape: () => {
        if (this.host.cancelGestures()) return true;
        if (this.armed) return (this.disarm(), true);
        return false;
      },
      announce: (key, count) => {
        if (key === 'deleted') this.host.scroller?.focus({ preventScroll: true });
        if (key === 'deleted') this.announce('editor.say.deleted', { count });
        else this.announceGeometry(key, count);
      },
    };
  }
}
