/**
 * Finishing: checks every field first (leading to the first one with a problem), confirms in a dialog,
 * completes or rejects (with a reason), then the final state, the cancelable event and the redirect.
 * A refused submission puts the server's field problems beside their fields.
 */
import { codeOf, safeRedirect, signingApi, SigningError } from '../signer-api.ts';
import { ts } from '../signer-i18n.ts';
import { submission } from '../signer-model.ts';
import type { SignerHost } from '../signer-host.ts';

/** How long "Redirecting…" shows before the page leaves. */
const REDIRECT_DELAY_MS = 1200;

/** Not a ReactiveController: it has nothing to do on the host's lifecycle, only on the recipient's actions. */
export class SigningSubmission {
  /** A completion or rejection is under way. */
  busy = false;
  /** The rejection reason typed so far. */
  reason = '';
  reasonProblem = '';

  private readonly host: SignerHost;

  constructor(host: SignerHost) {
    this.host = host;
  }

  setReason(reason: string): void {
    this.reason = reason;
    this.reasonProblem = '';
    this.host.requestUpdate();
  }

  /** Leads to the first field with a problem, or asks to confirm the submission. */
  finish(): void {
    const { session, filling, navigation } = this.host;
    const firstProblem = session.own.findIndex((f) => filling.problemOf(f) !== '');
    if (firstProblem >= 0) {
      filling.attemptFinish();
      session.say(ts(this.host.lang, 'signer.notComplete'));
      navigation.go(firstProblem);
      return;
    }
    session.say('');
    this.host.root.querySelector<HTMLDialogElement>('#confirm-submit')?.showModal();
  }

  openReject(): void {
    this.reasonProblem = '';
    this.host.requestUpdate();
    this.host.root.querySelector<HTMLDialogElement>('#confirm-reject')?.showModal();
  }

  closeDialogs(): void {
    for (const d of this.host.root.querySelectorAll<HTMLDialogElement>('dialog#confirm-submit, dialog#confirm-reject')) if (d.open) d.close();
  }

  /** Completes or rejects (after the confirm dialog); the final state, the event and the redirect follow. */
  async act(kind: 'complete' | 'reject'): Promise<void> {
    const host = this.host;
    const { session, filling } = host;
    const reason = this.reason.trim();
    if (kind === 'reject' && !reason) {
      this.reasonProblem = ts(host.lang, 'signer.rejectReasonRequired');
      host.requestUpdate();
      host.root.querySelector<HTMLElement>('#reject-reason')?.focus();
      return;
    }
    if (this.busy) return;
    this.setBusy(true);
    filling.cancelSave();
    try {
      const answer =
        kind === 'complete'
          ? await signingApi.complete(host.endpoint, host.token, host.signer, submission(session.own, filling.values), filling.submittedCodes())
          : await signingApi.reject(host.endpoint, host.token, host.signer, reason);
      this.closeDialogs();
      session.finished(kind, answer.document_status ?? 0);
      const redirect = answer.redirect || session.view?.document.redirect || '';
      const go =
        kind === 'complete'
          ? host.emit('esign-complete', { signer: host.signer, status: answer.status, documentStatus: session.documentStatus, redirect }, true)
          : host.emit('esign-reject', { signer: host.signer, reason, redirect }, true);
      if (go && !host.noRedirect && safeRedirect(redirect)) {
        session.say(ts(host.lang, 'signer.redirecting'));
        window.setTimeout(() => location.assign(redirect), REDIRECT_DELAY_MS);
      }
    } catch (error) {
      this.closeDialogs();
      this.refused(error);
    } finally {
      this.setBusy(false);
    }
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.host.requestUpdate();
  }

  /** A refused submission: field problems go beside their fields; anything else is an error. */
  private refused(error: unknown): void {
    const { session, filling, navigation, lang } = this.host;
    const fieldOf = (path: string) => /^(?:values|codes)\.(.+)$/.exec(path)?.[1];
    if (error instanceof SigningError && error.fields.some((f) => fieldOf(f.field))) {
      filling.refusedBy(new Map(error.fields.filter((f) => fieldOf(f.field)).map((f) => [fieldOf(f.field)!, f.message])));
      session.say(ts(lang, 'signer.notComplete'));
      const first = session.own.findIndex((f) => filling.serverProblems.has(f.uuid!));
      navigation.go(first >= 0 ? first : 0);
      return;
    }
    if (error instanceof SigningError && error.status === 409) return session.reload(); // removed, rejected or done meanwhile: show why
    session.say(ts(lang, 'signer.submitFailed', { message: (error as Error).message }));
    this.host.emit('esign-error', { message: session.message, code: codeOf(error) });
  }
}
