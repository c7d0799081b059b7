import type { PropertyValues, TemplateResult } from 'lit';
import { EsignElement, defineElement } from '../internal/esign-element.ts';
import { PdfSourceController } from '../internal/pdf-source.ts';
import { FitOnResizeController } from '../internal/pdf-view-wiring.ts';
import { PdfPagesController } from '../internal/pdf-pages.ts';
import { pagesStyles } from '../internal/pages-template.ts';
import { fieldOverlayStyles } from '../internal/field-overlay.ts';
import { langOf } from '../internal/i18n.ts';
import { ZoomGesturesController } from '../internal/zoom.ts';
import type { SignerField } from './signer-model.ts';
import { signerStyles } from './esign-signer.styles.ts';
import type { SignerHost } from './signer-host.ts';
import { renderSigner } from './signer-render.ts';
import { SigningSession } from './controllers/signing-session.ts';
import { FieldFilling } from './controllers/field-filling.ts';
import { FieldNavigation } from './controllers/field-navigation.ts';
import { SigningSubmission } from './controllers/signing-submission.ts';
import { OneTimeCode } from './controllers/one-time-code.ts';

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
 * @csspart download - Once everyone has signed: "Download the signed PDF" (fetched only when clicked: the server records the download).
 * @csspart download-note - Why the last download did not happen (not ready yet, failed).
 * @csspart page-controls - The zoom and page buttons in the header.
 * @csspart verification - The one-time code step shown in place of the field bar until the code is entered.
 * @csspart otp-input - Its code input; `otp-send` the send button, `otp-countdown` the time before another code, `verification-message` what went wrong.
 *
 * @slot final - Shown inside the final state, under the element's own download button.
 *
 * @cssproperty --esign-signer-height - Height of the element (default 80vh).
 * @cssproperty --esign-accent-color - Primary buttons and accents.
 * @cssproperty --esign-accent-text-color - Text on the accent colour (primary buttons; default white).
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
  };

  declare signer: string;
  declare token: string;
  declare endpoint: string;
  declare modes: string;
  declare noRedirect: boolean;
  declare signatureFonts: readonly string[] | null;
  /** 'fit-width' (the default, kept on resize) or the scale the recipient zoomed to. Not rendered: the pages controller re-renders on a new scale. */
  private zoom = 'fit-width';

  /** The element as its controllers and templates see it (signer-host.ts). */
  private readonly host: SignerHost = this.hostView();

  protected readonly source = new PdfSourceController(this, {
    lang: () => langOf(this),
    // A zoom chosen over the first page's image (before pdf.js) is kept.
    onReady: (doc) =>
      void this.pages
        .setDocument(doc, 0, () => (this.zoom === 'fit-width' ? this.pages.fitScale('fit-width') : this.pages.scale))
        .then(() => this.session.maybeReady()),
    onError: (error) => this.session.fail(error.message, error.code),
  });

  protected readonly pages: PdfPagesController = new PdfPagesController(this, {
    scroller: () => this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null,
    pageElement: (index) => this.renderRoot.querySelector<HTMLElement>(`.page[data-page="${index + 1}"]`),
    onCurrentPageChange: () => this.requestUpdate(), // the page number in the header
    onPageRendered: (index) => index === 0 && this.session.firstPage.url && this.requestUpdate(), // the canvas replaces page 1's image
  });

  /** Loading, the phase, `esign-ready`, and token renewal. */
  protected readonly session = new SigningSession(this.host);
  /** Values, codes, adopted signatures, attachments, problems shown, autosave. */
  protected readonly filling = new FieldFilling(this.host);
  /** The active field, and moving between fields. */
  protected readonly navigation = new FieldNavigation(this.host);
  /** Finish, confirm, complete or reject, redirect. */
  protected readonly submission = new SigningSubmission(this.host);
  /** The one-time code asked before the fields open (sms or email verification). */
  protected readonly code = new OneTimeCode(this.host);

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
    this.signer = this.token = this.endpoint = this.modes = '';
    this.noRedirect = false;
    this.signatureFonts = null;
  }

  private zoomTo(scale: number, anchor?: { clientX: number; clientY: number }): void {
    this.zoom = String(scale);
    this.pages.setScale(scale, anchor);
  }

  /** This recipient's fields in signing order, with the values entered so far. */
  get fields(): SignerField[] {
    return this.session.own.map((f) => ({ ...f, value: this.filling.values.get(f.uuid!) ?? '' }));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.session.sourceChanged({ signer: changed.has('signer'), token: changed.has('token'), endpoint: changed.has('endpoint') });
  }

  protected override render(): TemplateResult {
    return renderSigner(this.host);
  }

  private hostView(): SignerHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- inside the getters below `this` is the host object
    const el = this;
    return {
      get signer() {
        return el.signer;
      },
      get token() {
        return el.token;
      },
      get endpoint() {
        return el.endpoint;
      },
      get modes() {
        return el.modes;
      },
      get noRedirect() {
        return el.noRedirect;
      },
      get signatureFonts() {
        return el.signatureFonts;
      },
      get lang() {
        return langOf(el);
      },
      get root() {
        return el.renderRoot;
      },
      get source() {
        return el.source;
      },
      get pages() {
        return el.pages;
      },
      get session() {
        return el.session;
      },
      get filling() {
        return el.filling;
      },
      get navigation() {
        return el.navigation;
      },
      get submission() {
        return el.submission;
      },
      get code() {
        return el.code;
      },
      get updateComplete() {
        return el.updateComplete;
      },
      addController: (controller) => el.addController(controller),
      removeController: (controller) => el.removeController(controller),
      requestUpdate: () => el.requestUpdate(),
      emit: (name, detail, cancelable) => el.emit(name, detail, cancelable),
      zoomTo: (scale, anchor) => el.zoomTo(scale, anchor),
      fitWidth: (now) => {
        el.zoom = 'fit-width';
        if (now) el.pages.setScale(el.pages.fitScale('fit-width'));
      },
    };
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
