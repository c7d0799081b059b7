/** The viewer's toolbar: previous/next page, "Page n of m", zoom out/level/in. */
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { formatNumber, t } from '../internal/i18n.ts';

export interface ToolbarState {
  lang: string;
  pages: number;
  /** 1-based current page. */
  page: number;
  scale: number;
  onPrevious: () => void;
  onNext: () => void;
  onZoomOut: () => void;
  onZoomIn: () => void;
}

export function renderViewerToolbar(s: ToolbarState): TemplateResult {
  const none = s.pages === 0;
  const percent = formatNumber(s.lang, Math.round(s.scale * 100) / 100, { style: 'percent' });
  return html`<div class="toolbar" part="toolbar" role="toolbar" aria-label=${t(s.lang, 'viewer.toolbar')}>
    <button part="button" type="button" aria-label=${t(s.lang, 'viewer.previousPage')} ?disabled=${none || s.page <= 1} @click=${s.onPrevious}>‹</button>
    <span class="page-indicator" part="page-indicator">${none ? '' : t(s.lang, 'viewer.page', { page: s.page, pages: s.pages })}</span>
    <button part="button" type="button" aria-label=${t(s.lang, 'viewer.nextPage')} ?disabled=${none || s.page >= s.pages} @click=${s.onNext}>›</button>
    <button part="button" type="button" aria-label=${t(s.lang, 'viewer.zoomOut')} ?disabled=${none} @click=${s.onZoomOut}>−</button>
    <span class="zoom-level" part="zoom-level">${
      none ? '' : html`<span aria-hidden="true">${percent}</span><span class="visually-hidden">${t(s.lang, 'viewer.zoomLevel', { percent })}</span>`
    }</span>
    <button part="button" type="button" aria-label=${t(s.lang, 'viewer.zoomIn')} ?disabled=${none} @click=${s.onZoomIn}>+</button>
  </div>`;
}
