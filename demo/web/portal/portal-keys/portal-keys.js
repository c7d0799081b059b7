// <portal-keys>: the person's API keys, each with the name given when it was made. A new key is shown once
// (with a copy button, which takes the focus): only its hash is kept. The list is read again after each
// action and when the person comes back to the page (a key used from a terminal shows its last use).
import { LitElement, html } from 'lit';
import { portalStyles } from '../portal-styles.js';
import { gql } from '../graphql.js';
import { problem, tr, when } from '../text.js';
import { RefreshOnReturn } from '../refresh-on-return.js';

const FIELDS = 'id name env created lastUsed revoked';

export class PortalKeys extends LitElement {
  static properties = { user: { attribute: false }, _keys: { state: true }, _created: { state: true }, _status: { state: true }, _error: { state: true } };
  static styles = portalStyles;

  constructor() {
    super();
    this.user = null;
    this._keys = [];
    this._created = null;
    this._status = '';
    this._error = '';
    new RefreshOnReturn(this, () => this._load());
  }

  connectedCallback() {
    super.connectedCallback();
    void this._load();
  }

  async _act(step) {
    this._error = '';
    try {
      await step();
    } catch (error) {
      this._error = problem(error);
    }
  }

  _load() {
    return this._act(async () => {
      this._keys = (await gql(this.user, `{ apiKeys { ${FIELDS} } }`)).apiKeys;
    });
  }

  _create(event) {
    event.preventDefault();
    const formElement = event.target;
    const form = new FormData(formElement);
    const variables = { env: String(form.get('env')), name: String(form.get('name')).trim() };
    return this._act(async () => {
      this._created = (
        await gql(this.user, `mutation($env: String!, $name: String) { createApiKey(env: $env, name: $name) { key apiKey { ${FIELDS} } } }`, variables)
      ).createApiKey;
      this._status = '';
      formElement.reset();
      await this._load();
      // The one thing to do now is copy the secret: the keyboard lands on its button.
      await this.updateComplete;
      this.renderRoot.querySelector('[data-copy]')?.focus();
    });
  }

  _revoke(key) {
    return this._act(async () => {
      await gql(this.user, 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }', { id: key.id });
      this._status = tr('portal.keyRevoked', { id: key.name || key.id });
      await this._load();
      // The Revoke button is gone: the focus goes back to the section's heading rather than the page's start.
      await this.updateComplete;
      this.renderRoot.querySelector('h2')?.focus();
    });
  }

  async _copy() {
    try {
      await navigator.clipboard.writeText(this._created.key);
      this._status = tr('portal.copied');
    } catch {
      this._status = tr('portal.copyFailed');
    }
  }

  render() {
    const created = this._created;
    return html`<section aria-labelledby="keys-heading">
      <h2 id="keys-heading" tabindex="-1">${tr('portal.keysHeading')}</h2>
      <form @submit=${this._create}>
        <label>${tr('portal.keyName')} <input name="name" required maxlength="80" autocomplete="off"></label>
        <label>${tr('portal.keyEnv')}
          <select name="env"><option value="sandbox">${tr('portal.sandbox')}</option><option value="production">${tr('portal.production')}</option></select>
        </label>
        <button type="submit">${tr('portal.createKey')}</button>
      </form>
      ${
        created
          ? html`<div class="once">
            <p>${tr('portal.keyOnce')}</p>
            <output class="secret" data-new-key aria-label=${tr('portal.newKey')}>${created.key}</output>
            <button class="secondary" data-copy @click=${this._copy}>${tr('portal.copy')}</button>
          </div>`
          : ''
      }
      <p role="status">${this._status}</p>
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : ''}
      ${this._keys.length === 0 ? html`<p class="note empty" data-empty="keys">${tr('portal.noKeys')}</p>` : ''}
      <div class="scroll" role="group" tabindex="0" aria-labelledby="keys-heading" ?hidden=${this._keys.length === 0}><table>
        <thead><tr><th scope="col">${tr('portal.keyName')}</th><th scope="col">${tr('portal.keyId')}</th><th scope="col">${tr('portal.keyEnv')}</th><th scope="col">${tr('portal.created')}</th><th scope="col">${tr('portal.lastUsed')}</th><th scope="col">${tr('portal.state')}</th></tr></thead>
        <tbody>
          ${this._keys.map(
            (key) => html`<tr>
              <td>${key.name || '—'}</td>
              <td><code>${key.id}</code></td>
              <td>${tr(`portal.${key.env}`)}</td>
              <td>${when(key.created)}</td>
              <td>${key.lastUsed ? when(key.lastUsed) : tr('portal.never')}</td>
              <td>${
                key.revoked
                  ? tr('portal.revokedOn', { date: when(key.revoked) })
                  : html`<button class="secondary" aria-label=${tr('portal.revokeKey', { id: key.name || key.id })} @click=${() => this._revoke(key)}>${tr('portal.revoke')}</button>`
              }</td>
            </tr>`,
          )}
        </tbody>
      </table></div>
    </section>`;
  }
}
customElements.define('portal-keys', PortalKeys);
