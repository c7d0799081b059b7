/**
 * Loading one recipient's signing view: the PDF and the signing view side by side, the phase the element
 * is in (loading, signing, blocked, done, rejected, error), `esign-ready` once both are there, and the
 * visit. A renewed token for the same recipient keeps everything entered so far.
 */
import type { ReactiveController } from 'lit';
import type { PdfErrorCode } from '../../internal/pdf-source.ts';
import { fieldsByPage, type FieldEntry } from '../../internal/field-overlay.ts';
import { codeOf, documentIdOfToken, signingApi, SigningError, type SigningView } from '../signer-api.ts';
import { ts } from '../signer-i18n.ts';
import { orderedOwnFields, type SignerField } from '../signer-model.ts';
import type { Phase } from '../signer-views.ts';
import type { SignerHost } from '../signer-host.ts';
import { downloadFinalPdf } from '../final-download.ts';

/** Resolves at once, or when a prerendered page is shown to its person. */
function whenShown(): Promise<void> {
  const doc = document as Document & { prerendering?: boolean };
  if (!doc.prerendering) return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('prerenderingchange', () => resolve(), { once: true }));
}

export class SigningSession implements ReactiveController {
  phase: Phase = 'idle';
  view: SigningView | null = null;
  /** This recipient's fields in signing order. */
  own: SignerField[] = [];
  /** Every field of the document, by page, for the overlay. */
  byPage = new Map<number, FieldEntry[]>();
  /** What the recipient is told: why loading or submitting failed, that a redirect follows. */
  message = '';
  /** The document's status after this recipient completed (30: everyone has). */
  documentStatus = 0;
  /** Why the last download of the signed PDF did not happen ('' when it did). */
  downloadNote = '';

  private readonly host: SignerHost;
  private abort: AbortController | null = null;
  private readyEmitted = false;
  private documentId = '';

  constructor(host: SignerHost) {
    this.host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.abort?.abort();
  }

  /** The element's `signer`, `token` or `endpoint` changed: load again, unless only the token was renewed. */
  sourceChanged(changed: { signer: boolean; token: boolean; endpoint: boolean }): void {
    // A fresh token for the same signer (the page renews it before it expires) keeps everything entered so far.
    const renewed = changed.token && !changed.signer && !changed.endpoint && this.view !== null && this.host.token !== '';
    if ((changed.signer || changed.token || changed.endpoint) && !renewed) this.reload();
  }

  say(message: string): void {
    this.message = message;
    this.host.requestUpdate();
  }

  reload(): void {
    const host = this.host;
    this.abort?.abort();
    host.filling.cancelSave();
    this.readyEmitted = false;
    this.downloadNote = '';
    host.fitWidth(false);
    this.view = null;
    this.own = [];
    host.requestUpdate();
    void host.pages.setDocument(null);
    if (!host.signer && !host.token && !host.endpoint) {
      this.phase = 'idle';
      host.source.close();
      return;
    }
    if (!host.signer || !host.token || !host.endpoint) {
      host.source.close();
      this.fail(ts(host.lang, 'signer.missingSource'), 'missing-source');
      return;
    }
    this.phase = 'loading';
    const abort = new AbortController();
    this.abort = abort;
    // The PDF and the signing view load side by side: the token names the document.
    this.documentId = documentIdOfToken(host.token);
    if (this.documentId) void host.source.load({ kind: 'rest', endpoint: host.endpoint, token: host.token, resource: 'document', id: this.documentId });
    signingApi.read(host.endpoint, host.token, host.signer, abort.signal).then(
      (view) => {
        if (abort.signal.aborted) return;
        this.applyView(view);
        if (view.document.uuid !== this.documentId) {
          this.documentId = view.document.uuid;
          void host.source.load({ kind: 'rest', endpoint: host.endpoint, token: host.token, resource: 'document', id: view.document.uuid });
        }
        void this.maybeReady();
      },
      (error: unknown) => {
        if (!abort.signal.aborted) this.fail(ts(host.lang, 'signer.loadFailed', { message: (error as Error).message }), codeOf(error));
      },
    );
  }

  private applyView(view: SigningView): void {
    this.view = view;
    this.byPage = fieldsByPage(view.fields);
    this.own = orderedOwnFields(view.fields);
    this.host.filling.reset(this.own);
    this.host.navigation.reset();
    this.host.code.reset(view.verification);
    // A recipient asked for a one-time code reads the document first; its fields open once the code is entered.
    this.phase = !view.can_sign ? 'blocked' : this.host.code.needed ? 'verifying' : 'signing';
    this.host.requestUpdate();
  }

  /** Once both the fields and the first page are there: visit, show the first field, say so. */
  async maybeReady(): Promise<void> {
    const host = this.host;
    if (this.readyEmitted || !this.view || host.pages.pageCount === 0) return;
    this.readyEmitted = true;
    await host.updateComplete;
    if (this.phase === 'signing' || this.phase === 'verifying') {
      if (this.phase === 'signing') host.navigation.reveal(this.own[0]);
      // A prerendered page (the browser guessing the next click) is no one's visit yet: reported once it is shown.
      void whenShown()
        .then(() => signingApi.visit(host.endpoint, host.token, host.signer))
        .catch((error: unknown) => {
          // A visit answered after this recipient already finished (a slow network) changes nothing.
          if (error instanceof SigningError && error.status === 409 && (this.phase === 'signing' || this.phase === 'verifying')) this.reload();
        });
    }
    const detail = { pages: host.pages.pageCount };
    host.emit('esign-ready', detail);
  }

  /** The document is complete and this recipient has finished: the signed PDF can be offered (nothing is fetched yet). */
  finalPdfReady(): boolean {
    if (this.phase === 'done') return this.documentStatus === 30;
    return this.phase === 'blocked' && this.view?.blocked_reason === 'finished' && this.view.document.status === 30;
  }

  /** The recipient asked for the signed PDF: fetched now, as their download (final-download.ts). */
  async downloadFinal(): Promise<void> {
    const host = this.host;
    this.downloadNote = await downloadFinalPdf(host.endpoint, host.token, this.documentId, host.lang);
    host.requestUpdate();
  }

  /** The one-time code was accepted: the fields open at the first one, and the recipient is told. */
  verified(): void {
    if (this.phase !== 'verifying') return;
    this.phase = 'signing';
    this.say(ts(this.host.lang, 'verify.verified'));
    const host = this.host;
    host.navigation.reveal(this.own[0]);
    // The code input is gone: focus moves to the first field's control (or the bar), not to the page's top.
    void host.updateComplete.then(() => host.root.querySelector<HTMLElement>('#field-input, .bar button.primary, .bar button')?.focus());
  }

  fail(message: string, code: PdfErrorCode): void {
    this.phase = 'error';
    this.message = message;
    this.host.requestUpdate();
    this.host.emit('esign-error', { message, code });
  }

  /** The recipient completed or rejected: the final state. */
  finished(kind: 'complete' | 'reject', documentStatus: number): void {
    this.phase = kind === 'complete' ? 'done' : 'rejected';
    this.documentStatus = documentStatus;
    this.host.requestUpdate();
  }
}
