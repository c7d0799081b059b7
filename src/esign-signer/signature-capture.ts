import { html, nothing, LitElement } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import SignaturePad from 'signature_pad';
import { defineElement } from '../internal/esign-element.ts';
import { ts } from './signer-i18n.ts';
import type { CaptureMode } from './signer-model.ts';
import { captureStyles } from './esign-signer.styles.ts';
import { DEFAULT_SIGNATURE_FONTS, registerSignatureFonts } from './fonts/signature-fonts.ts';

const MAX_UPLOAD_SIDE = 1200;

/** Scales signature_pad stroke data (CSS pixels) by `k`, so strokes stay put when the pad is resized or rotated. */
export function scaleStrokes<T extends { points: { x: number; y: number }[] }>(data: readonly T[], k: number): T[] {
  return data.map((group) => ({ ...group, points: group.points.map((p) => ({ ...p, x: p.x * k, y: p.y * k })) }));
}

/**
 * Signature and initials capture: draw (signature_pad: smooth pressure-aware strokes, pen, touch
 * and mouse, undo and clear, kept when the pad resizes), type (a choice of script styles) or upload
 * a PNG/JPEG. Lives in a modal dialog of <esign-signer>; `onAdopt` receives a PNG data URL.
 * Internal to <esign-signer>: its parts are exported through the signer.
 */
export class EsignSignatureCapture extends LitElement {
  static override styles = [captureStyles];
  static override properties = {
    kind: { type: String },
    modes: { attribute: false },
    name: { type: String },
    lang: { type: String },
    fonts: { attribute: false },
    mode: { state: true },
    typed: { state: true },
    font: { state: true },
    uploaded: { state: true },
    message: { state: true },
    strokes: { state: true },
  };

  declare kind: 'signature' | 'initials';
  declare modes: CaptureMode[];
  declare name: string;
  declare lang: string;
  declare fonts: readonly string[];
  declare protected mode: CaptureMode;
  declare protected typed: string;
  declare protected font: number;
  declare protected uploaded: string;
  declare protected message: string;
  declare protected strokes: number;

  onAdopt: (dataUrl: string, mode: CaptureMode) => void = () => {};
  onCancel: () => void = () => {};

  private pad: SignaturePad | null = null;
  private padWidth = 0;
  /** The strokes drawn before the recipient looked at another tab, and the pad width they were drawn at. */
  private keptStrokes: { data: ReturnType<SignaturePad['toData']>; width: number } | null = null;
  private resizeObserver: ResizeObserver | null = null;

  constructor() {
    super();
    this.kind = 'signature';
    this.modes = ['draw', 'type', 'upload'];
    this.name = '';
    this.lang = 'en';
    this.fonts = DEFAULT_SIGNATURE_FONTS;
    this.mode = 'draw';
    this.typed = '';
    this.font = 0;
    this.uploaded = '';
    this.message = '';
    this.strokes = 0;
  }

  /** Opens the dialog afresh. */
  open(): void {
    this.mode = this.modes[0] ?? 'draw';
    this.typed = this.name;
    this.uploaded = '';
    this.message = '';
    this.pad?.clear();
    this.keptStrokes = null;
    this.strokes = 0;
    const dialog = this.renderRoot.querySelector('dialog');
    if (dialog && !dialog.open) dialog.showModal();
    void this.updateComplete.then(() => this.focusMode());
  }

  close(): void {
    this.renderRoot.querySelector('dialog')?.close();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.pad?.off();
    this.pad = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('modes') && !this.modes.includes(this.mode)) this.mode = this.modes[0] ?? 'draw';
    // Leaving the Draw tab removes its canvas: keep the strokes so Draw → Type → Draw finds them again.
    const modes = changed as PropertyValues; // `mode` is protected: not a key of PropertyValues<this>
    if (modes.has('mode') && modes.get('mode') === 'draw' && this.mode !== 'draw' && this.pad) {
      const data = this.pad.toData();
      this.keptStrokes = data.length ? { data, width: this.padWidth } : null;
    }
  }

  protected override updated(): void {
    if (this.mode === 'draw') this.ensurePad();
    // The script fonts load with the Type tab, not with the page (fonts/signature-fonts.ts).
    if (this.mode === 'type') void registerSignatureFonts();
  }

  private focusMode(): void {
    const target = this.mode === 'type' ? '#typed' : this.mode === 'upload' ? '#upload' : `[role=tab][aria-selected=true]`;
    this.renderRoot.querySelector<HTMLElement>(target)?.focus();
  }

  private ensurePad(): void {
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.pad');
    if (!canvas) return;
    if (this.pad && (this.pad as unknown as { canvas: HTMLCanvasElement }).canvas === canvas) return;
    this.pad?.off();
    this.pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.6, penColor: '#0b1f66', throttle: 8 });
    this.pad.addEventListener('endStroke', () => {
      this.strokes = this.pad!.toData().length;
      this.message = '';
    });
    this.padWidth = 0;
    this.fitPad();
    const kept = this.keptStrokes;
    this.keptStrokes = null;
    if (kept && this.padWidth) {
      this.pad.fromData(scaleStrokes(kept.data, kept.width ? this.padWidth / kept.width : 1));
      this.strokes = kept.data.length;
    }
    this.resizeObserver?.disconnect();
    this.resizeObserver = new ResizeObserver(() => this.fitPad());
    this.resizeObserver.observe(canvas);
  }

  /** Sizes the canvas to its box × devicePixelRatio and rescales the strokes drawn so far. */
  private fitPad(): void {
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.pad');
    if (!canvas || !this.pad) return;
    const { width, height } = canvas.getBoundingClientRect();
    if (width < 1 || height < 1 || Math.abs(width - this.padWidth) < 0.5) return;
    const data = this.pad.toData();
    const k = this.padWidth ? width / this.padWidth : 1;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.getContext('2d')!.scale(ratio, ratio);
    this.padWidth = width;
    this.pad.clear();
    if (data.length) this.pad.fromData(scaleStrokes(data, k));
  }

  private undo(): void {
    if (!this.pad) return;
    const data = this.pad.toData();
    data.pop();
    this.pad.fromData(data);
    this.strokes = data.length;
  }

  private clear(): void {
    this.pad?.clear();
    this.keptStrokes = null;
    this.strokes = 0;
  }

  /**
   * The typed name drawn in the chosen style onto a transparent PNG (the image the server stamps).
   * Waits for the font so the first signature is never drawn in a fallback face.
   */
  private async typedImage(): Promise<string> {
    const text = this.typed.trim();
    const canvas = document.createElement('canvas');
    canvas.width = this.kind === 'initials' ? 400 : 900;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const family = this.fonts[this.font] ?? 'cursive';
    await registerSignatureFonts();
    await document.fonts?.load(`120px ${family}`, text).catch(() => []);
    let size = 150;
    do {
      ctx.font = `${size}px ${family}`;
      size -= 6;
    } while (ctx.measureText(text).width > canvas.width - 40 && size > 24);
    ctx.fillStyle = '#0b1f66';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    ctx.fillText(text, canvas.width / 2, canvas.height / 2);
    return canvas.toDataURL('image/png');
  }

  private async onUpload(event: Event): Promise<void> {
    const file = (event.target as HTMLInputElement).files?.[0];
    this.uploaded = '';
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      this.message = ts(this.lang, 'capture.uploadBad');
      return;
    }
    try {
      const bitmap = await createImageBitmap(file);
      const k = Math.min(1, MAX_UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * k));
      canvas.height = Math.max(1, Math.round(bitmap.height * k));
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      // Re-encoded as PNG: whatever was uploaded, the server gets a clean image of bounded size.
      this.uploaded = canvas.toDataURL('image/png');
      this.message = '';
    } catch {
      this.message = ts(this.lang, 'capture.uploadBad');
    }
  }

  private async adopt(): Promise<void> {
    let image = '';
    if (this.mode === 'draw' && this.pad && !this.pad.isEmpty()) image = this.pad.toDataURL('image/png');
    else if (this.mode === 'type' && this.typed.trim()) image = await this.typedImage();
    else if (this.mode === 'upload') image = this.uploaded;
    if (!image) {
      this.message = ts(this.lang, 'capture.empty');
      return;
    }
    this.close();
    this.onAdopt(image, this.mode);
  }

  private onTabKey(event: KeyboardEvent): void {
    const i = this.modes.indexOf(this.mode);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const rtl = getComputedStyle(this).direction === 'rtl' ? -1 : 1;
    this.mode = this.modes[(i + step * rtl + this.modes.length) % this.modes.length];
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus());
  }

  protected override render(): TemplateResult {
    const l = this.lang;
    const initials = this.kind === 'initials';
    return html`<dialog part="capture-dialog" aria-labelledby="capture-title" @cancel=${(e: Event) => {
      e.preventDefault();
      this.close();
      this.onCancel();
    }}>
      <h2 id="capture-title">${ts(l, initials ? 'capture.titleInitials' : 'capture.title')}</h2>
      ${
        this.modes.length > 1
          ? html`<div role="tablist" aria-label=${ts(l, 'capture.modes')} @keydown=${this.onTabKey}>
        ${this.modes.map(
          (m) => html`<button type="button" role="tab" id="tab-${m}" aria-controls="panel" aria-selected=${this.mode === m ? 'true' : 'false'}
          tabindex=${this.mode === m ? 0 : -1} part="capture-tab" @click=${() => {
            this.mode = m;
          }}>${ts(l, `capture.${m}`)}</button>`,
        )}
      </div>`
          : nothing
      }
      <div id="panel" role=${this.modes.length > 1 ? 'tabpanel' : nothing} aria-labelledby=${this.modes.length > 1 ? `tab-${this.mode}` : nothing}>${this.renderMode(l, initials)}</div>
      <p class="capture-message" role="alert">${this.message}</p>
      <div class="capture-actions">
        <button type="button" part="button" @click=${() => {
          this.close();
          this.onCancel();
        }}>${ts(l, 'capture.cancel')}</button>
        <button type="button" part="button primary" class="primary" @click=${this.adopt}>${ts(l, 'capture.adopt')}</button>
      </div>
    </dialog>`;
  }

  private renderMode(l: string, initials: boolean): TemplateResult {
    if (this.mode === 'type') {
      return html`<label for="typed">${ts(l, initials ? 'capture.typeLabelInitials' : 'capture.typeLabel')}</label>
        <input id="typed" part="capture-input" autocomplete="name" .value=${this.typed} @input=${(e: Event) => {
          this.typed = (e.target as HTMLInputElement).value;
          this.message = '';
        }} />
        <fieldset class="fonts"><legend>${ts(l, 'capture.font')}</legend>
          ${this.fonts.map(
            (family, i) => html`<label class="font-choice"><input type="radio" name="font" .checked=${this.font === i} @change=${() => {
              this.font = i;
            }} />
            <span class="font-sample" style="font-family:${family}">${this.typed.trim() || (initials ? 'AT' : 'Ann Tester')}</span></label>`,
          )}
        </fieldset>`;
    }
    if (this.mode === 'upload') {
      return html`<label for="upload">${ts(l, 'capture.uploadLabel')}</label>
        <input id="upload" type="file" accept="image/png,image/jpeg" @change=${this.onUpload} />
        ${this.uploaded ? html`<img class="upload-preview" src=${this.uploaded} alt="" />` : nothing}`;
    }
    return html`<canvas class="pad" part="capture-pad" role="img" aria-label=${ts(l, initials ? 'capture.drawLabelInitials' : 'capture.drawLabel')} data-initials=${initials ? 'true' : 'false'}></canvas>
      <div class="pad-tools">
        <button type="button" part="button" ?disabled=${this.strokes === 0} @click=${this.undo}>${ts(l, 'capture.undo')}</button>
        <button type="button" part="button" ?disabled=${this.strokes === 0} @click=${this.clear}>${ts(l, 'capture.clear')}</button>
      </div>`;
  }
}

export interface CaptureRequest {
  kind: 'signature' | 'initials';
  lang: string;
  modes: CaptureMode[];
  /** The recipient's full name: typed signatures start with it, typed initials with its initials. */
  name: string;
  fonts?: readonly string[] | null;
  onAdopt: (dataUrl: string, mode: CaptureMode) => void;
  onCancel: () => void;
}

/** Sets the dialog up for one field and opens it. */
export function openCapture(dialog: EsignSignatureCapture, request: CaptureRequest): void {
  dialog.kind = request.kind;
  dialog.lang = request.lang;
  dialog.modes = request.modes;
  dialog.name =
    request.kind === 'initials'
      ? request.name
          .split(/\s+/)
          .map((w) => w[0] ?? '')
          .join('')
          .toUpperCase()
      : request.name;
  if (request.fonts?.length) dialog.fonts = request.fonts;
  dialog.onAdopt = request.onAdopt;
  dialog.onCancel = request.onCancel;
  void dialog.updateComplete.then(() => dialog.open());
}

declare global {
  interface HTMLElementTagNameMap {
    'esign-signature-capture': EsignSignatureCapture;
  }
}

defineElement('esign-signature-capture', EsignSignatureCapture);
