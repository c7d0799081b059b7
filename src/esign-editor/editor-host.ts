/**
 * What the editor's actions and controllers need from the element, and nothing more: the one way in
 * from EditorActions, SaveFlow, PanelActions and ClipboardActions to <esign-editor>. `editorHostOf()`
 * builds it from the element's public properties plus the few private parts it is handed, so none of
 * those has to be public.
 */
import type { FieldElement } from '../fields/types.ts';
import type { PdfErrorCode } from '../internal/pdf-source.ts';
import type { PageSize } from './editing/field-doc.ts';
import type { EditorPdf } from './controllers/editor-pdf.ts';
import { langOf } from './editor-i18n.ts';

export interface EditorHost {
  readonly lang: string;
  readonly readOnly: boolean;
  readonly pageCount: number;
  /** The page most in view (1-based). */
  readonly currentPage: number;
  readonly autosaveDelay: number;
  /** The REST template the fields load from and save to; null without one (fields in `esign-save` only). */
  readonly server: { endpoint: string; token: string; template: string } | null;
  /** The element's shadow root, for focus and `:active` checks. */
  readonly root: ShadowRoot | null;
  readonly scroller: HTMLElement | null;
  /** A page's displayed size in points (the first page's until its own is known). */
  pageSizePt(page: number): PageSize;
  /** Page `page` (1-based) in the shadow DOM. */
  pageElement(page: number): HTMLElement | null;
  fieldElement(id: string): HTMLElement | null;
  emit<K extends keyof EsignEventMap>(name: K, detail: EsignEventMap[K]['detail']): void;
  /** An edit changed the fields: the element's `fields` property follows. */
  fieldsChanged(fields: FieldElement[]): void;
  /** Re-render after the actions' state changed. */
  requestUpdate(): void;
  /** Ends a pointer or toolbox gesture under way; true when there was one. */
  cancelGestures(): boolean;
  /** A failure while loading the fields: `esign-error` unless this load already reported the same cause. */
  reportLoadFailure(message: string, code: PdfErrorCode): void;
}

/** The element's public side that the host reads. */
export interface EditorElement extends HTMLElement {
  readonly readOnly: boolean;
  readonly autosaveDelay: number;
  readonly template: string;
  readonly endpoint: string;
  readonly token: string;
  fields: FieldElement[] | null;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly scroller: HTMLElement | null;
  requestUpdate(): void;
}

/** What only the element can hand over: its PDF, its (protected) event dispatch, and its gestures. */
export interface EditorHostParts {
  pdf: EditorPdf;
  emit: EditorHost['emit'];
  cancelGestures: () => boolean;
}

export function editorHostOf(el: EditorElement, parts: EditorHostParts): EditorHost {
  const { pdf } = parts;
  return {
    get lang() {
      return langOf(el);
    },
    get readOnly() {
      return el.readOnly;
    },
    get pageCount() {
      return pdf.pages.pageCount;
    },
    get currentPage() {
      return pdf.pages.currentPage + 1;
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
    pageSizePt: (page) => pdf.pageSizePt(page),
    pageElement: (page) => el.renderRoot?.querySelector<HTMLElement>(`.page[data-page="${page}"]`) ?? null,
    fieldElement: (id) => el.renderRoot?.querySelector<HTMLElement>(`[data-id="${id}"]`) ?? null,
    emit: parts.emit,
    fieldsChanged: (fields) => {
      el.fields = fields;
    },
    requestUpdate: () => el.requestUpdate(),
    cancelGestures: parts.cancelGestures,
    reportLoadFailure: (message, code) => pdf.failed(message, code),
  };
}
