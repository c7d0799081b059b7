// <portal-enrol>: the mandatory second factor. AssociateSoftwareToken gives a secret, shown as a QR code
// (and as text for typing), VerifySoftwareToken takes the app's first code and answers the recovery
// codes, shown here once. Fires `portal-enrolled` when the person has noted them.
import { LitElement, html } from 'lit';
import QRCode from 'qrcode';
import { portalStyles } from '../portal-styles.js';
import { associateTotp, verifyTotp } from '../session.js';
import { problem, tr } from '../text.js';

export class PortalEnrol extends LitElement {
  static properties = {
    user: { attribute: false },
    email: { type: String },
    _secret: { state: true },
    _qr: { state: true },
    _codes: { state: true },
    _error: { state: true },
    _copied: { state: true },
  };
  static styles = portalStyles;

  constructor() {
    super();
    this.user = null;
    this.email = '';
    this._secret = '';
    this._qr = '';
    this._codes = null;
    this._error = '';
    this._copied = '';
  }

  /** Copies the secret (without the spaces that group it for reading); says so, or asks for a manual copy. */
  async _copy() {
    try {
      await navigator.clipboard.writeText(this._secret);
      this._copied = tr('portal.secretCopied');
    } catch {
      getSelection()?.selectAllChildren(this.renderRoot.querySelector('code[data-secret]'));
      this._copied = tr('portal.secretSelected');
    }
  }

  async connectedCallback() {
    super.connectedCallback();
    try {
      this._secret = await associateTotp(this.user);
      const uri = `otpauth://totp/${encodeURIComponent(`esign-elements:${this.email}`)}?secret=${this._secret}&issuer=esign-elements`;
      this._qr = await QRCode.toDataURL(uri, { margin: 1, width: 200 });
    } catch (error) {
      this._error = problem(error);
    }
  }

  async _verify(event) {
    event.preventDefault();
    this._error = '';
    try {
      this._codes = await verifyTotp(this.user, String(new FormData(event.target).get('code')).trim());
    } catch (error) {
      this._error = problem(error);
    }
  }

  _continue() {
    this.dispatchEvent(new CustomEvent('portal-enrolled', { bubbles: true, composed: true }));
  }

  render() {
    const error = this._error ? html`<p class="error" role="alert">${this._error}</p>` : '';
    if (this._codes) {
      return html`<section>
        <h2>${tr('portal.recoveryHeading')}</h2>
        <p>${tr('portal.recoveryNote')}</p>
        <div class="once"><pre aria-label=${tr('portal.recoveryHeading')}>${this._codes.join('\n')}</pre></div>
        <button @click=${this._continue}>${tr('portal.recoveryDone')}</button>
      </section>`;
    }
    return html`<section>
      <h2>${tr('portal.enrolHeading')}</h2>
      <p>${tr('portal.enrolNote')}</p>
      ${this._qr ? html`<img src=${this._qr} width="200" height="200" alt=${tr('portal.qrAlt')}>` : ''}
      <p class="note">${tr('portal.secretNote')}</p>
      <p class="secret-row">
        <!-- Groups of four, as authenticator apps show and accept them; data-secret holds it whole. -->
        <code class="secret" data-secret=${this._secret} dir="ltr">${this._secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
        <button type="button" class="secondary" @click=${this._copy} ?disabled=${!this._secret}>${tr('portal.copySecret')}</button>
        <span role="status">${this._copied}</span>
      </p>
      <form @submit=${this._verify}>
        <label>${tr('portal.firstCode')} <input name="code" required autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" size="8"></label>
        <button type="submit">${tr('portal.enable')}</button>
      </form>
      ${error}
    </section>`;
  }
}
customElements.define('portal-enrol', PortalEnrol);
