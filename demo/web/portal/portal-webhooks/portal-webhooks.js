// <portal-webhooks>: the person's webhook registrations and the delivery log (the exact request body, the
// receiver's HTTP status), with replay of a logged event. A registration is edited in place (url, event,
// group) through `updateWebhook`, which answers a new id when anything changed.
import { LitElement, html } from 'lit';
import { portalStyles } from '../portal-styles.js';
import { gql } from '../graphql.js';
import { problem, tr, when } from '../text.js';
import { RefreshOnReturn } from '../refresh-on-return.js';

const LOAD = `{
  user { webhooks { id url event groupId created } }
  portalAccount { groups { id name } }
  webhookDeliveries(limit: 50) { id webhookId url event state attempts lastStatus lastError reason created requestBody }
}`;

/** The schema's WEBHOOKEVENTS values, named as the events appear in payloads and the log. */
const WEBHOOK_EVENTS = {
  DOCUMENTS_ALL: 'document.*',
  DOCUMENTS_CREATED: 'document.created',
  DOCUMENTS_REJECTED: 'document.rejected',
  DOCUMENTS_COMPLETED: 'document.finalPdfCreated',
  RECIPIENTS_ALL: 'recipient.*',
  RECIPIENTS_EMAILED: 'recipient.emailNotification',
  RECIPIENTS_AUTOREMINDER: 'recipient.autoReminderEmail',
  RECIPIENTS_EMAILBOUNCED: 'recipient.bounced',
  RECIPIENTS_VISITING: 'recipient.visiting',
  RECIPIENTS_COMPLETED: 'recipient.completed',
  RECIPIENTS_REJECTED: 'recipient.rejected',
};

export class PortalWebhooks extends LitElement {
  static properties = {
    user: { attribute: false },
    _webhooks: { state: true },
    _deliveries: { state: true },
    _open: { state: true },
    _editing: { state: true },
    _groups: { state: true },
    _status: { state: true },
    _error: { state: true },
  };
  static styles = portalStyles;

  constructor() {
    super();
    this.user = null;
    this._webhooks = [];
    this._deliveries = [];
    this._open = null;
    this._editing = null;
    this._groups = [];
    this._status = '';
    this._error = '';
    new RefreshOnReturn(this, () => this.refresh());
  }

  connectedCallback() {
    super.connectedCallback();
    void this.refresh();
  }

  async _act(step) {
    this._error = '';
    try {
      await step();
    } catch (error) {
      this._error = problem(error);
    }
  }

  refresh() {
    return this._act(async () => {
      const data = await gql(this.user, LOAD);
      this._webhooks = data.user.webhooks ?? [];
      this._deliveries = data.webhookDeliveries ?? [];
      this._groups = data.portalAccount?.groups ?? [];
    });
  }

  _create(event) {
    event.preventDefault();
    const formElement = event.target;
    const form = new FormData(formElement);
    const input = { url: String(form.get('url')).trim(), event: String(form.get('event')) };
    return this._act(async () => {
      await gql(this.user, 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) }', { input });
      formElement.reset();
      this._status = tr('portal.webhookAdded');
      await this.refresh();
    });
  }

  _update(event, webhook) {
    event.preventDefault();
    const form = new FormData(event.target);
    const input = {
      webhookId: webhook.id,
      url: String(form.get('url')).trim(),
      event: String(form.get('event')),
      groupId: String(form.get('groupId')) || null,
    };
    return this._act(async () => {
      await gql(this.user, 'mutation($input: UpdateWebhookInput!) { updateWebhook(input: $input) }', { input });
      this._editing = null;
      this._status = tr('portal.webhookUpdated');
      await this.refresh();
    });
  }

  _editRow(w) {
    return html`<tr><td colspan="5">
      <form aria-label=${tr('portal.editWebhook', { url: w.url })} @submit=${(e) => this._update(e, w)}>
        <label>${tr('portal.callbackUrl')} <input name="url" type="url" required size="36" .value=${w.url}></label>
        <label>${tr('portal.eventFilter')}
          <select name="event">${Object.entries(WEBHOOK_EVENTS).map(([value, name]) => html`<option value=${value} ?selected=${value === w.event}>${name}</option>`)}</select>
        </label>
        <label>${tr('portal.group')}
          <select name="groupId"><option value="">${tr('portal.allGroups')}</option>${this._groups.map((g) => html`<option value=${g.id} ?selected=${g.id === w.groupId}>${g.name}</option>`)}</select>
        </label>
        <button type="submit">${tr('portal.save')}</button>
        <button type="button" class="secondary" @click=${() => (this._editing = null)}>${tr('portal.cancel')}</button>
      </form>
    </td></tr>`;
  }

  _groupName(id) {
    return id ? (this._groups.find((g) => g.id === id)?.name ?? id) : tr('portal.allGroups');
  }

  _trigger(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    const object = String(form.get('object'));
    const id = String(form.get('id')).trim();
    const input = { object, event: String(form.get('event')).trim(), ...(object === 'recipient' ? { recipientId: id } : { documentId: id }) };
    return this._act(async () => {
      await gql(this.user, 'mutation($input: WebhookTestEventInput!) { triggerWebhookEvent(input: $input) }', { input });
      this._status = tr('portal.triggered');
      await this.refresh();
    });
  }

  _delete(webhook) {
    return this._act(async () => {
      await gql(this.user, 'mutation($id: ID!) { deleteWebhook(input: { webhookId: $id }) }', { id: webhook.id });
      this._status = tr('portal.webhookRemoved');
      await this.refresh();
      await this.updateComplete;
      this.renderRoot.querySelector('h2')?.focus(); // its row is gone: back to the section's heading
    });
  }

  _replay(delivery) {
    return this._act(async () => {
      await gql(this.user, 'mutation($id: ID!) { replayWebhookDelivery(id: $id) { id } }', { id: delivery.id });
      this._status = tr('portal.replayed');
      await this.refresh();
    });
  }

  _delivery(d) {
    const open = this._open === d.id;
    return html`<tr>
        <td>${d.event}${d.reason === 'replay' ? html` <em>(${tr('portal.replay')})</em>` : ''}</td>
        <td>${d.url}</td>
        <td>${d.state}</td>
        <td>${d.lastStatus ?? d.lastError ?? '—'}</td>
        <td>${when(d.created)}</td>
        <td>
          <button class="secondary" aria-expanded=${open ? 'true' : 'false'} @click=${() => (this._open = open ? null : d.id)}>${tr('portal.body')}</button>
          <button class="secondary" @click=${() => this._replay(d)}>${tr('portal.replay')}</button>
        </td>
      </tr>
      ${open ? html`<tr><td colspan="6"><pre aria-label=${tr('portal.requestBody')}>${d.requestBody}</pre></td></tr>` : ''}`;
  }

  render() {
    return html`<section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading" tabindex="-1">${tr('portal.webhooksHeading')}</h2>
      <form @submit=${this._create}>
        <label>${tr('portal.callbackUrl')} <input name="url" type="url" required size="36" placeholder="https://example.com/hook"></label>
        <label>${tr('portal.eventFilter')}
          <select name="event">${Object.entries(WEBHOOK_EVENTS).map(([value, name]) => html`<option value=${value}>${name}</option>`)}</select>
        </label>
        <button type="submit">${tr('portal.addWebhook')}</button>
      </form>
      <p role="status">${this._status}</p>
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : ''}
      ${
        this._webhooks.length === 0
          ? html`<p class="note empty" data-empty="webhooks">${tr('portal.noWebhooks')}</p>`
          : html`<div class="scroll" role="group" tabindex="0" aria-labelledby="webhooks-heading"><table>
        <thead><tr><th scope="col">${tr('portal.callbackUrl')}</th><th scope="col">${tr('portal.eventFilter')}</th><th scope="col">${tr('portal.group')}</th><th scope="col">${tr('portal.created')}</th><th scope="col"><span class="note">${tr('portal.actions')}</span></th></tr></thead>
        <tbody>
          ${this._webhooks.map(
            (w) => html`<tr>
                <td>${w.url}</td>
                <td>${WEBHOOK_EVENTS[w.event] ?? tr('portal.everyEvent')}</td>
                <td>${this._groupName(w.groupId)}</td>
                <td>${when(w.created)}</td>
                <td>
                  <button class="secondary" aria-expanded=${this._editing === w.id ? 'true' : 'false'} aria-label=${tr('portal.editWebhook', { url: w.url })} @click=${() => (this._editing = this._editing === w.id ? null : w.id)}>${tr('portal.edit')}</button>
                  <button class="secondary" aria-label=${tr('portal.removeWebhook', { url: w.url })} @click=${() => this._delete(w)}>${tr('portal.remove')}</button>
                </td>
              </tr>
              ${this._editing === w.id ? this._editRow(w) : ''}`,
          )}
        </tbody>
      </table></div>`
      }
      <h3>${tr('portal.triggerHeading')}</h3>
      <form @submit=${this._trigger}>
        <label>${tr('portal.object')}
          <select name="object"><option value="document">${tr('portal.document')}</option><option value="recipient">${tr('portal.recipient')}</option></select>
        </label>
        <label>${tr('portal.event')} <input name="event" required size="16" value="created"></label>
        <label>${tr('portal.objectId')} <input name="id" required size="38"></label>
        <button type="submit">${tr('portal.trigger')}</button>
      </form>
      <h3 id="log-heading">${tr('portal.logHeading')}</h3>
      <button class="secondary" @click=${this.refresh}>${tr('portal.refresh')}</button>
      ${
        this._deliveries.length === 0
          ? html`<p class="note empty" data-empty="deliveries">${tr('portal.noDeliveries')}</p>`
          : html`<div class="scroll" role="group" tabindex="0" aria-labelledby="log-heading"><table>
        <thead><tr><th scope="col">${tr('portal.event')}</th><th scope="col">${tr('portal.callbackUrl')}</th><th scope="col">${tr('portal.state')}</th><th scope="col">${tr('portal.httpStatus')}</th><th scope="col">${tr('portal.created')}</th><th scope="col"><span class="note">${tr('portal.actions')}</span></th></tr></thead>
        <tbody>${this._deliveries.map((d) => this._delivery(d))}</tbody>
      </table></div>`
      }
    </section>`;
  }
}
customElements.define('portal-webhooks', PortalWebhooks);
