/**
 * What the editor's actions and controllers need from the element, and nothing more: the one way in
 * from EditorActions, SaveFlow, PanelActions and ClipboardActions to <esign-editor>. The element builds
 * it from private members, so none of them has to be public.
 */
import type { FieldElement } from '../fields/types.ts';
import type { PdfErrorCode } from '../internal/pdf-source.ts';
import type { PageSize } from './editing/field-doc.ts';

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
