/**
 * The property panel for the selected field(s). A template function: every input reports a patch to the
 * element, which records it (typing in one input is one undo step). With several fields selected it
 * shows the properties they can share.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { draftValue } from './editing/draft-value.ts';
import { FONT_NAMES, type FieldElement } from '../fields/types.ts';
import { VALIDATION_CODES } from '../fields/codes.ts';
import { kindOf } from '../fields/kinds/index.ts';
import { compileSafeRegex } from '../fields/safe-regex.ts';
import { labelProblem } from '../fields/limits.ts';
import { signerName } from '../internal/field-overlay.ts';
import type { EditorField, PageSize } from './editing/field-doc.ts';
import { TOOL_TYPES, toolTypeOf, type ToolType } from './editing/toolbox.ts';
import { recipientName, type Recipient } from './recipients.ts';
import { te } from './editor-i18n.ts';
import { toolName } from './editor-views.ts';
import type { EditorActions } from './editor-actions.ts';

export interface PanelView {
  lang: string;
  fields: readonly EditorField[];
  recipients: readonly Recipient[];
  pageSize: (page: number) => PageSize;
  pageCount: number;
  problems: readonly string[];
  regexSample: string;
  duplicateRange: string;
  duplicateError: string;
  /** Changes the selected fields; `key` names the input, so typing in it makes one undo step. */
  onPatch: (patch: Partial<FieldElement>, key: string) => void;
  onType: (type: ToolType) => void;
  /** Sets the primary field's rect from points. */
  onGeometry: (which: 'x' | 'y' | 'width' | 'height' | 'page', value: number) => void;
  onSettle: () => void;
  onRegexSample: (value: string) => void;
  onDuplicateRange: (value: string) => void;
  onDuplicate: () => void;
  onClose: () => void;
}

const num = (e: Event): number => Number((e.target as HTMLInputElement).value);
const str = (e: Event): string => (e.target as HTMLInputElement).value;
const checked = (e: Event): boolean => (e.target as HTMLInputElement).checked;
const round = (n: number): number => Math.round(n * 10) / 10;

/** The value all fields share, or undefined when they differ. */
function common<K extends keyof FieldElement>(fields: readonly EditorField[], key: K): FieldElement[K] | undefined {
  const first = fields[0].el[key];
  return fields.every((f) => f.el[key] === first) ? first : undefined;
}

export function renderPanel(v: PanelView): TemplateResult {
  const { lang, fields } = v;
  const one = fields.length === 1 ? fields[0].el : null;
  const title = one ? toolName(lang, toolTypeOf(one)) : te(lang, 'editor.panel.selection', { count: fields.length });
  const signer = common(fields, 'signer');
  const isText = fields.every((f) => f.el.element_type === 'text' || f.el.element_type === 'admin');
  return html`<form class="panel-body" @submit=${(e: Event) => e.preventDefault()} @focusout=${v.onSettle}>
    <div class="panel-head">
      <h2 class="section-title" id="panel-title">${title}</h2>
      <button type="button" class="mini" aria-label=${te(lang, 'editor.panel.close')} @click=${v.onClose}>✕</button>
    </div>
    ${v.problems.length ? html`<ul class="panel-problems" role="alert">${v.problems.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}
    ${
      one
        ? html`<label>${te(lang, 'editor.panel.type')}
          <select name="type" @change=${(e: Event) => v.onType(str(e) as ToolType)}>
            ${TOOL_TYPES.map((t) => html`<option value=${t} ?selected=${toolTypeOf(one) === t}>${toolName(lang, t)}</option>`)}
          </select></label>`
        : nothing
    }
    <label>${te(lang, 'editor.panel.recipient')}
      <select name="signer" @change=${(e: Event) => v.onPatch({ signer: num(e) }, 'signer')}>
        ${signer === undefined ? html`<option value="" selected disabled>—</option>` : nothing}
        <option value="0" ?selected=${(signer ?? -1) === 0}>${signerName(0, lang)}</option>
        ${v.recipients.map((r) => html`<option value=${r.signer} ?selected=${signer === r.signer}>${recipientName(r)}</option>`)}
      </select></label>
    ${one ? renderSingle(v, one) : nothing}
    <label class="check"><input type="checkbox" name="required" .checked=${live(common(fields, 'optional') === false)} @change=${(e: Event) => v.onPatch({ optional: !checked(e) }, 'optional')} />${te(lang, 'editor.panel.required')}</label>
    ${isText ? renderTextLook(v) : nothing}
    <label class="check"><input type="checkbox" name="hide_border" .checked=${live(common(fields, 'hide_border') === true)} @change=${(e: Event) => v.onPatch({ hide_border: checked(e) }, 'hide_border')} />${te(lang, 'editor.panel.hideBorder')}</label>
    <label class="check"><input type="checkbox" name="no_pdf" .checked=${live(common(fields, 'no_pdf') === true)} @change=${(e: Event) => v.onPatch({ no_pdf: checked(e) }, 'no_pdf')} />${te(lang, 'editor.panel.noPdf')}</label>
    <label>${te(lang, 'editor.panel.duplicateTo')}
      <span class="row">
        <input name="duplicate_range" .value=${live(v.duplicateRange)} aria-invalid=${v.duplicateError ? 'true' : 'false'} @input=${(e: Event) => v.onDuplicateRange(str(e))} @keydown=${(
          e: KeyboardEvent,
        ) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            v.onDuplicate();
          }
        }} />
        <button type="button" name="duplicate" @click=${v.onDuplicate}>${te(lang, 'editor.panel.duplicateApply')}</button>
      </span>
      ${v.duplicateError ? html`<small class="error" role="alert">${v.duplicateError}</small>` : nothing}
    </label>
  </form>`;
}

function renderSingle(v: PanelView, el: FieldElement): TemplateResult {
  const { lang } = v;
  const size = v.pageSize(el.page);
  const kind = kindOf(el);
  const options = kind.editorOptions(el);
  return html`
    <label>${te(lang, 'editor.panel.label')}
      <input name="label" maxlength="60" .value=${live(el.label)} aria-invalid=${labelProblem(el.label) ? 'true' : 'false'} aria-describedby=${labelProblem(el.label) ? 'label-problem' : nothing}
        @input=${(e: Event) => v.onPatch({ label: str(e) }, 'label')} />
      ${labelProblem(el.label) ? html`<small class="error" id="label-problem" role="status">${labelProblem(el.label)}</small>` : nothing}</label>
    ${
      el.element_type === 'text'
        ? html`<label>${te(lang, 'editor.panel.validation')}
          <select name="validation" @change=${(e: Event) => v.onPatch({ validation: str(e) === '' ? null : Number(str(e)) }, 'validation')}>
            <option value="" ?selected=${el.validation === null || el.validation === 0}>${te(lang, 'editor.panel.none')}</option>
            ${VALIDATION_CODES.map((c) => html`<option value=${c.code} ?selected=${el.validation === c.code}>${c.code} · ${c.name}</option>`)}
          </select></label>`
        : nothing
    }
    ${
      options === 'items'
        ? html`<label>${te(lang, 'editor.panel.items')}<textarea name="options" rows="4" .value=${live(el.options)} @input=${(e: Event) => v.onPatch({ options: str(e) }, 'options')}></textarea></label>`
        : nothing
    }
    ${
      options === 'secret'
        ? html`<label>${te(lang, 'editor.panel.secret')}<input name="options" .value=${live(el.options)} @input=${(e: Event) => v.onPatch({ options: str(e) }, 'options')} /></label>`
        : nothing
    }
    ${options === 'pattern' ? renderRegex(v, el) : nothing}
    ${!kind.presettable ? nothing : html`<label>${te(lang, 'editor.panel.value')}<input name="value" .value=${live(el.value)} @input=${(e: Event) => v.onPatch({ value: str(e) }, 'value')} /></label>`}
    <label>${te(lang, 'editor.panel.fieldOrder')}
      <input name="fieldorder" type="number" min="1" step="1" .value=${live(el.fieldorder === null ? '' : String(el.fieldorder))}
        @input=${(e: Event) => v.onPatch({ fieldorder: str(e) === '' ? null : Math.max(1, Math.round(num(e))) }, 'fieldorder')} /></label>
    <fieldset class="geometry">
      <label>${te(lang, 'editor.panel.page')}<input name="page" type="number" min="1" max=${v.pageCount} step="1" .value=${draftValue(String(el.page))} @change=${(e: Event) => v.onGeometry('page', num(e))} /></label>
      <label>${te(lang, 'editor.panel.x')}<input name="x" type="number" step="1" .value=${draftValue(String(round(el.ax * size.width)))} @change=${(e: Event) => v.onGeometry('x', num(e))} /></label>
      <label>${te(lang, 'editor.panel.y')}<input name="y" type="number" step="1" .value=${draftValue(String(round(el.ay * size.height)))} @change=${(e: Event) => v.onGeometry('y', num(e))} /></label>
      <label>${te(lang, 'editor.panel.width')}<input name="width" type="number" step="1" min="1" .value=${draftValue(String(round((el.bx - el.ax) * size.width)))} @change=${(e: Event) => v.onGeometry('width', num(e))} /></label>
      <label>${te(lang, 'editor.panel.height')}<input name="height" type="number" step="1" min="1" .value=${draftValue(String(round((el.by - el.ay) * size.height)))} @change=${(e: Event) => v.onGeometry('height', num(e))} /></label>
    </fieldset>`;
}

function renderRegex(v: PanelView, el: FieldElement): TemplateResult {
  const { lang } = v;
  const pattern = el.options.split('\n')[0] ?? '';
  const compiled = compileSafeRegex(pattern);
  let verdict: TemplateResult | typeof nothing = nothing;
  if (!compiled.ok) verdict = html`<small class="error" role="status">${compiled.message}</small>`;
  else if (v.regexSample !== '') {
    const ok = compiled.regex.test(v.regexSample);
    verdict = html`<small class=${ok ? 'ok' : 'error'} role="status" data-regex-result=${ok ? 'match' : 'no-match'}>${te(lang, ok ? 'editor.panel.regexMatches' : 'editor.panel.regexNoMatch')}</small>`;
  }
  return html`<label>${te(lang, 'editor.panel.regex')}<input name="options" class="mono" .value=${live(pattern)}
      @input=${(e: Event) => v.onPatch({ options: [str(e), ...el.options.split('\n').slice(1)].join('\n') }, 'options')} /></label>
    <label>${te(lang, 'editor.panel.regexTest')}<input name="regex_sample" .value=${live(v.regexSample)} @input=${(e: Event) => v.onRegexSample(str(e))} /></label>
    ${verdict}`;
}

function renderTextLook(v: PanelView): TemplateResult {
  const { lang, fields } = v;
  const font = common(fields, 'font_name');
  const size = common(fields, 'font_size');
  const align = common(fields, 'align');
  return html`<fieldset class="look">
    <label>${te(lang, 'editor.panel.font')}
      <select name="font_name" @change=${(e: Event) => v.onPatch({ font_name: str(e) as FieldElement['font_name'] }, 'font_name')}>
        ${font === undefined ? html`<option value="" selected disabled>—</option>` : nothing}
        ${FONT_NAMES.map((f) => html`<option value=${f} ?selected=${font === f}>${f || te(lang, 'editor.panel.fontDefault')}</option>`)}
      </select></label>
    <label>${te(lang, 'editor.panel.size')}
      <input name="font_size" type="number" min="6" max="20" step="1" .value=${draftValue(size === undefined ? '' : String(size))}
        @change=${(e: Event) => {
          const n = Math.round(num(e));
          if (n >= 6 && n <= 20) v.onPatch({ font_size: n }, 'font_size');
        }} /></label>
    <label>${te(lang, 'editor.panel.align')}
      <select name="align" @change=${(e: Event) => v.onPatch({ align: num(e) as FieldElement['align'] }, 'align')}>
        ${align === undefined ? html`<option value="" selected disabled>—</option>` : nothing}
        <option value="1" ?selected=${align === 1}>${te(lang, 'editor.panel.alignLeft')}</option>
        <option value="2" ?selected=${align === 2}>${te(lang, 'editor.panel.alignCenter')}</option>
        <option value="3" ?selected=${align === 3}>${te(lang, 'editor.panel.alignRight')}</option>
      </select></label>
  </fieldset>`;
}

/** What the element gives the panel frame: the selection, and the actions that own the panel's state. */
export interface PanelFrameView {
  lang: string;
  fields: readonly EditorField[];
  actions: EditorActions;
  pageSize: (page: number) => PageSize;
  pageCount: number;
}

/** The floating panel (a non-modal dialog) around the selection's properties, wired to the panel actions. */
export function renderPanelFrame({ lang, fields, actions: a, pageSize, pageCount }: PanelFrameView): TemplateResult {
  const p = a.panel;
  return html`<div class="panel" part="panel" role="dialog" aria-modal="false" aria-labelledby="panel-title">${renderPanel({
    lang,
    fields,
    recipients: a.recipients,
    pageSize,
    pageCount,
    problems: fields.flatMap((f) => a.problems.get(f.id) ?? []),
    regexSample: p.regexSample,
    duplicateRange: p.duplicateRange,
    duplicateError: p.duplicateError,
    onPatch: (patch, key) => p.patchSelection(patch, key),
    onType: (type) => p.changeType(type),
    onGeometry: (w, v) => p.setGeometry(w, v),
    onSettle: () => a.model.settle(),
    onRegexSample: (s) => p.setRegexSample(s),
    onDuplicateRange: (s) => p.setDuplicateRange(s),
    onDuplicate: () => p.duplicateToRange(),
    onClose: () => p.close(true),
  })}</div>`;
}
