// <portal-usage>: each live key's calls in the current throttle window (the server's rate limiter counts them),
// by the key's name. Read when the section opens and again when the person comes back to the page.
import { LitElement, html } from 'lit';
import { portalStyles } from '../portal-styles.js';
import { gql } from '../graphql.js';
import { problem, tr } from '../text.js';
import { RefreshOnReturn } from '../refresh-on-return.js';

export class PortalUsage extends LitElement {
  static properties = { user: { attribute: false }, _rows: { state: true }, _error: { state: true } };
  static styles = portalStyles;

  constructor() {
    super();
    this.user = null;
    this._rows = [];
    this._error = '';
    new RefreshOnReturn(this, () => this.refresh());
  }

  connectedCallback() {
    super.connectedCallback();
    void this.refresh();
  }

  async refresh() {
    this._error = '';
    try {
      this._rows = (await gql(this.user, '{ usage { keyId name env limit used remaining resetSeconds windowSeconds } }')).usage;
    } catch (error) {
      this._error = problem(error);
    }
  }

  render() {
    return html`<section aria-labelledby="usage-heading">
      <h2 id="usage-heading" tabindex="-1">${tr('portal.usageHeading')}</h2>
      <p class="note">${tr('portal.usageNote')}</p>
      <button class="secondary" @click=${this.refresh}>${tr('portal.refresh')}</button>
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : ''}
      ${this._rows.length === 0 ? html`<p class="note empty" data-empty="usage">${tr('portal.noKeys')}</p>` : ''}
      <div class="scroll" role="group" tabindex="0" aria-labelledby="usage-heading" ?hidden=${this._rows.length === 0}><table>
        <thead><tr><th scope="col">${tr('portal.keyName')}</th><th scope="col">${tr('portal.keyId')}</th><th scope="col">${tr('portal.keyEnv')}</th><th scope="col">${tr('portal.used')}</th><th scope="col">${tr('portal.remaining')}</th><th scope="col">${tr('portal.resets')}</th></tr></thead>
        <tbody>
          ${this._rows.map(
            (row) => html`<tr>
              <td>${row.name || '—'}</td>
              <td><code>${row.keyId}</code></td>
              <td>${tr(`portal.${row.env}`)}</td>
              <td><meter min="0" max=${row.limit} value=${row.used} aria-label=${tr('portal.usedOf', { used: row.used, limit: row.limit })}></meter> ${tr('portal.usedOf', { used: row.used, limit: row.limit })}</td>
              <td>${row.remaining}</td>
              <td>${tr('portal.resetsIn', { minutes: Math.ceil(row.resetSeconds / 60), window: Math.round(row.windowSeconds / 60) })}</td>
            </tr>`,
          )}
        </tbody>
      </table></div>
    </section>`;
  }
}
customElements.define('portal-usage', PortalUsage);
