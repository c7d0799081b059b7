// <portal-app>: the developer portal (/portal/). Signed out → <portal-sign-in>; signed in without a second
// factor → <portal-enrol> (mandatory: the server refuses keys, webhooks and logs without it); then the
// keys, webhooks, groups and usage sections, one at a time, each at its own address (#keys, #webhooks, #groups,
// #usage: back and forward move between them; a section opened anew reads its list fresh). A stored session
// comes back on reload (tokens refreshed as needed).
import { LitElement, html } from 'lit';
import { portalStyles } from '../portal-styles.js';
import { gql, SessionEndedError } from '../graphql.js';
import { signOut, storedUser } from '../session.js';
import { problem, tr } from '../text.js';
import '../portal-sign-in/portal-sign-in.js';
import '../portal-enrol/portal-enrol.js';
import '../portal-keys/portal-keys.js';
import '../portal-webhooks/portal-webhooks.js';
import '../portal-usage/portal-usage.js';
import '../portal-groups/portal-groups.js';

/** The sections, in the order of the navigation: [address, heading key]. */
const SECTIONS = [
  ['keys', 'portal.keysHeading'],
  ['webhooks', 'portal.webhooksHeading'],
  ['groups', 'portal.groupsHeading'],
  ['usage', 'portal.usageHeading'],
];
const sectionOf = (hash) => SECTIONS.find(([id]) => `#${id}` === hash)?.[0] ?? 'keys';

export class PortalApp extends LitElement {
  static properties = { _state: { state: true }, _user: { state: true }, _account: { state: true }, _error: { state: true }, _section: { state: true } };
  static styles = portalStyles;

  constructor() {
    super();
    this._state = 'loading';
    this._user = null;
    this._account = null;
    this._error = '';
    this._section = sectionOf(location.hash);
    this._onHash = () => (this._section = sectionOf(location.hash));
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this._onHash);
  }

  async connectedCallback() {
    super.connectedCallback();
    window.addEventListener('hashchange', this._onHash);
    try {
      const user = await storedUser();
      if (user) await this._enter(user);
      else this._state = 'signed-out';
    } catch (error) {
      this._state = 'signed-out';
      if (!(error instanceof SessionEndedError)) this._error = problem(error);
    }
  }

  /** Reads the account; a person without a second factor enrols first. */
  async _enter(user) {
    this._user = user;
    this._account = (await gql(user, '{ portalAccount { email name totpEnabled } }')).portalAccount;
    this._state = this._account.totpEnabled ? 'ready' : 'enrol';
  }

  async _signedIn(event) {
    try {
      await this._enter(event.detail.user);
    } catch (error) {
      this._error = problem(error);
    }
  }

  async _signOut() {
    await signOut(this._user);
    this._user = null;
    this._account = null;
    this._state = 'signed-out';
  }

  /**
   * Where the keyboard lands: on load, the sign-in form's first field (a page loaded signed in keeps the focus
   * where the browser put it); after signing in or enrolling, the page's heading; after choosing a section,
   * its heading. Headings take focus with tabindex=-1 and draw no box (portal-styles.js).
   */
  async updated(changed) {
    const before = changed.get('_state');
    if (changed.has('_state') && before === 'loading') {
      if (this._state !== 'signed-out') return;
      const form = this.renderRoot.querySelector('portal-sign-in');
      await form?.updateComplete;
      form?.renderRoot.querySelector('input')?.focus();
    } else if (changed.has('_state') && before !== undefined) {
      this.renderRoot.querySelector('[data-focus]')?.focus();
    } else if (changed.has('_section') && changed.get('_section') !== undefined && this._state === 'ready') {
      const section = this.renderRoot.querySelector(`#${this._section}`);
      await section?.updateComplete;
      section?.renderRoot.querySelector('h2')?.focus();
    }
  }

  _body() {
    if (this._state === 'loading') return html`<p role="status">${tr('portal.loading')}</p>`;
    if (this._state === 'signed-out') return html`<portal-sign-in @portal-signed-in=${this._signedIn}></portal-sign-in>`;
    if (this._state === 'enrol')
      return html`<portal-enrol .user=${this._user} email=${this._account.email} @portal-enrolled=${() => (this._state = 'ready')}></portal-enrol>`;
    const section = {
      keys: () => html`<portal-keys id="keys" .user=${this._user}></portal-keys>`,
      webhooks: () => html`<portal-webhooks id="webhooks" .user=${this._user}></portal-webhooks>`,
      groups: () => html`<portal-groups id="groups" .user=${this._user} .me=${this._account.email}></portal-groups>`,
      usage: () => html`<portal-usage id="usage" .user=${this._user}></portal-usage>`,
    }[this._section];
    return html`<nav class="sections" aria-label=${tr('portal.sections')}>
        ${SECTIONS.map(([id, key]) => html`<a href="#${id}" aria-current=${this._section === id ? 'page' : 'false'}>${tr(key)}</a>`)}
        <a href="/graphql/#portal">${tr('shell.graphql')}</a>
      </nav>
      ${section()}`;
  }

  render() {
    const signedIn = this._state === 'ready' || this._state === 'enrol';
    return html`<main>
      <div class="portal-head">
        <h1 tabindex="-1" data-focus>${tr('portal.heading')}</h1>
        ${
          signedIn
            ? html`<p>${tr('portal.signedInAs', { email: this._account.email })} <button class="secondary" @click=${this._signOut}>${tr('portal.signOut')}</button></p>`
            : html`<p class="note">${tr('portal.intro')}</p>`
        }
      </div>
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : ''}${this._body()}</main>`;
  }
}
customElements.define('portal-app', PortalApp);
