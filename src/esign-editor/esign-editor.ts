import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { EsignElement, defineElement } from '../internal/esign-element.ts';
import { PdfSourceController, describePdfError, type PdfErrorCode, type PdfLoadError } from '../internal/pdf-source.ts';
import { PdfPagesController } from '../internal/pdf-pages.ts';
import { renderPages, pagesStyles } from '../internal/pages-template.ts';
import { fieldOverlayStyles } from '../internal/field-overlay.ts';
import { ZoomGesturesController, stepZoom } from '../internal/zoom.ts';
import { FitOnResizeController, applyZoomScale, openPdfSource, pdfSourceOf, zoomScale } from '../internal/pdf-view-wiring.ts';
import { t } from '../internal/i18n.ts';
import type { FieldElement, FieldProblem } from '../fields/types.ts';
import type { ChangeCause } from './editing/editor-model.ts';
import type { EditorField, PageSize } from './editing/field-doc.ts';
import { parseToolbox } from './editing/toolbox.ts';
import { EditableOverlay } from './editor-overlay.ts';
import { renderRecipients, renderToolbar, renderToolbox, toolName } from './editor-views.ts';
import { renderPanelFrame } from './editor-panel.ts';
import { te, langOf } from './editor-i18n.ts';
import { PointerEditingController } from './controllers/pointer-editing.ts';
import { ToolboxDrag } from './controllers/toolbox-drag.ts';
import { routeEditorKey } from './controllers/keyboard-editing.ts';
import { PanelPosition } from './controllers/panel-position.ts';
import { EditorActions } from './editor-actions.ts';
import type { EditorHost } from './editor-host.ts';
import { LoadErrorGate } from './controllers/load-errors.ts';
import { DocumentUploadController, type RequestUpload } from './controllers/document-upload.ts';
import { renderDropHint, renderUploadStrip } from './upload-view.ts';
import type { SaveState } from '../internal/autosave.ts';
import { editorStyles } from './esign-editor.styles.ts';

/**
 * Places, moves, resizes and configures signing fields on a template, and saves them as element JSON.
 *
 * @summary A template field editor: drag-and-drop fields, recipients, properties, undo and autosave.
 *
 * @attr src - URL of a PDF to edit fields on without a server (set the `fields` property too).
 * @attr template - Template id: loads its PDF and fields through the REST API and saves back to it.
 * @attr token - Component token, sent as `Authorization: Bearer <token>`.
 * @attr endpoint - Base URL of the server, without a trailing slash.
 * @attr signers - Recipients: JSON (`[{"name":"Ann"},{"name":"Wit","role":"witness","index":1}]`) or comma-separated names.
 * @attr toolbox - Field types to offer, space or comma separated (signature initials text date signing-date checkbox dropdown number email regex sender); all when absent.
 * @attr readonly - Shows the fields without letting anyone change them.
 * @attr allow-edit-recipients - Lets the sender add, rename and reorder recipients.
 * @attr autosave-delay - Milliseconds of quiet before an automatic save (server mode); 0 turns autosave off. Default 1500.
 * @attr no-snap - Turns snapping to other fields off (Alt also suspends it during a drag).
 * @attr zoom - `fit-width` (default), `fit-page`, a factor or a percentage.
 *
 * @prop {FieldElement[]} fields - The fields (element JSON). Setting it replaces the document and starts a new undo history; the array is never mutated.
 * @prop {Uint8Array | ArrayBuffer | null} data - PDF bytes, instead of `src`.
 * @prop {((file: File) => Promise<string> | string) | null} requestUpload - Returns a fresh signed upload URL (your backend mints it with `POST /api/v1/uploads/`). When set, the editor offers a file button and takes a dropped PDF, Word, spreadsheet, HTML, text or image file: it uploads it with progress, the server converts it, and `esign-upload` names the new template (set `template` and `token` to edit it).
 *
 * @event esign-ready - The PDF is open and laid out. `detail: { pages }`.
 * @event esign-change - The fields changed (`cause`: `edit`, `undo`, `redo`, or `set` when they were read from the server). `detail: { fields, cause }`; `fields` is a new array every time.
 * @event esign-select - The selection changed. `detail: { indexes, fields }` (indexes into `getFields()`).
 * @event esign-validate - Validation ran, or fields arrived with problems (also fields on pages the PDF lacks, once its page count is known). `detail: { ok, problems }` (problems name fields by path, `[3].label`, `[2].page`).
 * @event esign-save - A save finished. `detail: { ok, fields, problems, error? }`.
 * @event esign-error - Something failed that a person should know about. `detail: { message, code }`.
 * @event esign-page-render - A page's canvas was painted. `detail: { page }`.
 * @event esign-upload - A dropped or chosen document became a template on the server. `detail: { templateId, report, file }`.
 *
 * @csspart base - The editor's outer frame.
 * @csspart toolbar - The editing toolbar.
 * @csspart button - Toolbar buttons.
 * @csspart save-button - The save button.
 * @csspart save-state - The "Saved / Unsaved changes" text, with the reason when a save failed.
 * @csspart assign-button - "Assign the selected field to …" under the recipients.
 * @csspart page-indicator - The "Page n of m" text.
 * @csspart side - The column holding the toolbox and the recipients.
 * @csspart toolbox - The list of field types.
 * @csspart tool - One field type button.
 * @csspart recipients - The recipients list.
 * @csspart recipient - One recipient.
 * @csspart scroller - The scrolling pages area.
 * @csspart pages - The column of pages.
 * @csspart page - One page.
 * @csspart field-overlay - The fields layer of a page.
 * @csspart field - One field (also `field-signature`…, `field-selected`, `field-invalid`).
 * @csspart handle - A resize handle.
 * @csspart field-problem - The marker on a field with a problem.
 * @csspart panel - The property panel.
 * @csspart guide - A snap guide.
 * @csspart marquee - The selection rectangle.
 * @csspart draw - The rectangle while drawing a field.
 * @csspart drag-ghost - The field type following the pointer.
 * @csspart ghost-field - Where a selection dragged onto another page will land.
 * @csspart error - The message shown when the PDF cannot be opened.
 * @csspart upload - The document upload strip (with `requestUpload`): file button, progress, failure reason.
 * @csspart drop-hint - The outline shown while a file is dragged over the editor.
 *
 * @cssproperty --esign-font-family - Font of the editor's controls.
 * @cssproperty --esign-text-color - Text colour.
 * @cssproperty --esign-editor-background - Background of the editor chrome.
 * @cssproperty --esign-viewer-background - Background behind the pages.
 * @cssproperty --esign-border-color - Borders of panels and controls.
 * @cssproperty --esign-accent-color - Selection and accents.
 * @cssproperty --esign-focus-color - Focus ring colour.
 * @cssproperty --esign-guide-color - Snap guide colour.
 * @cssproperty --esign-error-color - Problems and errors.
 * @cssproperty --esign-panel-background - Property panel background.
 * @cssproperty --esign-page-background - Page colour before it is painted.
 */
export class EsignEditor extends EsignElement {
  static override styles = [EsignElement.directionStyles, pagesStyles, fieldOverlayStyles, editorStyles];

  static override properties = {
    src: { type: String },
    data: { attribute: false },
    template: { type: String },
    token: { type: String },
    endpoint: { type: String },
    fields: { attribute: false },
    signers: {},
    toolbox: { type: String },
    readOnly: { type: Boolean, attribute: 'readonly', reflect: true },
    allowEditRecipients: { type: Boolean, attribute: 'allow-edit-recipients' },
    autosaveDelay: { type: Number, attribute: 'autosave-delay' },
    noSnap: { type: Boolean, attribute: 'no-snap' },
    zoom: { type: String },
    requestUpload: { attribute: false },
  };

  declare src: string;
  declare data: Uint8Array | ArrayBuffer | null;
  declare template: string;
  declare token: string;
  declare endpoint: string;
  declare fields: FieldElement[] | null;
  declare signers: unknown;
  declare toolbox: string;
  declare readOnly: boolean;
  declare allowEditRecipients: boolean;
  declare autosaveDelay: number;
  declare noSnap: boolean;
  declare zoom: string;
  declare requestUpload: RequestUpload | null;

  protected readonly source = new PdfSourceController(this, {
    lang: () => this.lang_,
    onReady: (doc) =>
      void this.pages
        .setDocument(doc, 0, () => this.targetScale())
        .then(() => {
          if (this.pages.pageCount > 0) this.actions.pagesKnown(this.pages.pageCount);
        }),
    onError: (error) => this.reportLoadError(error),
  });

  protected readonly pages: PdfPagesController = new PdfPagesController(this, {
    scroller: () => this.scroller,
    pageElement: (index) => this.pageElement(index + 1),
    onPageRendered: (index) => {
      this.pageRenders++;
      this.emit('esign-page-render', { page: index + 1 });
    },
    onLayoutComplete: () => this.emit('esign-ready', { pages: this.pages.pageCount }),
    onCurrentPageChange: () => this.requestUpdate(),
    onError: (error) => this.source.fail(describePdfError(error, this.lang_)),
  });

  protected readonly fit = new FitOnResizeController(this, { scroller: () => this.scroller, zoom: () => this.zoom, pages: this.pages });

  protected readonly gestures = new ZoomGesturesController(this, {
    scroller: () => this.scroller,
    scale: () => this.pages.scale,
    zoomTo: (scale, anchor) => this.applyScale(scale, anchor),
  });

  /** Editing state and every action; shared with the panel and keyboard handlers. */
  protected readonly actions: EditorActions = new EditorActions(this.hostView());

  protected readonly pointer = new PointerEditingController(this, {
    model: this.actions.model,
    readOnly: () => this.readOnly,
    snapping: () => !this.noSnap,
    pageSize: (page) => this.pageSizePt(page),
    pageElement: (page) => this.pageElement(page),
    pageCount: () => this.pages.pageCount,
    fieldElement: (id) => this.fieldElement(id),
    armedTool: () => this.actions.armed,
    drawField: (page, at, rect) => this.actions.drawField(page, at, rect),
    onGestureEnd: (kind, ids) => this.actions.announce(kind === 'move' ? 'editor.say.moved' : 'editor.say.resized', { count: ids.length }),
  });

  protected readonly toolDrag = new ToolboxDrag({
    root: () => this.shadowRoot,
    ghostLabel: (type) => toolName(this.lang_, type),
    drop: (type, page, at) => this.actions.dropTool(type, page, at),
  });

  protected readonly panelPosition = new PanelPosition(this, {
    reference: () => (this.actions.model.selection[0] ? this.fieldElement(this.actions.model.selection[0]) : null),
    floating: () => this.renderRoot?.querySelector<HTMLElement>('.panel') ?? null,
    rtl: () => getComputedStyle(this).direction === 'rtl',
    boundary: () => this.scroller,
  });

  protected readonly upload = new DocumentUploadController(this, {
    requestUpload: () => this.requestUpload,
    onUploaded: (detail) => this.emit('esign-upload', detail),
    onFailed: (message) => this.emit('esign-error', { message, code: 'upload-failed' }),
    httpError: (status) => (status ? te(this.lang_, 'editor.upload.httpError', { status }) : te(this.lang_, 'editor.upload.offline')),
  });

  /** @internal Page canvases painted since the element was created (for tests and the benchmark). */
  pageRenders = 0;

  private readonly overlay = new EditableOverlay();
  /** The PDF and the fields load side by side; one bad token is one `esign-error`. */
  private readonly loadErrors = new LoadErrorGate();
  /** The field that had focus before an update: moving fields reorders the DOM (Tab order), which can drop focus. */
  private focusedBeforeUpdate: string | null = null;

  constructor() {
    super();
    this.src = '';
    this.data = null;
    this.template = '';
    this.token = '';
    this.endpoint = '';
    this.fields = null;
    this.signers = null;
    this.toolbox = '';
    this.readOnly = false;
    this.allowEditRecipients = false;
    this.autosaveDelay = 1500;
    this.noSnap = false;
    this.zoom = 'fit-width';
    this.requestUpload = null;
  }

  // ---- public API -------------------------------------------------------------------------------

  /** Validates, then saves to the server (or, without one, just reports the fields in `esign-save`). */
  save(): Promise<{ ok: boolean; fields: FieldElement[]; problems: FieldProblem[]; error?: string }> {
    return this.actions.save();
  }

  undo(): boolean {
    return this.actions.undo();
  }

  redo(): boolean {
    return this.actions.redo();
  }

  /** The fields as element JSON (a new array of new objects). */
  getFields(): FieldElement[] {
    return this.actions.model.elements();
  }

  /** Replaces every field; unlike assigning `fields`, this is one undo step. */
  setFields(fields: readonly FieldElement[]): void {
    this.actions.replaceAll(fields);
  }

  /** Selects fields by index in `getFields()` or by `uuid`. */
  select(ids: readonly (number | string)[]): void {
    this.actions.selectPublic(ids);
  }

  get pageCount(): number {
    return this.pages.pageCount;
  }

  /** The page most in view (1-based). */
  get currentPage(): number {
    return this.pages.currentPage + 1;
  }

  get saveState(): SaveState {
    return this.actions.saveState;
  }

  // ---- wiring used by EditorActions and controllers ----------------------------------------------

  private get lang_(): string {
    return langOf(this);
  }

  /** @internal The scrolling pages container (the editor's browser tests drive it). */
  get scroller(): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null;
  }

  private pageElement(page: number): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>(`.page[data-page="${page}"]`) ?? null;
  }

  private fieldElement(id: string): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>(`[data-id="${id}"]`) ?? null;
  }

  /** A page's displayed size in points (the first page's until its own is known). */
  private pageSizePt(page: number): PageSize {
    const count = this.pages.pageCount;
    if (count === 0) return { width: 612, height: 792 };
    return this.pages.layout.pageSizePt(Math.min(count, Math.max(1, page)) - 1);
  }

  /** The element as EditorActions and its controllers see it (editor-host.ts). */
  private hostView(): EditorHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- inside the getters below `this` is the host object
    const el = this;
    return {
      get lang() {
        return el.lang_;
      },
      get readOnly() {
        return el.readOnly;
      },
      get pageCount() {
        return el.pages.pageCount;
      },
      get currentPage() {
        return el.pages.currentPage + 1;
      },
      get autosaveDelay() {
        return el.autosaveDelay;
      },
      get server() {
        return el.template && el.endpoint && el.token ? { endpoint: el.endpoint, token: el.token, template: el.template } : null;
      },
      get root() {
        return el.shadowRoot;
      },
      get scroller() {
        return el.scroller;
      },
      pageSizePt: (page) => el.pageSizePt(page),
      fieldElement: (id) => el.fieldElement(id),
      emit: (name, detail) => void el.emit(name, detail),
      fieldsChanged: (fields) => {
        el.fields = fields;
      },
      requestUpdate: () => el.requestUpdate(),
      cancelGestures: () => el.pointer.cancel() || el.toolDrag.cancel(),
      reportLoadFailure: (message, code) => el.reportLoadFailure(message, code),
    };
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.actions.disconnect();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('fields')) this.actions.fieldsAssigned(this.fields);
    if (changed.has('signers')) this.actions.signersAssigned(this.signers);
    if (['src', 'data', 'template', 'token', 'endpoint'].some((k) => changed.has(k as keyof EsignEditor))) this.reload();
    if (changed.has('zoom') && this.pages.pageCount > 0) this.applyScale(this.targetScale());
    if (changed.has('readOnly') && this.readOnly) this.actions.disarm();
    this.focusedBeforeUpdate = (this.shadowRoot?.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-id]')?.dataset.id ?? null;
  }

  protected override updated(): void {
    const id = this.focusedBeforeUpdate;
    // Focus lost to a reorder (not moved elsewhere by the sender) goes back to the same field.
    if (id && !this.shadowRoot?.activeElement && this.actions.model.doc.some((f) => f.id === id)) this.fieldElement(id)?.focus({ preventScroll: true });
    this.actions.afterUpdate();
  }

  private reload(): void {
    this.loadErrors.reset();
    const wanted = pdfSourceOf({ data: this.data, src: this.src, endpoint: this.endpoint, token: this.token, resource: 'template', id: this.template });
    openPdfSource(this.source, this.pages, wanted, this.lang_);
    if (wanted && wanted !== 'incomplete' && wanted.kind === 'rest') this.actions.loadFromServer();
  }

  private reportLoadError(error: PdfLoadError): void {
    void this.pages.setDocument(null);
    this.reportLoadFailure(error.message, error.code);
  }

  /** A failure while loading the PDF or the fields: `esign-error` unless this load already reported the same cause. */
  private reportLoadFailure(message: string, code: PdfErrorCode): void {
    if (this.loadErrors.first(code)) this.emit('esign-error', { message, code });
  }

  private targetScale(): number {
    return zoomScale(this.zoom, this.pages);
  }

  private applyScale(scale: number, anchor?: { clientX: number; clientY: number }): void {
    applyZoomScale(this.pages, this.zoom, scale, anchor);
  }

  private onKeyDown = (e: KeyboardEvent): void => routeEditorKey(e, this.actions);

  protected override render(): TemplateResult {
    const lang = this.lang_;
    const a = this.actions;
    const model = a.model;
    const count = this.pages.pageCount;
    const selected = model.selection.map((id) => model.doc.find((f) => f.id === id)).filter((f): f is EditorField => !!f);
    const status = this.source.status;
    return html`<div class="editor" part="base" role="application" aria-label=${te(lang, 'editor.label')} ?data-dropping=${this.upload.dragging} @dragover=${this.upload.onDragOver} @dragleave=${this.upload.onDragLeave} @drop=${this.upload.onDrop} @keydown=${this.onKeyDown} @copy=${a.clipboard.onCopyEvent} @cut=${a.clipboard.onCopyEvent} @paste=${a.clipboard.onPasteEvent}>
      ${renderToolbar({
        lang,
        canUndo: model.canUndo,
        canRedo: model.canRedo,
        selected: selected.length,
        readOnly: this.readOnly,
        saveState: a.saveState,
        saveError: a.saveError,
        canSave: !this.readOnly,
        onUndo: () => this.undo(),
        onRedo: () => this.redo(),
        onDelete: () => a.deleteSelection(),
        onDuplicate: () => a.duplicateSelection(),
        onAlign: (m) => a.align(m),
        onDistribute: (axis) => a.distribute(axis),
        onSave: () => void this.save().catch(() => {}),
        onZoom: (d) => this.applyScale(stepZoom(this.pages.scale, d)),
        panelOpen: a.panel.isOpen,
        onPanel: () => a.panel.toggle(),
        pageText: count ? t(lang, 'viewer.page', { page: this.currentPage, pages: count }) : '',
      })}
      ${renderUploadStrip(lang, this.upload)}
      <div class="main">
        ${renderDropHint(lang, this.upload)}
        ${
          this.readOnly
            ? nothing
            : html`<aside class="side" part="side">
          ${renderToolbox({ lang, tools: parseToolbox(this.toolbox), armed: a.armed, disabled: count === 0, onPointerDown: this.toolDrag.onPointerDown, onKeyDown: (e, type) => a.toolKey(e, type), onClick: (e, type) => a.toolClick(type, this.toolDrag) })}
          ${renderRecipients({ lang, recipients: a.recipients, active: a.activeSigner, editable: this.allowEditRecipients, readOnly: this.readOnly, onActivate: (s) => a.setActiveSigner(s), assignable: selected.filter((f) => f.el.signer !== a.activeSigner).length, onAssign: (s, who) => a.assignSelection(s, who), onAdd: (r) => a.addRecipient(r), onRename: (s, n) => a.renameRecipient(s, n), onMove: (s, d) => a.moveRecipient(s, d) })}
        </aside>`
        }
        <div class="scroller" part="scroller" role="region" tabindex="0" aria-label=${te(lang, 'editor.pages')} aria-busy=${status === 'loading' ? 'true' : 'false'}
          ?data-armed=${!!a.armed} @scroll=${() => this.pages.onScroll()} @pointerdown=${this.pointer.onPointerDown} @focusin=${a.onFieldFocus} @dblclick=${(
            e: MouseEvent,
          ) => {
            if ((e.target as Element).closest('[data-id]')) a.panel.open();
          }}>
          ${status === 'error' && this.source.error ? html`<div class="message error" part="error" role="alert"><h2>${t(lang, 'error.title')}</h2><p>${this.source.error.message}</p></div>` : nothing}
          ${status === 'idle' ? html`<p class="message">${t(lang, 'viewer.empty')}</p>` : nothing}
          ${count > 0 ? renderPages(this.pages, { lang, overlay: (i) => this.overlay.render(i + 1, { lang, model, problems: a.problems, readOnly: this.readOnly }) }) : nothing}
        </div>
      </div>
      ${selected.length && a.panel.isOpen && !this.readOnly ? renderPanelFrame({ lang, fields: selected, actions: a, pageSize: (p) => this.pageSizePt(p), pageCount: count }) : nothing}
      <div class="visually-hidden" role="status" aria-live="polite">${a.announcement}</div>
    </div>`;
  }
}

declare global {
  interface EsignEventMap {
    'esign-change': CustomEvent<{ fields: FieldElement[]; cause: ChangeCause }>;
    'esign-select': CustomEvent<{ indexes: number[]; fields: FieldElement[] }>;
    'esign-validate': CustomEvent<{ ok: boolean; problems: FieldProblem[] }>;
    'esign-save': CustomEvent<{ ok: boolean; fields: FieldElement[]; problems: FieldProblem[]; error?: string }>;
    'esign-upload': CustomEvent<{ templateId: string; report: unknown; file: File }>;
  }
  interface HTMLElementTagNameMap {
    'esign-editor': EsignEditor;
  }
}

export { registerEditorTranslation } from './editor-i18n.ts';
export type { EditorTranslation } from './editor-i18n.ts';

defineElement('esign-editor', EsignEditor);
