// <portal-groups>: the person's groups and their settings (xframe_allow, frame origins for the editor,
// component use, retention, default message). A group admin edits them through `updateGroupSettings`
// (the same group update as REST PATCH /group/{id}/); members see them read-only. Each group's members
// and invitations are in <portal-members>.
import { LitElement, html } from 'lit';
import { portalStyles } from '../portal-styles.js';
import { gql } from '../graphql.js';
import { problem, tr } from '../text.js';
import { GROUP_FIELDS } from '../portal-members/portal-members.js';

const SWITCHES = ['xframeAllow', 'xframeAllowPdfEdit', 'componentsEnabled', 'deletionRequiresApproval'];

export class PortalGroups extends LitElement {
  static properties = { user: { attribute: false }, me: { type: String }, _groups: { state: true }, _status: { state: true }, _error: { state: true } };
  static styles = portalStyles;

  constructor() {
    super();
    this.user = null;
    this.me = '';
    this._groups = [];
    this._status = '';
    this._error = '';
  }

  connectedCallback() {
    super.connectedCallback();
    void this.refresh();
  }

  async refresh() {
    this._error = '';
    try {
      this._groups = (await gql(this.user, `{ portalGroups { ${GROUP_FIELDS} } }`)).portalGroups ?? [];
    } catch (error) {
      this._error = problem(error);
    }
  }

  /** A member list changed in <portal-members>: take the group's new state. */
  _replaced(event) {
    this._groups = this._groups.map((g) => (g.group.id === event.detail.group.group.id ? event.detail.group : g));
  }

  async _save(event, entry) {
    event.preventDefault();
    const form = new FormData(event.target);
    const days = String(form.get('retentionDays')).trim();
    const input = {
      ...Object.fromEntries(SWITCHES.map((name) => [name, form.get(name) === 'on'])),
      retentionDays: days === '' ? null : Number(days),
      defaultMessageTemplate: String(form.get('defaultMessageTemplate')),
    };
    this._error = '';
    try {
      const data = await gql(
        this.user,
        `mutation($g: ID!, $input: GroupSettingsInput!) { updateGroupSettings(groupId: $g, input: $input) { ${GROUP_FIELDS} } }`,
        {
          g: entry.group.id,
          input,
        },
      );
      this._replaced({ detail: { group: data.updateGroupSettings } });
      this._status = tr('portal.settingsSaved', { name: entry.group.name });
    } catch (error) {
      this._error = problem(error);
    }
  }

  _settings(entry) {
    const s = entry.settings;
    const off = !entry.isAdmin;
    const id = (name) => `${name}-${entry.group.id}`;
    return html`<form aria-label=${tr('portal.groupSettings', { name: entry.group.name })} @submit=${(e) => this._save(e, entry)}>
      ${SWITCHES.map(
        (name) =>
          html`<label><span>${tr(`portal.setting.${name}`)}</span><input type="checkbox" name=${name} id=${id(name)} ?checked=${s[name]} ?disabled=${off}></label>`,
      )}
      <label>${tr('portal.setting.retentionDays')} <input name="retentionDays" type="number" min="1" max="36500" size="6" .value=${s.retentionDays ?? ''} ?disabled=${off}></label>
      <label>${tr('portal.setting.defaultMessageTemplate')} <input name="defaultMessageTemplate" size="36" maxlength="10000" .value=${s.defaultMessageTemplate ?? ''} ?disabled=${off}></label>
      ${entry.isAdmin ? html`<button type="submit">${tr('portal.save')}</button>` : html`<p class="note">${tr('portal.readOnly')}</p>`}
    </form>`;
  }

  render() {
    return html`<section aria-labelledby="groups-heading">
      <h2 id="groups-heading" tabindex="-1">${tr('portal.groupsHeading')}</h2>
      <p role="status">${this._status}</p>
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : ''}
      ${this._groups.map(
        (entry) => html`<h3>${entry.group.name}${entry.isAdmin ? html` <span class="note">(${tr('portal.groupAdmin')})</span>` : ''}</h3>
          ${this._settings(entry)}
          <portal-members .user=${this.user} .me=${this.me} .entry=${entry} @portal-group-changed=${this._replaced}></portal-members>`,
      )}
    </section>`;
  }
}
customElements.define('portal-groups', PortalGroups);
