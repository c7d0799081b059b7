import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { EsignElement, defineElement } from '../internal/esign-element.ts';
import { PdfSourceController } from '../internal/pdf-source.ts';
import type { PdfErrorCode } from '../internal/pdf-source.ts';
import { FitOnResizeController } from '../internal/pdf-view-wiring.ts';
import { PdfPagesController } from '../internal/pdf-pages.ts';
import { pagesStyles } from '../internal/pages-template.ts';
import { fieldsByPage, fieldOverlayStyles, renderFieldOverlay } from '../internal/field-overlay.ts';
import type { FieldEntry } from '../internal/field-overlay.ts';
import { langOf } from '../internal/i18n.ts';
import { codeOf, documentIdOfToken, safeRedirect, signingApi, SigningError } from './signer-api.ts';
import type { SigningView } from './signer-api.ts';
import { ts } from './signer-i18n.ts';
import {
  allowedModes,
  fieldProblem,
  parseModes,
  initialValues,
  isImageField,
  orderedOwnFields,
  requiredProgress,
  submission,
  typedValue,
  withValue,
} from './signer-model.ts';
import type { SignerField } from './signer-model.ts';
import { dialogs, emptyBar, fieldBar, mainArea, ownFieldBox, pageControls } from './signer-views.ts';
import { stepZoom, ZoomGesturesController } from '../internal/zoom.ts';
import type { Phase } from './signer-views.ts';
import { signerStyles } from './esign-signer.styles.ts';
import { replaceInputValue } from './signer-input.ts';
import { Autosave } from '../internal/autosave.ts';
import './signature-capture.ts';
import { openCapture } from './signature-capture.ts';
import type { EsignSignatureCapture } from './signature-capture.ts';
import { uploadAttachment } from './signer-attachments.ts';
import { kindOf } from '../fields/kinds/index.ts';
import { isCodeGuardedSignature } from '../fields/codes.ts';

/** The quiet period before the recipient's progress is saved. */
const SAVE_DELAY_MS = 4000;

/**
 * Lets one recipient fill in and sign its fields of a document, then submit or reject it.
 *
 * @summary The signing ceremony for one recipient, guided field by field.
 *
 * @attr signer - The recipient (signer) id.
 * @attr token - The signer component token (`Authorization: Bearer <token>`).
 * @attr endpoint - Base URL of the server, without a trailing slash.
 * @attr modes - Capture modes allowed for every signature: any of `draw type upload` (default all; a field's `options` can narrow its own).
 * @attr no-redirect - Stay on the final state even when the document sets a redirect.
 *
 * @prop {readonly string[]} signatureFonts - Font stacks offered for typed signatures (default: the bundled Dancing Script and Great Vibes).
 *
 * @event esign-ready - The document and this recipient's fields are shown and the first field is ready to fill. `detail: { pages }`.
 * @event esign-field-change - A field's value changed. `detail: { uuid, value, valid, message }`.
 * @event esign-complete - The recipient completed. `detail: { signer, status, documentStatus, redirect }`; cancel it to stop the redirect.
 * @event esign-reject - The recipient rejected. `detail: { signer, reason, redirect }`; cancel it to stop the redirect.
 * @event esign-error - Loading or submitting failed. `detail: { message, code }`.
 *
 * @csspart header - The document name and progress.
 * @csspart scroller - The scrolling pages.
 * @csspart page - One page.
 * @csspart field - Every field box; `field-own` for this recipient's, `field-active` for the current one.
 * @csspart field-error - A field's message beside it on the page.
 * @csspart field-bar - The sticky bar with the current field, progress and navigation.
 * @csspart field-control - The current field's input.
 * @csspart field-message - The current field's message.
 * @csspart progress-count - "n of m required fields done".
 * @csspart attachment-name - The name of the file attached to the current attachment field.
 * @csspart button - Every button (also `primary`, `finish`, `reject`).
 * @csspart dialog - The confirm dialogs.
 * @csspart final - The final state message.
 * @csspart page-controls - The zoom and page buttons in the header.
 *
 * @slot final - Shown inside the final state, e.g. a link to the signed PDF once it is ready.
 *
 * @cssproperty --esign-signer-height - Height of the element (default 80vh).
 * @cssproperty --esign-accent-color - Primary buttons and accents.
 * @cssproperty --esign-focus-color - Focus rings and the active field.
 * @cssproperty --esign-error-color - Messages and invalid fields.
 * @cssproperty --esign-font-family - Font of the interface.
 * @cssproperty --esign-bar-background - Background of the field bar.
 * @cssproperty --esign-viewer-background - Background behind the pages.
 */
export class EsignSigner extends EsignElement {
  static override styles = [EsignElement.directionStyles, signerStyles, pagesStyles, fieldOverlayStyles];

  static override properties = {
    ...Object.fromEntries(['signer', 'token', 'endpoint', 'modes'].map((name) => [name, { type: String }])),
    noRedirect: { type: Boolean, attribute: 'no-redirect' },
    signatureFonts: { attribute: false },
    ...Object.fromEntries(
      [
        'phase',
        'view',
        'values',
        'codes',
        'active',
        'touched',
        'serverProblems',
        'adopted',
        'busy',
        'message',
        'reason',
        'reasonProblem',
        'attempted',
        'zoom',
      ].map((name) => [name, { state: true }]),
    ),
  };

  declare signer: string;
  declare token: string;
  declare endpoint: string;
  declare modes: string;
  declare noRedirect: boolean;
  declare signatureFonts: readonly string[] | null;
  declare protected phase: Phase;
  declare protected view: SigningView | null;
  declare protected values: Map<string, string>;
  /** Secret codes typed for code-guarded signatures (validation 73 on a signature), by field uuid; never saved. */
  declare protected codes: Map<string, string>;
  declare protected active: number;
  declare protected touched: Set<string>;
  declare protected serverProblems: Map<string, string>;
  declare protected adopted: { signature: string; initials: string };
  declare protected busy: boolean;
  declare protected message: string;
  declare protected reason: string;
  declare protected reasonProblem: string;
  /** The recipient tried to finish: empty required fields now say so too. */
  declare protected attempted: boolean;
  /** 'fit-width' (the default, kept on resize) or the scale the recipient zoomed to. */
  declare protected zoom: string;

  private own: SignerField[] = [];
  private byPage = new Map<number, FieldEntry[]>();
  private abort: AbortController | null = null;
  private readyEmitted = false;
  private documentId = '';
  private documentStatus = 0;

  protected readonly source = new PdfSourceController(this, {
    lang: () => langOf(this),
    onReady: (doc) => void this.pages.setDocument(doc, 0, () => this.pages.fitScale('fit-width')).then(() => this.maybeReady()),
    onError: (error) => this.fail(error.message, error.code),
  });

  protected readonly pages: PdfPagesController = new PdfPagesController(this, {
    scroller: () => this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null,
    pageElement: (index) => this.renderRoot.querySelector<HTMLElement>(`.page[data-page="${index + 1}"]`),
    onCurrentPageChange: () => this.requestUpdate(), // the page number in the header
  });

  /**
   * Saves the recipient's progress a few seconds after the last change (one request per pause, not per
   * keystroke: component tokens count against the sender's rate limit). A failed save is retried with the
   * next change; the final submission carries every value anyway.
   */
  private readonly autosave = new Autosave<unknown>({
    host: this,
    delay: SAVE_DELAY_MS,
    save: () =>
      this.phase === 'signing' && this.own.length
        ? signingApi.save(this.endpoint, this.token, this.signer, submission(this.own, this.values))
        : Promise.resolve(null),
  });

  /** The signer fits the page width until the recipient zooms (buttons, ctrl+wheel or pinch). */
  protected readonly fit = new FitOnResizeController(this, {
    scroller: () => this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null,
    zoom: () => this.zoom,
    pages: this.pages,
  });

  protected readonly gestures = new ZoomGesturesController(this, {
    scroller: () => this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null,
    scale: () => this.pages.scale,
    zoomTo: (scale, anchor) => this.zoomTo(scale, anchor),
  });

  constructor() {
    super();
    this.signer = this.token = this.endpoint = this.modes = this.message = this.reason = this.reasonProblem = '';
    this.noRedirect = this.busy = this.attempted = false;
    this.signatureFonts = this.view = null;
    this.phase = 'idle';
    this.values = new Map();
    this.codes = new Map();
    this.active = 0;
    this.touched = new Set();
    this.serverProblems = new Map();
    this.adopted = { signature: '', initials: '' };
    this.zoom = 'fit-width';
  }

  private zoomTo(scale: number, anchor?: { clientX: number; clientY: number }): void {
    this.zoom = String(scale);
    this.pages.setScale(scale, anchor);
  }

  /** This recipient's fields in signing order, with the values entered so far. */
  get fields(): SignerField[] {
    return this.own.map((f) => ({ ...f, value: this.values.get(f.uuid!) ?? '' }));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.abort?.abort();
    this.autosave.cancel();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // A fresh token for the same signer (the page renews it before it expires) keeps everything entered so far.
    const renewed = changed.has('token') && !changed.has('signer') && !changed.has('endpoint') && this.view !== null && this.token !== '';
    if ((changed.has('signer') || changed.has('token') || changed.has('endpoint')) && !renewed) this.reload();
  }

  private reload(): void {
    this.abort?.abort();
    this.autosave.cancel();
    this.readyEmitted = false;
    this.zoom = 'fit-width';
    this.view = null;
    this.own = [];
    void this.pages.setDocument(null);
    if (!this.signer && !this.token && !this.endpoint) {
      this.phase = 'idle';
      this.source.close();
      return;
    }
    if (!this.signer || !this.token || !this.endpoint) {
      this.source.close();
      this.fail(ts(langOf(this), 'signer.missingSource'), 'missing-source');
      return;
    }
    this.phase = 'loading';
    const abort = new AbortController();
    this.abort = abort;
    // The PDF and the signing view load side by side: the token names the document.
    this.documentId = documentIdOfToken(this.token);
    if (this.documentId) void this.source.load({ kind: 'rest', endpoint: this.endpoint, token: this.token, resource: 'document', id: this.documentId });
    signingApi.read(this.endpoint, this.token, this.signer, abort.signal).then(
      (view) => {
        if (abort.signal.aborted) return;
        this.applyView(view);
        if (view.document.uuid !== this.documentId) {
          this.documentId = view.document.uuid;
          void this.source.load({ kind: 'rest', endpoint: this.endpoint, token: this.token, resource: 'document', id: view.document.uuid });
        }
        this.maybeReady();
      },
      (error: unknown) => {
        if (!abort.signal.aborted) this.fail(ts(langOf(this), 'signer.loadFailed', { message: (error as Error).message }), codeOf(error));
      },
    );
  }

  private applyView(view: SigningView): void {
    this.view = view;
    this.byPage = fieldsByPage(view.fields);
    this.own = orderedOwnFields(view.fields);
    this.values = initialValues(this.own);
    this.codes = new Map();
    this.active = 0;
    this.touched = new Set();
    this.serverProblems = new Map();
    this.phase = view.can_sign ? 'signing' : 'blocked';
  }

  /** Once both the fields and the first page are there: visit, show the first field, say so. */
  private async maybeReady(): Promise<void> {
    if (this.readyEmitted || !this.view || this.pages.pageCount === 0) return;
    this.readyEmitted = true;
    await this.updateComplete;
    if (this.phase === 'signing') {
      this.reveal(this.own[0]);
      signingApi.visit(this.endpoint, this.token, this.signer).catch((error: unknown) => {
        // A visit answered after this recipient already finished (a slow network) changes nothing.
        if (error instanceof SigningError && error.status === 409 && this.phase === 'signing') this.reload();
      });
    }
    const detail = { pages: this.pages.pageCount };
    this.emit('esign-ready', detail);
  }

  private fail(message: string, code: PdfErrorCode): void {
    this.phase = 'error';
    this.message = message;
    this.emit('esign-error', { message, code });
  }

  private problemOf(f: SignerField): string {
    const value = this.values.get(f.uuid!) ?? '';
    const problem = this.serverProblems.get(f.uuid!) || fieldProblem(f, value, this.values, this.own, langOf(this));
    if (problem || !isCodeGuardedSignature(f) || value === '' || (this.codes.get(f.uuid!) ?? '').trim() !== '') return problem;
    return ts(langOf(this), 'signer.codeRequired');
  }

  /** The codes of the code-guarded signatures, for the completion. */
  private submittedCodes(): Record<string, string> {
    return Object.fromEntries(this.own.filter((f) => isCodeGuardedSignature(f)).map((f) => [f.uuid!, this.codes.get(f.uuid!) ?? '']));
  }

  /** A wrong value is said once the field was visited; an empty required one only after trying to finish. */
  private shownProblem(f: SignerField): string {
    const value = this.values.get(f.uuid!) ?? '';
    return this.touched.has(f.uuid!) && (this.attempted || value !== '' || this.serverProblems.has(f.uuid!)) ? this.problemOf(f) : '';
  }

  /** Scrolls a field into view (its page first, then the box). */
  private reveal(f: SignerField | undefined): void {
    if (!f) return;
    this.pages.scrollToPage(f.page - 1);
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector<HTMLElement>(`.field.own[data-uuid="${f.uuid}"]`)?.scrollIntoView({ block: 'center', inline: 'nearest' });
    });
  }

  private go(index: number, focus = true): void {
    if (!this.own.length) return;
    const current = this.own[this.active];
    if (current) this.touched = new Set(this.touched).add(current.uuid!);
    this.active = Math.max(0, Math.min(this.own.length - 1, index));
    this.reveal(this.own[this.active]);
    if (focus) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#field-input')?.focus());
  }

  private setValue(f: SignerField, raw: string): void {
    const value = typedValue(f, raw);
    this.values = withValue(this.values, f, value, this.own);
    if (this.serverProblems.has(f.uuid!)) {
      const next = new Map(this.serverProblems);
      next.delete(f.uuid!);
      this.serverProblems = next;
    }
    if (value !== raw) replaceInputValue(this.renderRoot.querySelector<HTMLInputElement>('input#field-input'), value);
    const message = fieldProblem(f, value, this.values, this.own, langOf(this));
    if (isImageField(f) || value === '' || kindOf(f).name === 'checkbox') this.touched = new Set(this.touched).add(f.uuid!);
    this.emit('esign-field-change', { uuid: f.uuid!, value, valid: message === '', message });
    this.autosave.schedule();
  }

  private capture(f: SignerField): void {
    const dialog = this.renderRoot.querySelector<EsignSignatureCapture>('esign-signature-capture');
    if (!dialog || !this.view) return;
    const kind = f.element_type === 'initials' ? 'initials' : 'signature';
    openCapture(dialog, {
      kind,
      lang: langOf(this),
      modes: allowedModes(f, parseModes(this.modes)),
      fonts: this.signatureFonts,
      name: `${this.view.signer.firstname} ${this.view.signer.lastname}`.trim(),
      onAdopt: (image) => {
        if (kindOf(f).name !== 'drawn') this.adopted = { ...this.adopted, [kind]: image };
        this.setValue(f, image);
        void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.nav button.primary, #field-capture')?.focus());
      },
      onCancel: () => this.renderRoot.querySelector<HTMLElement>('#field-input')?.focus(),
    });
  }

  private async attach(f: SignerField, file: File): Promise<void> {
    const result = await uploadAttachment(this, f.uuid!, file, langOf(this));
    if ('name' in result) return this.setValue(f, result.name);
    this.serverProblems = new Map(this.serverProblems).set(f.uuid!, result.problem);
    this.touched = new Set(this.touched).add(f.uuid!);
  }

  private finish(): void {
    const firstProblem = this.own.findIndex((f) => this.problemOf(f) !== '');
    if (firstProblem >= 0) {
      this.attempted = true;
      this.touched = new Set(this.own.map((f) => f.uuid!));
      this.message = ts(langOf(this), 'signer.notComplete');
      this.go(firstProblem);
      return;
    }
    this.message = '';
    this.renderRoot.querySelector<HTMLDialogElement>('#confirm-submit')?.showModal();
  }

  /** Completes or rejects (after the confirm dialog); the final state, the event and the redirect follow. */
  private async act(kind: 'complete' | 'reject'): Promise<void> {
    const reason = this.reason.trim();
    if (kind === 'reject' && !reason) {
      this.reasonProblem = ts(langOf(this), 'signer.rejectReasonRequired');
      this.renderRoot.querySelector<HTMLElement>('#reject-reason')?.focus();
      return;
    }
    if (this.busy) return;
    this.busy = true;
    this.autosave.cancel();
    try {
      const answer =
        kind === 'complete'
          ? await signingApi.complete(this.endpoint, this.token, this.signer, submission(this.own, this.values), this.submittedCodes())
          : await signingApi.reject(this.endpoint, this.token, this.signer, reason);
      this.closeDialogs();
      this.phase = kind === 'complete' ? 'done' : 'rejected';
      this.documentStatus = answer.document_status ?? 0;
      const redirect = answer.redirect || this.view?.document.redirect || '';
      const go =
        kind === 'complete'
          ? this.emit('esign-complete', { signer: this.signer, status: answer.status, documentStatus: this.documentStatus, redirect }, true)
          : this.emit('esign-reject', { signer: this.signer, reason, redirect }, true);
      if (go && !this.noRedirect && safeRedirect(redirect)) {
        this.message = ts(langOf(this), 'signer.redirecting');
        window.setTimeout(() => location.assign(redirect), 1200);
      }
    } catch (error) {
      this.closeDialogs();
      this.refused(error);
    } finally {
      this.busy = false;
    }
  }

  /** A refused submission: field problems go beside their fields; anything else is an error. */
  private refused(error: unknown): void {
    const lang = langOf(this);
    const fieldOf = (path: string) => /^(?:values|codes)\.(.+)$/.exec(path)?.[1];
    if (error instanceof SigningError && error.fields.some((f) => fieldOf(f.field))) {
      this.serverProblems = new Map(error.fields.filter((f) => fieldOf(f.field)).map((f) => [fieldOf(f.field)!, f.message]));
      this.touched = new Set(this.own.map((f) => f.uuid!));
      this.message = ts(lang, 'signer.notComplete');
      const first = this.own.findIndex((f) => this.serverProblems.has(f.uuid!));
      this.go(first >= 0 ? first : 0);
      return;
    }
    if (error instanceof SigningError && error.status === 409) return this.reload(); // removed, rejected or done meanwhile: show why
    this.message = ts(lang, 'signer.submitFailed', { message: (error as Error).message });
    this.emit('esign-error', { message: this.message, code: codeOf(error) });
  }

  private closeDialogs(): void {
    for (const d of this.renderRoot.querySelectorAll<HTMLDialogElement>('dialog#confirm-submit, dialog#confirm-reject')) if (d.open) d.close();
  }

  private overlayField = (entry: FieldEntry): unknown => {
    const f = entry.field as SignerField;
    if (!f.editable || this.phase !== 'signing') return undefined;
    const position = this.own.findIndex((o) => o.uuid === f.uuid);
    const own = this.own[position];
    const problem = this.shownProblem(own);
    return ownFieldBox(langOf(this), f, this.values.get(f.uuid!) ?? '', {
      active: position === this.active,
      problem,
      position,
      // Tapping one's own signature or initials box is the natural way to sign it: open the capture at once.
      onActivate: () => {
        const capture = isImageField(own) && !this.busy;
        this.go(position, !capture);
        if (capture) this.capture(own);
      },
    });
  };

  protected override render(): TemplateResult {
    const lang = langOf(this);
    const view = this.view;
    const progress = requiredProgress(this.own, this.values);
    return html`<div class="frame">
      <div class="header" part="header">
        <h2>${view?.document.name ?? ts(lang, 'signer.label')}</h2>
        ${
          this.phase === 'signing' || this.phase === 'blocked'
            ? pageControls({
                lang,
                page: this.pages.currentPage,
                pages: this.pages.pageCount,
                scale: this.pages.scale,
                onZoom: (d) => this.zoomTo(stepZoom(this.pages.scale, d)),
                onFitWidth: () => {
                  this.zoom = 'fit-width';
                  this.pages.setScale(this.pages.fitScale('fit-width'));
                },
                onPage: (i) => this.pages.scrollToPage(Math.max(0, Math.min(this.pages.pageCount - 1, i))),
              })
            : nothing
        }
      </div>
      ${mainArea({
        lang,
        phase: this.phase,
        message: this.message,
        documentStatus: this.documentStatus,
        blockedReason: this.view?.blocked_reason ?? '',
        pages: this.pages,
        onScroll: () => this.pages.onScroll(),
        overlay: (i) => renderFieldOverlay(this.byPage.get(i + 1), { lang, renderField: this.overlayField }),
      })}
      ${this.phase === 'signing' ? this.renderBar(lang, progress) : nothing}
      ${dialogs({
        lang,
        approver: this.view?.signer.role === 'approver',
        reason: this.reason,
        reasonProblem: this.reasonProblem,
        busy: this.busy,
        onReason: (r) => {
          this.reason = r;
          this.reasonProblem = '';
        },
        onSubmit: () => void this.act('complete'),
        onReject: () => void this.act('reject'),
        onClose: () => this.closeDialogs(),
      })}
      <esign-signature-capture></esign-signature-capture>
      <div class="visually-hidden" role="status" aria-live="polite">${this.phase === 'signing' ? this.message : ''}</div>
    </div>`;
  }

  private renderBar(lang: string, progress: { done: number; total: number }): TemplateResult {
    const openReject = () => {
      this.reasonProblem = '';
      this.renderRoot.querySelector<HTMLDialogElement>('#confirm-reject')?.showModal();
    };
    const f = this.own[this.active];
    if (!f) return emptyBar(lang, this.busy, this.view?.signer.role === 'approver', () => this.finish(), openReject);
    const value = this.values.get(f.uuid!) ?? '';
    const problem = this.problemOf(f);
    const kind = f.element_type === 'initials' ? 'initials' : 'signature';
    return fieldBar({
      lang,
      field: f,
      index: this.active,
      count: this.own.length,
      value,
      problem,
      showProblem: this.shownProblem(f) !== '',
      progress,
      adopted: kindOf(f).name === 'drawn' ? '' : this.adopted[kind],
      busy: this.busy,
      onValue: (v) => this.setValue(f, v),
      code: isCodeGuardedSignature(f)
        ? {
            value: this.codes.get(f.uuid!) ?? '',
            onInput: (code) => {
              this.codes = new Map(this.codes).set(f.uuid!, code);
              if (this.serverProblems.delete(f.uuid!)) this.serverProblems = new Map(this.serverProblems);
            },
          }
        : undefined,
      onBlur: () => {
        this.touched = new Set(this.touched).add(f.uuid!);
      },
      onCapture: () => this.capture(f),
      onAttach: (file) => void this.attach(f, file),
      onUseAdopted: () => this.setValue(f, this.adopted[kind]),
      onPrevious: () => this.go(this.active - 1),
      onNext: () => this.go(this.active + 1),
      onFinish: () => this.finish(),
      onReject: openReject,
    });
  }
}

declare global {
  interface EsignEventMap {
    'esign-field-change': CustomEvent<{ uuid: string; value: string; valid: boolean; message: string }>;
    'esign-complete': CustomEvent<{ signer: string; status: number; documentStatus: number; redirect: string }>;
    'esign-reject': CustomEvent<{ signer: string; reason: string; redirect: string }>;
  }
  interface HTMLElementTagNameMap {
    'esign-signer': EsignSigner;
  }
}

defineElement('esign-signer', EsignSigner);
