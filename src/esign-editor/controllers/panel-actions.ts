/**
 * The property panel's state and edits: opening and closing it (it stays open until the sender closes it),
 * patching the selected fields' properties (coalesced per property while typing), changing their type,
 * numeric geometry in points, the regex live test and copying the selection to a page range.
 */
import type { FieldElement } from '../../fields/types.ts';
import type { EditorHost } from '../editor-host.ts';
import type { EditorActions } from '../editor-actions.ts';
import { updateFields } from '../editing/field-doc.ts';
import { duplicateToPages, parsePageRange } from '../editing/clipboard.ts';
import { TOOLS, toolTypeOf, type ToolType } from '../editing/toolbox.ts';
import { minSizeOn, placeRect } from '../editing/transform.ts';

export type GeometryInput = 'x' | 'y' | 'width' | 'height' | 'page';

export class PanelActions {
  /** Opened by the sender (Enter, double-click, the toolbar); stays open until closed. */
  isOpen = false;
  regexSample = '';
  duplicateRange = '';
  duplicateError = '';
  private focusOnUpdate = false;
  private readonly actions: EditorActions;
  private readonly host: EditorHost;

  constructor(actions: EditorActions, host: EditorHost) {
    this.actions = actions;
    this.host = host;
  }

  private get model() {
    return this.actions.model;
  }

  /** The selection changed: the regex sample and a range error belonged to the previous one. */
  selectionChanged(): void {
    this.regexSample = '';
    this.duplicateError = '';
  }

  /** Opens the panel for the selection and moves focus into it. */
  open(): void {
    if (!this.model.selection.length || this.host.readOnly) return;
    this.isOpen = true;
    this.focusOnUpdate = true;
    this.host.requestUpdate();
  }

  toggle(): void {
    if (this.isOpen) this.close(false);
    else this.open();
  }

  close(focusField: boolean): void {
    this.isOpen = false;
    if (focusField && this.model.selection[0]) this.actions.focusField(this.model.selection[0]);
    this.host.requestUpdate();
  }

  afterUpdate(): void {
    if (!this.focusOnUpdate) return;
    this.focusOnUpdate = false;
    this.host.root?.querySelector<HTMLElement>('.panel select, .panel input')?.focus();
  }

  patchSelection(patch: Partial<FieldElement>, key: string): void {
    if (this.host.readOnly) return;
    const ids = this.model.selection;
    this.model.apply(
      updateFields(this.model.doc, ids, () => patch),
      { coalesce: `prop:${key}:${ids.join(',')}` },
    );
  }

  changeType(type: ToolType): void {
    const spec = TOOLS[type];
    const activeSigner = this.actions.activeSigner;
    this.model.apply(
      updateFields(this.model.doc, this.model.selection, (el) => ({
        element_type: spec.element_type,
        validation: spec.validation,
        options: toolTypeOf(el) === type ? el.options : spec.options,
        signer: spec.element_type === 'admin' ? 0 : el.element_type === 'admin' ? activeSigner : el.signer,
      })),
    );
  }

  /** A numeric input in points (or the page number) for the first selected field, kept on the page and above the minimum size. */
  setGeometry(which: GeometryInput, value: number): void {
    if (!Number.isFinite(value)) return;
    const id = this.model.selection[0];
    const pageCount = this.host.pageCount;
    const pageSize = (p: number) => this.host.pageSizePt(p);
    this.model.apply(
      updateFields(this.model.doc, [id], (el) => {
        if (which === 'page') return { page: Math.min(pageCount, Math.max(1, Math.round(value))) };
        const size = pageSize(el.page);
        const r = { ax: el.ax, ay: el.ay, bx: el.bx, by: el.by };
        const w = r.bx - r.ax;
        const h = r.by - r.ay;
        if (which === 'x') Object.assign(r, { ax: value / size.width, bx: value / size.width + w });
        if (which === 'y') Object.assign(r, { ay: value / size.height, by: value / size.height + h });
        if (which === 'width') r.bx = r.ax + value / size.width;
        if (which === 'height') r.by = r.ay + value / size.height;
        return placeRect(r, minSizeOn(pageSize)(el));
      }),
    );
  }

  setRegexSample(value: string): void {
    this.regexSample = value;
    this.host.requestUpdate();
  }

  setDuplicateRange(value: string): void {
    this.duplicateRange = value;
    this.duplicateError = '';
    this.host.requestUpdate();
  }

  /** Copies the selection to every page of the range (`all`, `2-5`, `1,3`), skipping each field's own page. */
  duplicateToRange(): void {
    const parsed = parsePageRange(this.duplicateRange, this.host.pageCount);
    if ('error' in parsed) {
      this.duplicateError = parsed.error;
      this.host.requestUpdate();
      return;
    }
    const { doc, ids } = duplicateToPages(this.model.doc, this.model.selection, parsed.pages);
    this.model.apply(doc);
    this.actions.announce('editor.say.duplicated', { count: ids.length });
  }
}
