/**
 * The one-time code step before the fields open (issue 29; docs/decisions/signing.md): a recipient sent
 * with `sms` (or with email verification) asks for a code, enters it, and only then signs. The code is
 * sent when the recipient asks ("Send code"), never on load: a page opened by a link preview or
 * prerendered by the browser sends nothing, and the recipient sees where the code goes first.
 * The server holds every rule (6 digits, 10 minutes, 5 tries, 5 sends an hour 30 s apart); this
 * controller says what it answered, in the recipient's language, and counts down to the next send.
 */
import type { ReactiveController } from 'lit';
import { signingApi, SigningError, type VerificationView } from '../signer-api.ts';
import { ts, type SignerMessageKey } from '../signer-i18n.ts';
import type { SignerHost } from '../signer-host.ts';

/** Digits only, at most six: a pasted "123 456" or "Your code: 123456" becomes "123456". */
export function codeDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length > 6 && /\b\d{6}\b/.test(raw) ? /\b(\d{6})\b/.exec(raw)![1]! : digits.slice(0, 6);
}

/** A masked number or address inside text that may read right to left stays one left-to-right run. */
const isolate = (text: string) => `\u2066${text}\u2069`;

const ERROR_KEYS: Record<string, SignerMessageKey> = {
  code_locked: 'verify.locked',
  code_expired: 'verify.expired',
  no_code: 'verify.noCode',
  bad_code_format: 'verify.format',
  code_not_sent: 'verify.notSent',
  code_throttled: 'verify.throttled',
};

export class OneTimeCode implements ReactiveController {
  state: VerificationView | null = null;
  /** The digits typed or pasted so far. */
  value = '';
  /** What the step's live region says: sent, verified, or what went wrong. */
  message = '';
  /** The message is a problem with the code (the input is marked invalid). */
  invalid = false;
  busy = false;
  /** Seconds before "Send a new code" is available again (counted down every second). */
  secondsLeft = 0;
  /** A code went out before (the button then says "Send a new code"). */
  sentBefore = false;

  private readonly host: SignerHost;
  private timer: ReturnType<typeof setInterval> | undefined;
  private resendAt = 0;
  private lastChecked = '';

  constructor(host: SignerHost) {
    this.host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stopCountdown();
  }

  /** This recipient must still enter a code before its fields open. */
  get needed(): boolean {
    return !!this.state?.required && !this.state.verified;
  }

  /** A code was sent and may still be entered. */
  get waiting(): boolean {
    return !!this.state?.code;
  }

  get destination(): string {
    return isolate(this.state?.destination ?? '');
  }

  /** A new signing view: where the step stands (a reload after a code was sent shows the input at once). */
  reset(state: VerificationView | undefined): void {
    this.state = state ?? null;
    this.value = this.lastChecked = '';
    this.message = '';
    this.invalid = false;
    this.busy = false;
    this.sentBefore = !!state?.code || (state?.resend_in ?? 0) > 0;
    this.countdown(state?.resend_in ?? 0);
  }

  async send(): Promise<void> {
    const host = this.host;
    if (this.busy || this.secondsLeft > 0) return;
    this.busy = true;
    host.requestUpdate();
    try {
      const sent = await signingApi.sendCode(host.endpoint, host.token, host.signer);
      this.state = { ...this.state!, code: { expires_at: sent.expires_at, tries_left: 5 } };
      this.value = this.lastChecked = '';
      this.sentBefore = true;
      this.say(ts(host.lang, this.state.required === 'email' ? 'verify.sentEmail' : 'verify.sentSms', { destination: this.destination }), false);
      this.countdown(sent.resend_in);
      this.busy = false;
      await host.updateComplete;
      host.root.querySelector<HTMLInputElement>('#otp-input')?.focus();
    } catch (error) {
      this.busy = false;
      await this.failed(error);
    }
  }

  /** Typed, pasted or filled in by the phone: six digits are checked at once. */
  input(raw: string): void {
    this.value = codeDigits(raw);
    if (this.invalid) this.say('', false);
    this.host.requestUpdate();
    if (this.value.length === 6 && this.value !== this.lastChecked) void this.check();
  }

  async check(): Promise<void> {
    const host = this.host;
    if (this.busy) return;
    if (this.value.length !== 6) {
      this.say(ts(host.lang, 'verify.format'), true);
      return;
    }
    this.busy = true;
    this.lastChecked = this.value;
    host.requestUpdate();
    try {
      this.state = await signingApi.checkCode(host.endpoint, host.token, host.signer, this.value);
      this.busy = false;
      this.stopCountdown();
      this.message = '';
      host.session.verified();
    } catch (error) {
      this.busy = false;
      await this.failed(error);
    }
  }

  /** Says what the server answered; the waiting code, tries left and the countdown are read again from it. */
  private async failed(error: unknown): Promise<void> {
    const host = this.host;
    const code = error instanceof SigningError ? error.code : '';
    if (code !== 'network') {
      try {
        this.state = await signingApi.verification(host.endpoint, host.token, host.signer);
        this.countdown(this.state.resend_in);
      } catch {
        // The message below still says what failed.
      }
    }
    if (code === 'already_verified' || this.state?.verified) {
      host.session.verified();
      return;
    }
    if (code === 'wrong_code') {
      this.say(ts(host.lang, 'verify.wrong', { left: this.state?.code?.tries_left ?? 0 }), true);
    } else if (ERROR_KEYS[code]) {
      this.say(ts(host.lang, ERROR_KEYS[code], { seconds: this.secondsLeft }), code !== 'code_not_sent' && code !== 'code_throttled');
    } else {
      this.say(ts(host.lang, 'verify.failed', { message: (error as Error).message }), true);
    }
    if (code === 'code_locked' || code === 'code_expired') {
      // The input is gone with its code: focus goes to "Send a new code", or to the step while that counts down.
      this.value = '';
      await host.updateComplete;
      const send = host.root.querySelector<HTMLButtonElement>('#otp-send');
      (send && !send.disabled ? send : host.root.querySelector<HTMLElement>('[part~="verification"]'))?.focus();
    }
  }

  private say(message: string, invalid: boolean): void {
    this.message = message;
    this.invalid = invalid;
    this.host.requestUpdate();
  }

  private countdown(seconds: number): void {
    this.stopCountdown();
    this.secondsLeft = Math.max(0, Math.ceil(seconds));
    if (this.secondsLeft === 0) return;
    this.resendAt = Date.now() + this.secondsLeft * 1000;
    this.timer = setInterval(() => {
      this.secondsLeft = Math.max(0, Math.ceil((this.resendAt - Date.now()) / 1000));
      if (this.secondsLeft === 0) this.stopCountdown();
      this.host.requestUpdate();
    }, 1000);
  }

  private stopCountdown(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
