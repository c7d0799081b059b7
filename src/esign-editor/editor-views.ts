/**
 * Lit templates of the editor's chrome: the toolbar, the toolbox, the recipients list and one editable
 * field. Pure functions of what they are given; the element owns state and handlers.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import { unsafeSVG } from 'lit/directives/unsafe-svg.js';
import { styleMap } from 'lit/directives/style-map.js';
import { displayValue, fieldBoxStyle, fieldTitle, renderFieldContent, signerName } from '../internal/field-overlay.ts';
import { signerColor, signerRef } from '../fields/signers.ts';
import type { EditorField } from './editing/field-doc.ts';
import { HANDLES } from './editing/transform.ts';
import { toolTypeOf, type ToolType } from './editing/toolbox.ts';
import { ALIGN_MODES, type AlignMode } from './editing/arrange.ts';
import { recipientName, type Recipient } from './recipients.ts';
import { te, type EditorMessageKey } from './editor-i18n.ts';
import { t } from '../internal/i18n.ts';
import type { SaveState } from '../internal/autosave.ts';

// Small inline icons: emoji and rarer symbols are missing from many system fonts (they show as boxes).
const icon = (path: string) =>
  svg`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${unsafeSVG(path)}</svg>`;
const ICON_PATHS = {
  signature: '<path d="M2 12c2-1 3-7 5-7s-1 6 1 6 2-3 3-3 1 2 3 2"/><path d="M2 14h12"/>',
  initials: '<path d="M2 12l2.5-8L7 12M3 9h3M9 4v8h2.5a2 2 0 0 0 0-4H9h2a2 2 0 0 0 0-4H9"/>',
  text: '<path d="M3 4V3h10v1M8 3v10M6 13h4"/>',
  date: '<rect x="2" y="3" width="12" height="11" rx="1"/><path d="M2 6h12M5 1.5v3M11 1.5v3"/>',
  clock: '<circle cx="8" cy="8" r="6"/><path d="M8 4.5V8l2.5 1.5"/>',
  checkbox: '<rect x="2.5" y="2.5" width="11" height="11" rx="1.5"/><path d="M5 8l2 2 4-4"/>',
  dropdown: '<rect x="1.5" y="4" width="13" height="8" rx="1"/><path d="M9.5 7l1.5 1.5L12.5 7"/>',
  number: '<path d="M6 2L4.5 14M11.5 2L10 14M2.5 5.5h11M2 10.5h11"/>',
  email: '<rect x="1.5" y="3.5" width="13" height="9" rx="1"/><path d="M2 4.5l6 4.5 6-4.5"/>',
  regex: '<path d="M11 2v6M8.5 3.5l5 3M13.5 3.5l-5 3"/><rect x="2.5" y="10" width="3.5" height="3.5"/>',
  sender: '<path d="M8 1.8l1.9 3.9 4.3.6-3.1 3 .7 4.3L8 11.6l-3.8 2 .7-4.3-3.1-3 4.3-.6z"/>',
  delete: '<path d="M2.5 4h11M6 4V2.5h4V4M4 4l.8 9.5h6.4L12 4M6.5 6.5v5M9.5 6.5v5"/>',
  warning: '<path d="M8 1.8l6.5 11.7h-13z"/><path d="M8 6.5v3M8 11.6v.1"/>',
  duplicate: '<rect x="5" y="5" width="9" height="9" rx="1"/><path d="M11 5V2.5a.5.5 0 0 0-.5-.5h-8a.5.5 0 0 0-.5.5v8a.5.5 0 0 0 .5.5H5"/>',
};
const TOOL_ICONS: Record<ToolType, keyof typeof ICON_PATHS> = {
  signature: 'signature',
  initials: 'initials',
  text: 'text',
  date: 'date',
  'signing-date': 'clock',
  checkbox: 'checkbox',
  dropdown: 'dropdown',
  number: 'number',
  email: 'email',
  regex: 'regex',
  sender: 'sender',
};

export function toolName(lang: string, type: ToolType): string {
  return te(lang, `editor.tool.${type}` as EditorMessageKey);
}

export interface FieldViewState {
  lang: string;
  selected: boolean;
  primary: boolean;
  /** Show resize handles (single selection, editable). */
  handles: boolean;
  problems: readonly string[] | undefined;
  /** The field covers text on the page (a warning: the signed PDF would hide it). */
  coversText: boolean;
  readOnly: boolean;
}

/** One field box over a page: focusable, selectable, with handles and problem marker. */
export function renderEditableField(f: EditorField, s: FieldViewState): TemplateResult {
  const el = f.el;
  const type = toolName(s.lang, toolTypeOf(el));
  // The accessible name starts with the text the box shows (its label, value or type), as axe expects.
  const shown = displayValue(el) || fieldTitle(el, s.lang);
  const label = `${shown}: ${te(s.lang, 'editor.field', { type, signer: signerName(el.signer, s.lang), page: el.page })}`;
  const problem = s.problems?.length ? s.problems.join(' ') : '';
  const warning = s.coversText ? te(s.lang, 'editor.coversText') : '';
  const note = [problem ? te(s.lang, 'editor.fieldProblem', { message: problem }) : '', warning].filter(Boolean).join('. ');
  return html`<div
    class="field efield"
    part="field field-${el.element_type}${s.selected ? ' field-selected' : ''}${problem ? ' field-invalid' : ''}"
    data-id=${f.id}
    data-type=${el.element_type}
    data-signer=${el.signer ?? 0}
    ?data-selected=${s.selected}
    ?data-primary=${s.primary}
    ?data-problem=${!!problem}
    ?data-covers-text=${!!warning}
    ?data-hide-border=${el.hide_border}
    tabindex="0"
    role="button"
    aria-pressed=${s.selected ? 'true' : 'false'}
    aria-label=${note ? `${label}. ${note}` : label}
    title=${[problem, warning].filter(Boolean).join(' ') || label}
    style=${styleMap(fieldBoxStyle(el))}
  >${renderFieldContent(el, s.lang)}${problem ? html`<span class="problem" part="field-problem" aria-hidden="true">!</span>` : warning ? html`<span class="covers" part="field-warning" aria-hidden="true">${icon(ICON_PATHS.warning)}</span>` : nothing}${
    s.handles && !s.readOnly ? HANDLES.map((h) => html`<span class="handle" part="handle" data-handle=${h} aria-hidden="true"></span>`) : nothing
  }</div>`;
}

export interface ToolboxView {
  lang: string;
  tools: readonly ToolType[];
  armed: ToolType | null;
  disabled: boolean;
  onPointerDown: (e: PointerEvent, type: ToolType) => void;
  onKeyDown: (e: KeyboardEvent, type: ToolType) => void;
  onClick: (e: MouseEvent, type: ToolType) => void;
}

export function renderToolbox(v: ToolboxView): TemplateResult {
  return html`<div class="toolbox" part="toolbox" role="group" aria-label=${te(v.lang, 'editor.toolbox')}>
    <p class="hint" id="toolbox-hint">${te(v.lang, 'editor.toolboxHint')}</p>
    ${v.tools.map(
      (type) => html`<button
        type="button"
        class="tool"
        part="tool"
        data-tool=${type}
        aria-pressed=${v.armed === type ? 'true' : 'false'}
        aria-describedby="toolbox-hint"
        ?disabled=${v.disabled}
        @pointerdown=${(e: PointerEvent) => v.onPointerDown(e, type)}
        @keydown=${(e: KeyboardEvent) => v.onKeyDown(e, type)}
        @click=${(e: MouseEvent) => v.onClick(e, type)}
      ><span class="tool-icon">${icon(ICON_PATHS[TOOL_ICONS[type]])}</span>${toolName(v.lang, type)}</button>`,
    )}
  </div>`;
}

export interface RecipientsView {
  lang: string;
  recipients: readonly Recipient[];
  active: number;
  editable: boolean;
  readOnly: boolean;
  onActivate: (signer: number) => void;
  /** Selected fields that belong to someone else than the chosen recipient (0: no assign button). */
  assignable: number;
  onAssign: (signer: number, who: string) => void;
  onAdd: (role: 'signer' | 'witness' | 'approver') => void;
  onRename: (signer: number, name: string) => void;
  onMove: (signer: number, direction: -1 | 1) => void;
}

export function renderRecipients(v: RecipientsView): TemplateResult {
  const signers = v.recipients.filter((r) => signerRef(r.signer).role === 'signer');
  return html`<div class="recipients" part="recipients">
    <h2 class="section-title">${te(v.lang, 'editor.recipients')}</h2>
    <div role="radiogroup" aria-label=${te(v.lang, 'editor.recipientFor')}>${v.recipients.map((r) => {
      const name = recipientName(r);
      const role = signerRef(r.signer).role;
      const position = signers.findIndex((s) => s.signer === r.signer);
      return html`<div class="recipient" part="recipient" data-signer=${r.signer} style="--esign-field-color:${signerColor(r.signer)}">
        <label class="recipient-pick">
          <input type="radio" name="recipient" .checked=${v.active === r.signer} ?disabled=${v.readOnly} @change=${() => v.onActivate(r.signer)} />
          <span class="swatch" data-role=${role} aria-hidden="true"></span>
          ${
            v.editable
              ? html`<input
                class="recipient-name"
                .value=${r.name}
                placeholder=${signerName(r.signer, v.lang)}
                aria-label=${te(v.lang, 'editor.renameRecipient', { who: signerName(r.signer, v.lang) })}
                @change=${(e: Event) => v.onRename(r.signer, (e.target as HTMLInputElement).value)}
              />`
              : html`<span class="recipient-name">${name}</span>`
          }
          ${role !== 'signer' ? html`<small class="role">${signerName(r.signer, v.lang)}</small>` : nothing}
        </label>
        ${
          v.editable && role === 'signer'
            ? html`<button type="button" class="mini" aria-label=${te(v.lang, 'editor.moveUp', { who: name })} ?disabled=${position <= 0} @click=${() => v.onMove(r.signer, -1)}>↑</button>
              <button type="button" class="mini" aria-label=${te(v.lang, 'editor.moveDown', { who: name })} ?disabled=${position >= signers.length - 1} @click=${() => v.onMove(r.signer, 1)}>↓</button>`
            : nothing
        }
      </div>`;
    })}</div>
    ${(() => {
      const chosen = v.recipients.find((r) => r.signer === v.active);
      if (!chosen || v.readOnly) return html`<p class="recipient-hint">${te(v.lang, 'editor.recipientHint')}</p>`;
      const who = recipientName(chosen);
      return v.assignable > 0
        ? html`<button type="button" class="assign" part="assign-button" @click=${() => v.onAssign(chosen.signer, who)}>${v.assignable === 1 ? te(v.lang, 'editor.assignOne', { who }) : te(v.lang, 'editor.assignMany', { who, count: v.assignable })}</button>`
        : html`<p class="recipient-hint">${te(v.lang, 'editor.recipientHint')}</p>`;
    })()}
    ${
      v.editable
        ? html`<div class="recipient-actions">
          <button type="button" @click=${() => v.onAdd('signer')}>${te(v.lang, 'editor.addSigner')}</button>
          <button type="button" @click=${() => v.onAdd('witness')}>${te(v.lang, 'editor.addWitness')}</button>
          <button type="button" @click=${() => v.onAdd('approver')}>${te(v.lang, 'editor.addApprover')}</button>
        </div>`
        : nothing
    }
  </div>`;
}

export interface ToolbarView {
  lang: string;
  canUndo: boolean;
  canRedo: boolean;
  selected: number;
  readOnly: boolean;
  saveState: SaveState;
  /** Why the last save failed: shown, not only announced. */
  saveError: string;
  canSave: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onAlign: (mode: AlignMode) => void;
  onDistribute: (axis: 'horizontal' | 'vertical') => void;
  onSave: () => void;
  panelOpen: boolean;
  onPanel: () => void;
  /** "Page 3 of 12" for the page most in view. */
  pageText: string;
  onZoom: (direction: 1 | -1) => void;
}

// The toolbar's arrange icons are Lucide's (ISC licence, lucide.dev), drawn inline on its 24-unit grid.
const lucide = (path: string) =>
  svg`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${unsafeSVG(path)}</svg>`;
const TOOLBAR_ICONS = {
  undo: '<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
  redo: '<path d="m15 14 5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>',
  zoomOut: '<circle cx="11" cy="11" r="8"/><path d="m21 21-4.3-4.3M8 11h6"/>',
  zoomIn: '<circle cx="11" cy="11" r="8"/><path d="m21 21-4.3-4.3M11 8v6M8 11h6"/>',
  distributeHorizontal:
    '<rect width="6" height="14" x="4" y="5" rx="2"/><rect width="6" height="10" x="14" y="7" rx="2"/><path d="M17 22v-5M17 7V2M7 22v-3M7 5V2"/>',
  distributeVertical:
    '<rect width="14" height="6" x="5" y="14" rx="2"/><rect width="10" height="6" x="7" y="4" rx="2"/><path d="M22 17h-3M22 7h-5M5 17H2M7 7H2"/>',
};
const ALIGN_ICONS: Record<AlignMode, string> = {
  left: '<rect width="9" height="6" x="6" y="14" rx="2"/><rect width="16" height="6" x="6" y="4" rx="2"/><path d="M2 2v20"/>',
  center:
    '<path d="M12 2v20M8 10H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h4M16 10h4a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-4M8 20H7a2 2 0 0 1-2-2v-2a2 2 0 0 1 2-2h1M16 14h1a2 2 0 0 1 2 2v2a2 2 0 0 1-2 2h-1"/>',
  right: '<rect width="16" height="6" x="2" y="4" rx="2"/><rect width="9" height="6" x="9" y="14" rx="2"/><path d="M22 22V2"/>',
  top: '<rect width="6" height="16" x="4" y="6" rx="2"/><rect width="6" height="9" x="14" y="6" rx="2"/><path d="M22 2H2"/>',
  middle:
    '<path d="M2 12h20M10 16v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-4M10 8V4a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v4M20 16v1a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2v-1M14 8V7a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v1"/>',
  bottom: '<rect width="6" height="16" x="4" y="2" rx="2"/><rect width="6" height="9" x="14" y="9" rx="2"/><path d="M22 22H2"/>',
};

export function renderToolbar(v: ToolbarView): TemplateResult {
  const ro = v.readOnly;
  const button = (label: string, glyph: unknown, disabled: boolean, onClick: () => void, name: string) =>
    html`<button type="button" part="button" data-action=${name} aria-label=${label} title=${label} ?disabled=${disabled} @click=${onClick}>${glyph}</button>`;
  return html`<div class="toolbar" part="toolbar" role="toolbar" aria-label=${te(v.lang, 'editor.toolbar')}>
    ${button(te(v.lang, 'editor.undo'), lucide(TOOLBAR_ICONS.undo), ro || !v.canUndo, v.onUndo, 'undo')}
    ${button(te(v.lang, 'editor.redo'), lucide(TOOLBAR_ICONS.redo), ro || !v.canRedo, v.onRedo, 'redo')}
    <span class="sep"></span>
    ${button(te(v.lang, 'editor.delete'), icon(ICON_PATHS.delete), ro || v.selected === 0, v.onDelete, 'delete')}
    ${button(te(v.lang, 'editor.duplicate'), icon(ICON_PATHS.duplicate), ro || v.selected === 0, v.onDuplicate, 'duplicate')}
    <button type="button" part="button" data-action="properties" aria-pressed=${v.panelOpen ? 'true' : 'false'} ?disabled=${ro || v.selected === 0} @click=${v.onPanel}>${te(v.lang, 'editor.panel')}</button>
    <span class="sep"></span>
    ${ALIGN_MODES.map((m) => button(te(v.lang, `editor.align.${m}` as EditorMessageKey), lucide(ALIGN_ICONS[m]), ro || v.selected === 0, () => v.onAlign(m), `align-${m}`))}
    ${button(te(v.lang, 'editor.distribute.horizontal'), lucide(TOOLBAR_ICONS.distributeHorizontal), ro || v.selected < 3, () => v.onDistribute('horizontal'), 'distribute-horizontal')}
    ${button(te(v.lang, 'editor.distribute.vertical'), lucide(TOOLBAR_ICONS.distributeVertical), ro || v.selected < 3, () => v.onDistribute('vertical'), 'distribute-vertical')}
    <span class="sep"></span>
    ${button(t(v.lang, 'viewer.zoomOut'), lucide(TOOLBAR_ICONS.zoomOut), false, () => v.onZoom(-1), 'zoom-out')}
    ${button(t(v.lang, 'viewer.zoomIn'), lucide(TOOLBAR_ICONS.zoomIn), false, () => v.onZoom(1), 'zoom-in')}
    <span class="page-indicator" part="page-indicator">${v.pageText}</span>
    <span class="grow"></span>
    <span class="save-state" part="save-state" data-state=${v.saveState} title=${v.saveError || nothing}>${v.saveError ? te(v.lang, 'editor.saveFailed', { reason: v.saveError }) : te(v.lang, `editor.state.${v.saveState}` as EditorMessageKey)}</span>
    ${v.canSave ? html`<button type="button" part="button save-button" data-action="save" class="save" ?disabled=${ro} @click=${v.onSave}>${te(v.lang, 'editor.save')}</button>` : nothing}
  </div>`;
}
