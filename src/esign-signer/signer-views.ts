/**
 * Templates of <esign-signer>: its own fields on the page (buttons over the PDF, with their
 * message beside them), the sticky field bar (the active field's control, progress, navigation),
 * the final states and the confirm dialogs. Functions of a small view model; the element owns state.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { signerInput } from '../fields/kinds/index.ts';
import type { FieldElement } from '../fields/types.ts';
import { displayValue, fieldBoxStyle, fieldTitle, renderFieldContent } from '../internal/field-overlay.ts';
import { t } from '../internal/i18n.ts';
import { hintText } from './signer-hints.ts';
import { ts } from './signer-i18n.ts';
import type { SignerMessageKey } from './signer-i18n.ts';
import { isAutomatic, isImageField } from './signer-model.ts';
import type { PdfPagesController } from '../internal/pdf-pages.ts';
import { renderPages } from '../internal/pages-template.ts';

export interface FieldBarModel {
  lang: string;
  field: FieldElement;
  index: number;
  count: number;
  value: string;
  problem: string;
  showProblem: boolean;
  progress: { done: number; total: number };
  adopted: string;
  busy: boolean;
  onValue: (value: string) => void;
  /** A code-guarded signature (73): the code typed so far and where it goes; undefined for every other field. */
  code?: { value: string; onInput: (code: string) => void };
  onBlur: () => void;
  onCapture: () => void;
  onAttach: (file: File) => void;
  onUseAdopted: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onFinish: () => void;
  onReject: () => void;
}

/** One of the recipient's own fields over the page: a button that makes it the active field. */
export function ownFieldBox(
  lang: string,
  field: FieldElement,
  value: string,
  opts: { active: boolean; problem: string; position: number; onActivate: () => void },
): TemplateResult {
  const shown = { ...field, value };
  const style = fieldBoxStyle(field);
  const errorStyle = { left: style.left, top: `calc(${style.top} + ${style.height})` };
  return html`<button
      type="button"
      class="field own"
      part="field field-own field-${field.element_type}${opts.active ? ' field-active' : ''}"
      tabindex="-1"
      data-uuid=${field.uuid ?? ''}
      data-type=${field.element_type}
      ?data-active=${opts.active}
      ?data-invalid=${opts.problem !== ''}
      ?data-filled=${value !== ''}
      aria-label=${fieldBoxName(lang, shown, opts.position)}
      style=${styleMap(style)}
      @click=${opts.onActivate}
    >${renderFieldContent(shown, lang)}</button>${opts.problem ? html`<div class="field-error" part="field-error" style=${styleMap(errorStyle)}>${opts.problem}</div>` : nothing}`;
}

/**
 * A field box's accessible name starts with what the box shows (WCAG 2.5.3: the label, "(optional)" included,
 * or the value once filled), then which of the recipient's fields it is, then "required" for a required one
 * (a button cannot carry aria-required).
 */
export function fieldBoxName(lang: string, shown: FieldElement, position: number): string {
  const title = fieldTitle(shown, lang);
  const visible = displayValue(shown);
  const label = shown.optional ? `${title} (${t(lang, 'field.optional')})` : title;
  const name = ts(lang, 'signer.fieldBox', { title: label, index: position + 1 });
  return [visible, name, shown.optional ? '' : ts(lang, 'signer.required')].filter(Boolean).join(', ');
}

/** Required-ness of the bar's control, for assistive technology: aria-required where the role allows it. */
function required(f: FieldElement): 'true' | 'false' {
  return f.optional ? 'false' : 'true';
}

function control(m: FieldBarModel): TemplateResult {
  const { field: f, lang } = m;
  const hint = signerInput(f);
  const invalid = m.showProblem && m.problem !== '' ? 'true' : 'false';
  const onInput = (e: Event) => m.onValue((e.target as HTMLInputElement).value);
  if (isAutomatic(f)) return html`<p class="automatic" id="field-value">${ts(lang, 'signer.automatic', { value: m.value })}</p>`;
  if (isImageField(f)) {
    const initials = f.element_type === 'initials';
    const code = m.code;
    return html`${
      code
        ? html`<label class="code" part="code">${ts(lang, 'signer.code')}
            <input type="text" id="field-code" autocomplete="off" spellcheck="false" .value=${code.value}
              aria-describedby="field-error" @input=${(e: Event) => code.onInput((e.target as HTMLInputElement).value)} /></label>`
        : nothing
    }${m.value ? html`<img class="signature-preview" part="signature-preview" src=${m.value} alt=${fieldTitle(f, lang)} />` : nothing}
      ${
        !m.value && m.adopted && hint.control !== 'draw'
          ? html`<button type="button" class="primary" id="field-input" part="button primary" @click=${m.onUseAdopted}>${ts(lang, initials ? 'signer.useAdoptedInitials' : 'signer.useAdopted')}</button>`
          : nothing
      }
      <button type="button" id=${m.value || m.adopted ? 'field-capture' : 'field-input'} class=${m.value || m.adopted ? '' : 'primary'} part="button"
        aria-describedby="field-name field-hint field-error" @click=${m.onCapture}>${m.value || m.adopted ? ts(lang, 'signer.change') : ts(lang, initials ? 'signer.addInitials' : hint.control === 'draw' ? 'signer.draw' : 'signer.sign')}</button>
      ${m.value ? html`<button type="button" part="button" @click=${() => m.onValue('')}>${ts(lang, 'signer.clear')}</button>` : nothing}`;
  }
  if (hint.control === 'file') {
    return html`<input type="file" id="field-input" aria-required=${required(f)} aria-invalid=${invalid} aria-describedby="field-hint field-error"
        @change=${(e: Event) => {
          const file = (e.target as HTMLInputElement).files?.[0];
          if (file) m.onAttach(file);
        }} />
      ${m.value ? html`<span class="attached" part="attachment-name">${ts(lang, 'signer.attached', { name: m.value })}</span>` : nothing}`;
  }
  if (hint.control === 'checkbox') {
    const marks = hint.marks ?? [];
    if (!marks.includes('')) {
      return html`<select id="field-input" aria-required=${required(f)} aria-invalid=${invalid} aria-describedby="field-hint field-error" .value=${m.value} @change=${onInput}>
        ${marks.map((s) => html`<option value=${s} ?selected=${m.value === s}>${ts(lang, s === 'tick' ? 'signer.tick' : s === 'cross' ? 'signer.cross' : 'signer.blank')}</option>`)}
      </select>`;
    }
    const on = marks.find((s) => s !== '') ?? 'tick';
    return html`<input type="checkbox" id="field-input" aria-required=${required(f)} aria-invalid=${invalid} aria-describedby="field-hint field-error" .checked=${m.value === on}
      @change=${(e: Event) => m.onValue((e.target as HTMLInputElement).checked ? on : '')} />`;
  }
  if (hint.control === 'select') {
    return html`<select id="field-input" aria-required=${required(f)} aria-invalid=${invalid} aria-describedby="field-hint field-error" @change=${onInput} @blur=${m.onBlur}>
      <option value="" ?selected=${m.value === ''}>${ts(lang, 'signer.choose')}</option>
      ${(hint.choices ?? []).map((c) => html`<option value=${c} ?selected=${m.value === c}>${c}</option>`)}
    </select>`;
  }
  return html`<input
    id="field-input"
    type=${hint.inputType}
    autocomplete=${hint.autocomplete ? nothing : 'off'}
    inputmode=${hint.inputMode}
    placeholder=${hint.placeholder || nothing}
    maxlength=${hint.maxLength ?? nothing}
    aria-required=${required(f)}
    aria-invalid=${invalid}
    aria-describedby="field-hint field-error"
    .value=${m.value}
    @input=${onInput}
    @blur=${m.onBlur}
  />`;
}

/**
 * The sticky bar: the active field's name and the progress (said once, here), its control, its hint and
 * message, and the way on. Kept to four short rows so it leaves a phone most of its height for the page.
 */
export function fieldBar(m: FieldBarModel): TemplateResult {
  const { lang, field: f } = m;
  const hint = signerInput(f);
  // An automatic field says what it holds in its control: the generic hint would say it twice.
  const description = hint.control === 'automatic' ? '' : hint.control === 'file' ? ts(lang, 'signer.attachmentChoose') : hintText(lang, f);
  const last = m.index >= m.count - 1;
  return html`<div class="bar" part="field-bar" role="group" aria-label=${ts(lang, 'signer.fieldsBar')}>
    <div class="bar-top">
      <label class="field-name" id="field-name" for=${isImageField(f) || isAutomatic(f) ? nothing : 'field-input'}>${fieldTitle(f, lang)}${qualifier(lang, f)}</label>
      <span part="field-position" class="field-position">${ts(lang, 'signer.fieldPosition', { index: m.index + 1, count: m.count })}</span>
      <span part="progress-count" class="progress-text" role="status" aria-live="polite">${m.progress.total ? ts(lang, 'signer.progress', m.progress) : ts(lang, 'signer.progressNone')}</span>
    </div>
    <div class="field-control" part="field-control">${control(m)}</div>
    <div class="notes">
      <p class="hint" id="field-hint" ?hidden=${!description}>${description}</p>
      <p class="error" id="field-error" part="field-message" role="status" aria-live="polite">${m.showProblem ? m.problem : ''}</p>
    </div>
    <div class="nav">
      <button type="button" part="button" class="step previous" ?disabled=${m.index === 0} @click=${m.onPrevious}><span class="step-text">${ts(lang, 'signer.previous')}</span></button>
      <button type="button" part="button" class=${last ? 'step next' : 'step next primary'} ?disabled=${last} @click=${m.onNext}><span class="step-text">${ts(lang, 'signer.next')}</span></button>
      <span class="spacer"></span>
      <button type="button" part="button reject" class="danger" ?disabled=${m.busy} @click=${m.onReject}>${ts(lang, 'signer.reject')}</button>
      <button type="button" part="button finish" class=${last || m.progress.done === m.progress.total ? 'primary' : ''} ?disabled=${m.busy} @click=${m.onFinish}>${ts(lang, 'signer.finish')}</button>
    </div>
  </div>`;
}

/**
 * "(optional)" shown after an optional field's name; "(required)" said (not shown) after a required one's. The
 * space is a character of the same text node: separate whitespace nodes were dropped from the accessible name.
 */
function qualifier(lang: string, f: FieldElement): TemplateResult | typeof nothing {
  if (isAutomatic(f)) return nothing;
  if (f.optional) return html`<small class="qualifier">${` (${ts(lang, 'signer.optional')})`}</small>`;
  return html`<span class="visually-hidden">${` (${ts(lang, 'signer.required')})`}</span>`;
}

export interface PageControlsModel {
  lang: string;
  page: number;
  pages: number;
  scale: number;
  onZoom: (direction: 1 | -1) => void;
  onFitWidth: () => void;
  onPage: (index: number) => void;
}

/** Zoom and page controls in the header: the recipient can look closer at the text and jump between pages. */
export function pageControls(m: PageControlsModel): TemplateResult {
  const { lang } = m;
  if (m.pages === 0) return html``;
  return html`<div class="page-controls" part="page-controls" role="toolbar" aria-label=${ts(lang, 'signer.pageControls')}>
    <button type="button" part="button" data-action="zoom-out" aria-label=${ts(lang, 'signer.zoomOut')} title=${ts(lang, 'signer.zoomOut')} @click=${() => m.onZoom(-1)}>−</button>
    <button type="button" part="button" data-action="zoom-in" aria-label=${ts(lang, 'signer.zoomIn')} title=${ts(lang, 'signer.zoomIn')} @click=${() => m.onZoom(1)}>+</button>
    <button type="button" part="button" data-action="fit-width" aria-label=${ts(lang, 'signer.fitWidth')} title=${ts(lang, 'signer.fitWidth')} @click=${m.onFitWidth}>↔</button>
    <button type="button" part="button" data-action="previous-page" aria-label=${ts(lang, 'signer.previousPage')} title=${ts(lang, 'signer.previousPage')} ?disabled=${m.page <= 0} @click=${() => m.onPage(m.page - 1)}>‹</button>
    <span class="page-number" part="page-number" aria-label=${ts(lang, 'signer.pageOf', { page: m.page + 1, pages: m.pages })}>${ts(lang, 'signer.pageShort', { page: m.page + 1, pages: m.pages })}</span>
    <button type="button" part="button" data-action="next-page" aria-label=${ts(lang, 'signer.nextPage')} title=${ts(lang, 'signer.nextPage')} ?disabled=${m.page >= m.pages - 1} @click=${() => m.onPage(m.page + 1)}>›</button>
  </div>`;
}

/** A bar without fields (approvers, or nothing left to fill): just finish or reject. */
export function emptyBar(lang: string, busy: boolean, approver: boolean, onFinish: () => void, onReject: () => void): TemplateResult {
  return html`<div class="bar" part="field-bar" role="group" aria-label=${ts(lang, 'signer.fieldsBar')}>
    <div class="nav"><span class="spacer"></span>
      <button type="button" part="button reject" class="danger" ?disabled=${busy} @click=${onReject}>${ts(lang, 'signer.reject')}</button>
      <button type="button" part="button finish" class="primary" ?disabled=${busy} @click=${onFinish}>${ts(lang, approver ? 'signer.approve' : 'signer.finish')}</button>
    </div>
  </div>`;
}

/** `verifying`: the pages are shown, the fields stay closed until the one-time code is entered. */
export type Phase = 'idle' | 'loading' | 'verifying' | 'signing' | 'done' | 'rejected' | 'blocked' | 'error';

const BLOCKED_KEYS: Record<string, SignerMessageKey> = {
  waiting: 'signer.waiting',
  finished: 'signer.finished',
  rejected: 'signer.documentRejected',
  withdrawn: 'signer.withdrawn',
  removed: 'signer.removed',
};

export interface MainAreaModel {
  lang: string;
  phase: Phase;
  message: string;
  documentStatus: number;
  blockedReason: string;
  /** The signed PDF exists: the final state offers it for download (fetched only on click). */
  canDownload: boolean;
  /** Why the last download did not happen ('' when it did, or before any). */
  downloadNote: string;
  onDownload: () => void;
  pages: PdfPagesController;
  onScroll: () => void;
  overlay: (pageIndex: number) => unknown;
}

/**
 * The pages with the fields over them, or the final state (done, rejected, error), or why the recipient cannot sign yet.
 * Before the one-time code no field box is focusable: the pages themselves take the keyboard, to be read and scrolled.
 */
export function mainArea(m: MainAreaModel): TemplateResult {
  const { lang, phase } = m;
  if (phase === 'error') return finalState(lang, 'signer.label', m.message, 'error');
  if (phase === 'done') {
    const next = m.documentStatus === 30 ? `${ts(lang, 'signer.doneDocument')} ${ts(lang, 'signer.doneNextComplete')}` : ts(lang, 'signer.doneNextOthers');
    return finalState(lang, 'signer.done', [next, m.message].filter(Boolean).join(' '), 'done', downloadButton(m));
  }
  if (phase === 'rejected') return finalState(lang, 'signer.rejected', m.message);
  const blocked = phase === 'blocked' ? finalState(lang, BLOCKED_KEYS[m.blockedReason] ?? 'signer.finished', '', 'blocked', downloadButton(m)) : nothing;
  const count = m.pages.pageCount;
  return html`${blocked}<div class="scroller" part="scroller" role="region" tabindex=${phase === 'verifying' ? '0' : '-1'} aria-label=${ts(lang, 'signer.label')}
      aria-busy=${phase === 'loading' ? 'true' : 'false'} @scroll=${m.onScroll}>
    ${phase === 'loading' && count === 0 ? html`<p class="message">${ts(lang, 'signer.loading')}</p>` : nothing}
    ${count > 0 ? renderPages(m.pages, { lang, overlay: m.overlay }) : nothing}
  </div>`;
}

export function finalState(lang: string, key: SignerMessageKey, extra = '', state = 'done', after: unknown = nothing): TemplateResult {
  return html`<div class="final" part="final" role="status" data-state=${state}><p class="final-title">${ts(lang, key)}</p>${extra ? html`<p>${extra}</p>` : nothing}${after}<slot name="final"></slot></div>`;
}

/** "Download the signed PDF": a button, so the PDF is fetched (and the download recorded) only when the recipient asks. */
function downloadButton(m: MainAreaModel): unknown {
  if (!m.canDownload) return nothing;
  return html`<p><button type="button" part="button download" class="primary" @click=${m.onDownload}>${ts(m.lang, 'signer.downloadSigned')}</button></p>${
    m.downloadNote ? html`<p class="download-note" part="download-note">${m.downloadNote}</p>` : nothing
  }`;
}

export interface DialogsModel {
  lang: string;
  approver: boolean;
  reason: string;
  reasonProblem: string;
  busy: boolean;
  onReason: (reason: string) => void;
  onSubmit: () => void;
  onReject: () => void;
  onClose: () => void;
}

export function dialogs(m: DialogsModel): TemplateResult {
  const { lang } = m;
  return html`<dialog id="confirm-submit" part="dialog" aria-labelledby="confirm-submit-title" @close=${m.onClose}>
      <h2 id="confirm-submit-title">${ts(lang, m.approver ? 'signer.confirmApproveTitle' : 'signer.confirmSubmitTitle')}</h2>
      <p>${ts(lang, m.approver ? 'signer.confirmApprove' : 'signer.confirmSubmit')}</p>
      <div class="dialog-actions">
        <button type="button" part="button" @click=${m.onClose}>${ts(lang, 'signer.cancel')}</button>
        <button type="button" part="button primary" class="primary" id="confirm-submit-button" ?disabled=${m.busy} @click=${m.onSubmit}>${ts(lang, 'signer.submit')}</button>
      </div>
    </dialog>
    <dialog id="confirm-reject" part="dialog" aria-labelledby="confirm-reject-title" @close=${m.onClose}>
      <h2 id="confirm-reject-title">${ts(lang, 'signer.confirmRejectTitle')}</h2>
      <label for="reject-reason">${ts(lang, 'signer.rejectReason')}</label>
      <textarea id="reject-reason" maxlength="1000" aria-invalid=${m.reasonProblem ? 'true' : 'false'} aria-describedby="reject-problem" .value=${m.reason}
        @input=${(e: Event) => m.onReason((e.target as HTMLTextAreaElement).value)}></textarea>
      <p class="error" id="reject-problem" role="status">${m.reasonProblem}</p>
      <div class="dialog-actions">
        <button type="button" part="button" @click=${m.onClose}>${ts(lang, 'signer.cancel')}</button>
        <button type="button" part="button" class="danger" id="confirm-reject-button" ?disabled=${m.busy} @click=${m.onReject}>${ts(lang, 'signer.confirmReject')}</button>
      </div>
    </dialog>`;
}
