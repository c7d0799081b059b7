// <portal-sign-in>: email and password (SRP: the password never leaves the browser), then the
// authenticator code when the account has one. Fires `portal-signed-in` with { user }.
import { LitElement, html } from 'lit';
import { portalStyles } from '../portal-styles.js';
import { sendCode, signIn } from '../session.js';
import { problem, tr } from '../text.js';

export class PortalSignIn extends LitElement {
  static properties = { _user: { state: true }, _error: { state: true }, _busy: { state: true } };
  static styles = portalStyles;

  constructor() {
    super();
    this._user = null;
    this._error = '';
    this._busy = false;
  }

  async _run(step) {
    this._busy = true;
    this._error = '';
    try {
      await step();
    } catch (error) {
      this._error = problem(error);
    } finally {
      this._busy = false;
    }
  }

  _done(user) {
    this.dispatchEvent(new CustomEvent('portal-signed-in', { detail: { user }, bubbles: true, composed: true }));
  }

  _password(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    return this._run(async () => {
      const { user, done } = await signIn(String(form.get('email')).trim(), String(form.get('password')));
      if (done) this._done(user);
      else this._user = user;
    });
  }

  _code(event) {
    event.preventDefault();
    const code = String(new FormData(event.target).get('code')).trim();
    return this._run(async () => this._done(await sendCode(this._user, code)));
  }

  updated(changed) {
    if (changed.has('_user') && this._user) this.renderRoot.querySelector('input[name=code]')?.focus();
  }

  render() {
    const error = this._error ? html`<p class="error" role="alert">${this._error}</p>` : '';
    if (this._user) {
      return html`<section>
        <h2>${tr('portal.codeHeading')}</h2>
        <p class="note">${tr('portal.codeNote')}</p>
        <form @submit=${this._code}>
          <label>${tr('portal.code')} <input name="code" required autocomplete="one-time-code" inputmode="text" size="12"></label>
          <button type="submit" ?disabled=${this._busy}>${tr('portal.verify')}</button>
        </form>
        ${error}
      </section>`;
    }
    return html`<section>
      <h2>${tr('portal.signInHeading')}</h2>
      <form @submit=${this._password}>
        <label>${tr('portal.email')} <input name="email" type="email" required autocomplete="username" size="28"></label>
        <label>${tr('portal.password')} <input name="password" type="password" required autocomplete="current-password" size="24"></label>
        <button type="submit" ?disabled=${this._busy}>${tr('portal.signIn')}</button>
      </form>
      <p class="note">${tr('portal.signInNote')}</p>
      ${error}
    </section>`;
  }
}
customElements.define('portal-sign-in', PortalSignIn);
