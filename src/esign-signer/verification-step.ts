/**
 * The one-time code step, in the place of the field bar until the code is entered (controllers/one-time-code.ts):
 * where the code goes, "Send code", one input the phone can fill (`autocomplete="one-time-code"`), what went
 * wrong in a live region, and "Send a new code" with a visible countdown. The pages stay readable above it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ts } from './signer-i18n.ts';
import type { OneTimeCode } from './controllers/one-time-code.ts';

export function verificationStep(lang: string, code: OneTimeCode): TemplateResult {
  const email = code.state?.required === 'email';
  const intro = ts(lang, email ? 'verify.introEmail' : 'verify.introSms', { destination: code.destination });
  const resendLabel = ts(lang, code.sentBefore ? 'verify.resend' : 'verify.send');
  return html`<div class="bar verification" part="verification" role="group" aria-labelledby="otp-title" tabindex="-1">
    <div class="bar-top"><h3 class="field-name" id="otp-title">${ts(lang, 'verify.title')}</h3></div>
    <p class="hint" id="otp-intro">${intro}</p>
    ${
      code.waiting
        ? html`<form class="field-control otp-form" part="field-control" @submit=${(e: Event) => (e.preventDefault(), void code.check())}>
            <label for="otp-input">${ts(lang, 'verify.codeLabel')}</label>
            <input id="otp-input" part="otp-input" dir="ltr" type="text" autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]*"
              enterkeyhint="done" spellcheck="false" aria-describedby="otp-intro otp-message" aria-invalid=${code.invalid ? 'true' : 'false'}
              .value=${code.value} @input=${(e: Event) => code.input((e.target as HTMLInputElement).value)} />
            <button type="submit" part="button primary" class="primary" ?disabled=${code.busy}>${ts(lang, 'verify.submit')}</button>
          </form>`
        : nothing
    }
    <p class=${code.invalid ? 'error' : 'hint'} id="otp-message" part="verification-message" role="status" aria-live="polite">${code.message}</p>
    <div class="nav">
      <button type="button" part="button otp-send" id="otp-send" class=${code.waiting ? '' : 'primary'} ?disabled=${code.busy || code.secondsLeft > 0}
        @click=${() => void code.send()}>${resendLabel}</button>
      ${code.secondsLeft > 0 ? html`<span class="hint otp-countdown" part="otp-countdown">${ts(lang, 'verify.resendIn', { seconds: code.secondsLeft })}</span>` : nothing}
    </div>
  </div>`;
}
