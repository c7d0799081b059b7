/**
 * The whole of <esign-editor>'s shadow DOM, from the element's controllers: toolbar, upload strip, the
 * side column (toolbox, recipients), the scrolling pages with the editable fields, the property panel and
 * the live region. The pieces themselves are in editor-views.ts, editor-panel.ts, upload-view.ts and
 * editor-overlay.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { renderPages } from '../internal/pages-template.ts';
import { stepZoom } from '../internal/zoom.ts';
import { t } from '../internal/i18n.ts';
import type { EditorField } from './editing/field-doc.ts';
import { parseToolbox } from './editing/toolbox.ts';
import type { EditableOverlay } from './editor-overlay.ts';
import { renderRecipients, renderToolbar, renderToolbox } from './editor-views.ts';
import { renderPanelFrame } from './editor-panel.ts';
import { te } from './editor-i18n.ts';
import type { EditorActions } from './editor-actions.ts';
import type { EditingControllers } from './controllers/editing-controllers.ts';
import { routeEditorKey } from './controllers/keyboard-editing.ts';
import type { DocumentUploadController } from './controllers/document-upload.ts';
import type { EditorPdf } from './controllers/editor-pdf.ts';
import { renderDropHint, renderUploadStrip } from './upload-view.ts';

export interface EditorFrameModel {
  lang: string;
  readOnly: boolean;
  /** The `toolbox` attribute. */
  toolbox: string;
  allowEditRecipients: boolean;
  actions: EditorActions;
  pdf: EditorPdf;
  editing: EditingControllers;
  upload: DocumentUploadController;
  overlay: EditableOverlay;
}

export function renderEditor(m: EditorFrameModel): TemplateResult {
  const { lang, actions: a, pdf, upload } = m;
  const model = a.model;
  const count = pdf.pages.pageCount;
  const selected = model.selection.map((id) => model.doc.find((f) => f.id === id)).filter((f): f is EditorField => !!f);
  return html`<div class="editor" part="base" role="application" aria-label=${te(lang, 'editor.label')} ?data-dropping=${upload.dragging} @dragover=${upload.onDragOver} @dragleave=${upload.onDragLeave} @drop=${upload.onDrop} @keydown=${(e: KeyboardEvent) => routeEditorKey(e, a)} @copy=${a.clipboard.onCopyEvent} @cut=${a.clipboard.onCopyEvent} @paste=${a.clipboard.onPasteEvent}>
      ${renderToolbar({
        lang,
        canUndo: model.canUndo,
        canRedo: model.canRedo,
        selected: selected.length,
        readOnly: m.readOnly,
        saveState: a.saveState,
        saveError: a.saveError,
        canSave: !m.readOnly,
        onUndo: () => a.undo(),
        onRedo: () => a.redo(),
        onDelete: () => a.deleteSelection(),
        onDuplicate: () => a.duplicateSelection(),
        onAlign: (mode) => a.align(mode),
        onDistribute: (axis) => a.distribute(axis),
        onSave: () => void a.save().catch(() => {}),
        onZoom: (d) => pdf.applyScale(stepZoom(pdf.pages.scale, d)),
        panelOpen: a.panel.isOpen,
        onPanel: () => a.panel.toggle(),
        pageText: count ? t(lang, 'viewer.page', { page: pdf.pages.currentPage + 1, pages: count }) : '',
      })}
      ${renderUploadStrip(lang, upload)}
      <div class="main">
        ${renderDropHint(lang, upload)}
        ${m.readOnly ? nothing : renderSide(m, selected, count)}
        ${renderScroller(m, count)}
      </div>
      ${selected.length && a.panel.isOpen && !m.readOnly ? renderPanelFrame({ lang, fields: selected, actions: a, pageSize: (p) => pdf.pageSizePt(p), pageCount: count }) : nothing}
      <div class="visually-hidden" role="status" aria-live="polite">${a.announcement}</div>
    </div>`;
}

function renderSide(m: EditorFrameModel, selected: readonly EditorField[], count: number): TemplateResult {
  const { lang, actions: a } = m;
  return html`<aside class="side" part="side">
          ${renderToolbox({ lang, tools: parseToolbox(m.toolbox), armed: a.armed, disabled: count === 0, onPointerDown: m.editing.toolDrag.onPointerDown, onKeyDown: (e, type) => a.toolKey(e, type), onClick: (e, type) => a.toolClick(type, m.editing.toolDrag) })}
          ${renderRecipients({ lang, recipients: a.recipients, active: a.activeSigner, editable: m.allowEditRecipients, readOnly: m.readOnly, onActivate: (s) => a.setActiveSigner(s), assignable: selected.filter((f) => f.el.signer !== a.activeSigner).length, onAssign: (s, who) => a.assignSelection(s, who), onAdd: (r) => a.addRecipient(r), onRename: (s, n) => a.renameRecipient(s, n), onMove: (s, d) => a.moveRecipient(s, d) })}
        </aside>`;
}

function renderScroller(m: EditorFrameModel, count: number): TemplateResult {
  const { lang, actions: a, pdf } = m;
  const { status, error } = pdf.source;
  const onDoubleClick = (e: MouseEvent) => {
    if ((e.target as Element).closest('[data-id]')) a.panel.open();
  };
  return html`<div class="scroller" part="scroller" role="region" tabindex="0" aria-label=${te(lang, 'editor.pages')} aria-busy=${status === 'loading' ? 'true' : 'false'}
          ?data-armed=${!!a.armed} @scroll=${() => pdf.pages.onScroll()} @pointerdown=${m.editing.pointer.onPointerDown} @focusin=${a.onFieldFocus} @dblclick=${onDoubleClick}>
          ${status === 'error' && error ? html`<div class="message error" part="error" role="alert"><h2>${t(lang, 'error.title')}</h2><p>${error.message}</p></div>` : nothing}
          ${status === 'idle' ? html`<p class="message">${t(lang, 'viewer.empty')}</p>` : nothing}
          ${count > 0 ? renderPages(pdf.pages, { lang, overlay: (i) => m.overlay.render(i + 1, { lang, model: a.model, problems: a.problems, covering: a.textGuard.covering(a.model.doc), readOnly: m.readOnly }) }) : nothing}
        </div>`;
}
