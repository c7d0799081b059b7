import type { PropertyValues, TemplateResult } from 'lit';
import { EsignElement, defineElement } from '../internal/esign-element.ts';
import { pagesStyles } from '../internal/pages-template.ts';
import { fieldOverlayStyles } from '../internal/field-overlay.ts';
import type { FieldElement, FieldProblem } from '../fields/types.ts';
import type { ChangeCause } from './editing/editor-model.ts';
import { EditableOverlay } from './editor-overlay.ts';
import { te, langOf } from './editor-i18n.ts';
import { EditingControllers } from './controllers/editing-controllers.ts';
import { EditorPdf } from './controllers/editor-pdf.ts';
import { FocusKeeper } from './controllers/focus-keeper.ts';
import { EditorActions } from './editor-actions.ts';
import { editorHostOf, type EditorHost } from './editor-host.ts';
import { DocumentUploadController, type RequestUpload } from './controllers/document-upload.ts';
import { renderEditor } from './editor-render.ts';
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
 * @cssproperty --esign-accent-text-color - Text on the accent colour (the Save button, problem badges; default white).
 * @cssproperty --esign-focus-color - Focus ring colour.
 * @cssproperty --esign-guide-color - Snap guide colour.
 * @cssproperty --esign-error-color - Problems and errors.
 * @cssproperty --esign-warning-color - Warnings: a field that covers the page's text (default amber).
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

  /** The PDF: source, pages, zoom, and load failures said once per cause. */
  protected readonly pdf: EditorPdf = new EditorPdf(this, {
    lang: () => langOf(this),
    zoom: () => this.zoom,
    scroller: () => this.scroller,
    pageElement: (page) => this.host.pageElement(page),
    onPageRendered: (page) => {
      this.pageRenders++;
      this.actions.textGuard.text.read(this.pdf.pages.doc, page);
      this.emit('esign-page-render', { page });
    },
    onLayoutComplete: (pages) => this.emit('esign-ready', { pages }),
    onPagesKnown: (count) => this.actions.pagesKnown(count),
    loadFields: () => this.actions.loadFromServer(),
    onError: (message, code) => this.emit('esign-error', { message, code }),
  });

  /** The element as EditorActions and its controllers see it (editor-host.ts). */
  private readonly host: EditorHost = editorHostOf(this, {
    pdf: this.pdf,
    emit: (name, detail) => void this.emit(name, detail),
    cancelGestures: () => this.editing.cancel(),
  });

  /** Editing state and every action; shared with the panel and keyboard handlers. */
  protected readonly actions: EditorActions = new EditorActions(this.host);

  /** Pointer gestures on the pages, dragging field types from the toolbox, the panel beside the selection. */
  protected readonly editing = new EditingControllers(this, { host: this.host, actions: this.actions, snapping: () => !this.noSnap });

  protected readonly upload = new DocumentUploadController(this, {
    requestUpload: () => this.requestUpload,
    onUploaded: (detail) => this.emit('esign-upload', detail),
    onFailed: (message) => this.emit('esign-error', { message, code: 'upload-failed' }),
    httpError: (status) => (status ? te(langOf(this), 'editor.upload.httpError', { status }) : te(langOf(this), 'editor.upload.offline')),
  });

  /** @internal Page canvases painted since the element was created (for tests and the benchmark). */
  pageRenders = 0;

  private readonly overlay = new EditableOverlay();
  private readonly focusKeeper = new FocusKeeper(this.host, (id) => this.actions.model.doc.some((f) => f.id === id));

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
  save(): Promise<{ ok: boolean; fields: FieldElement[]; problems: FieldProblem[]; warnings?: FieldProblem[]; error?: string }> {
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
    return this.pdf.pages.pageCount;
  }

  /** The page most in view (1-based). */
  get currentPage(): number {
    return this.pdf.pages.currentPage + 1;
  }

  get saveState(): SaveState {
    return this.actions.saveState;
  }

  /** @internal The scrolling pages container (the editor's browser tests drive it). */
  get scroller(): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null;
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
    if (['src', 'data', 'template', 'token', 'endpoint'].some((k) => changed.has(k as keyof EsignEditor))) {
      this.pdf.open({ data: this.data, src: this.src, endpoint: this.endpoint, token: this.token, id: this.template });
    }
    if (changed.has('zoom') && this.pdf.pages.pageCount > 0) this.pdf.applyScale(this.pdf.targetScale());
    if (changed.has('readOnly') && this.readOnly) this.actions.disarm();
    this.focusKeeper.remember();
  }

  protected override updated(): void {
    this.focusKeeper.restore();
    this.actions.afterUpdate();
  }

  protected override render(): TemplateResult {
    const { readOnly, toolbox, allowEditRecipients, actions, pdf, editing, upload, overlay } = this;
    return renderEditor({ lang: langOf(this), readOnly, toolbox, allowEditRecipients, actions, pdf, editing, upload, overlay });
  }
}

declare global {
  interface EsignEventMap {
    'esign-change': CustomEvent<{ fields: FieldElement[]; cause: ChangeCause }>;
    'esign-select': CustomEvent<{ indexes: number[]; fields: FieldElement[] }>;
    'esign-validate': CustomEvent<{ ok: boolean; problems: FieldProblem[] }>;
    'esign-save': CustomEvent<{ ok: boolean; fields: FieldElement[]; problems: FieldProblem[]; warnings?: FieldProblem[]; error?: string }>;
    'esign-upload': CustomEvent<{ templateId: string; report: unknown; file: File }>;
  }
  interface HTMLElementTagNameMap {
    'esign-editor': EsignEditor;
  }
}

export { registerEditorTranslation } from './editor-i18n.ts';
export type { EditorTranslation } from './editor-i18n.ts';

defineElement('esign-editor', EsignEditor);
