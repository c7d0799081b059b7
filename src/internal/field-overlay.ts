/**
 * Fields drawn over a page, read-only: boxes in percentages of the page (so zoom
 * costs nothing), coloured per signer, with label, filled value or signature image.
 * The editor and signer reuse the pieces: `fieldBoxStyle()` to position their own
 * wrappers, `renderFieldContent()` for the inside, or `renderFieldOverlay()` with a
 * `renderField` hook that replaces the rendering of chosen fields.
 */
import { css, html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { FieldElement } from '../fields/types.ts';
import { signerColor, signerRef } from '../fields/signers.ts';
import { FIELD_DEFAULTS, displayedContent, displayedText, kindOf } from '../fields/kinds/index.ts';
import { t } from './i18n.ts';
import type { MessageKey } from './i18n.ts';

/** A field and its position in the array the page passed in. */
export interface FieldEntry {
  field: FieldElement;
  index: number;
}

/** Groups fields by 1-based page number, keeping each one's index in the input. */
export function fieldsByPage(fields: readonly FieldElement[] | null | undefined): Map<number, FieldEntry[]> {
  const byPage = new Map<number, FieldEntry[]>();
  (fields ?? []).forEach((field, index) => {
    if (!field || typeof field !== 'object') return;
    const list = byPage.get(field.page) ?? [];
    list.push({ field, index });
    byPage.set(field.page, list);
  });
  return byPage;
}

const clamp01 = (n: number): number => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const pct = (n: number): string => `${(n * 100).toFixed(4)}%`;

/** Position (percent of the page box), signer colour and font size of a field, for `styleMap`. */
export function fieldBoxStyle(field: FieldElement): Record<string, string> {
  const ax = clamp01(Math.min(field.ax, field.bx));
  const ay = clamp01(Math.min(field.ay, field.by));
  const bx = clamp01(Math.max(field.ax, field.bx));
  const by = clamp01(Math.max(field.ay, field.by));
  return {
    left: pct(ax),
    top: pct(ay),
    width: pct(bx - ax),
    height: pct(by - ay),
    '--esign-field-color': signerColor(field.signer),
    // Points at zoom 1 are 4/3 CSS px; the pages container sets --esign-scale.
    '--esign-field-font-size': `calc(var(--esign-scale, 1) * ${Number(field.font_size) || FIELD_DEFAULTS.font_size} * 1.3333px)`,
  };
}

/** "Signer 2", "Witness 1", "Sender", in `lang`. */
export function signerName(signer: number | null | undefined, lang: string): string {
  const { role, index } = signerRef(signer);
  return t(lang, `signer.${role}` as MessageKey, { index });
}

const TYPE_KEYS: Record<string, MessageKey> = { signature: 'field.signature', initials: 'field.initials', text: 'field.text', admin: 'field.admin' };

/** What a field is called on screen: its label, else its type. */
export function fieldTitle(field: FieldElement, lang: string): string {
  if (field.label?.trim()) return field.label.trim();
  // A signing date is a text field the server fills: "Text" would tell the recipient nothing.
  if (kindOf(field).name === 'signing_date') return t(lang, 'field.signingDate');
  return t(lang, TYPE_KEYS[field.element_type] ?? 'field.text');
}

/** The text a filled field shows (checkbox values as ✓/✗, from the field's kind module); '' when empty or an image. */
export function displayValue(field: FieldElement): string {
  return displayedText(field);
}

/** The inside of a field box: a signature image, the filled value, or the label when empty. */
export function renderFieldContent(field: FieldElement, lang: string): TemplateResult {
  const title = fieldTitle(field, lang);
  const content = displayedContent(field);
  if (content.kind === 'image') {
    return html`<img part="field-image" class="field-image" src=${content.dataUrl} alt=${t(lang, 'field.label', { label: title, signer: signerName(field.signer, lang) })} />`;
  }
  if (content.kind === 'text' || content.kind === 'mark') {
    return html`<span part="field-value" class="field-value" data-align=${field.align ?? 1} data-content=${content.kind}>${content.text}</span>`;
  }
  return html`<span part="field-label" class="field-label">${title}${field.optional ? html` <small>(${t(lang, 'field.optional')})</small>` : nothing}</span>`;
}

/** One read-only field box (class `field`, part `field`), with its index in `data-index`. */
export function renderField(field: FieldElement, index: number, lang: string): TemplateResult {
  const filled = displayedContent(field).kind !== 'none';
  return html`<div
    part="field field-${field.element_type}${filled ? ' field-filled' : ''}"
    class="field"
    data-index=${index}
    data-type=${field.element_type}
    data-signer=${field.signer ?? 0}
    ?data-filled=${filled}
    ?data-hide-border=${field.hide_border}
    title=${t(lang, 'field.label', { label: fieldTitle(field, lang), signer: signerName(field.signer, lang) })}
    style=${styleMap(fieldBoxStyle(field))}
  >${renderFieldContent(field, lang)}</div>`;
}

export interface FieldOverlayOptions {
  lang: string;
  /** Renders one field instead of the default; return `undefined` to keep the default for it. */
  renderField?: (entry: FieldEntry) => unknown;
}

/** The fields of one page (from `fieldsByPage()`), inside a `.field-overlay` that covers the page. */
export function renderFieldOverlay(entries: readonly FieldEntry[] | undefined, options: FieldOverlayOptions): TemplateResult {
  return html`<div class="field-overlay" part="field-overlay">${(entries ?? []).map((entry) => {
    const custom = options.renderField?.(entry);
    return custom === undefined ? renderField(entry.field, entry.index, options.lang) : custom;
  })}</div>`;
}

/** Styles for the overlay and fields; include them in the element's `static styles`. */
export const fieldOverlayStyles = css`
  .field-overlay {
    position: absolute;
    inset: 0;
    pointer-events: none;
  }
  .field {
    position: absolute;
    box-sizing: border-box;
    display: flex;
    align-items: center;
    overflow: hidden;
    border: var(--esign-field-border-width, 1.5px) solid var(--esign-field-color);
    border-radius: var(--esign-field-radius, 2px);
    background: color-mix(in srgb, var(--esign-field-color) var(--esign-field-tint, 14%), transparent);
    color: var(--esign-field-text-color, #111827);
    font-family: var(--esign-field-font, system-ui, sans-serif);
    font-size: var(--esign-field-font-size);
    line-height: 1.1;
    padding: 0 0.2em;
  }
  /* A filled value covers what is printed under it, as it will on the final PDF. */
  .field[data-filled] {
    background: var(--esign-field-filled-background, rgb(255 255 255 / 0.92));
  }
  .field[data-hide-border][data-filled] {
    border-color: transparent;
  }
  .field-label {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    font-size: min(var(--esign-field-font-size), 0.9em);
    background: var(--esign-field-label-background, rgb(255 255 255 / 0.85));
    border-radius: 2px;
    padding: 0 0.2em;
  }
  .field-value {
    flex: 1;
    white-space: pre;
    overflow: hidden;
  }
  .field-value[data-align='2'] { text-align: center; }
  .field-value[data-align='3'] { text-align: right; }
  .field-image {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;
