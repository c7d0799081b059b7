// <portal-members>: one group's members and open invitations. A group admin invites by email (a registered
// user joins at once), removes members, cancels invitations and creates sub-users with a permanent
// password (they enrol their own second factor at first sign-in). Others see the member list only.
// Answers the group's new state in a `portal-group-changed` event.
import { LitElement, html } from 'lit';
import { portalStyles } from '../portal-styles.js';
import { gql } from '../graphql.js';
import { problem, tr, when } from '../text.js';

/** What the portal reads of a group (portal-groups.graphql), after every change too. */
export const GROUP_FIELDS = `group { id name } isAdmin
  settings { xframeAllow xframeAllowPdfEdit componentsEnabled deletionRequiresApproval retentionDays defaultMessageTemplate }
  members { id email name isGroupAdmin created } invitations { id email created }`;

export class PortalMembers extends LitElement {
  static properties = { user: { attribute: false }, entry: { attribute: false }, me: { type: String }, _status: { state: true }, _error: { state: true } };
  static styles = portalStyles;

  constructor() {
    super();
    this.user = null;
    this.entry = null;
    /** The signed-in person's email: their own row has no Remove button (leaving a group is not done by removing oneself). */
    this.me = '';
    this._status = '';
    this._error = '';
  }

  async _run(mutation, variables, field, status, form) {
    this._error = '';
    try {
      const data = await gql(this.user, mutation, variables);
      form?.reset();
      this._status = status;
      if (field) this.dispatchEvent(new CustomEvent('portal-group-changed', { detail: { group: data[field] }, bubbles: true, composed: true }));
      // A Remove or Cancel button took its row with it: the focus goes to the list's heading, not the page's start.
      if (!form) this.renderRoot.querySelector('h4')?.focus();
    } catch (error) {
      this._error = problem(error);
    }
  }

  _invite(event) {
    event.preventDefault();
    const email = String(new FormData(event.target).get('email')).trim();
    const query = `mutation($g: ID!, $email: String!) { inviteMember(groupId: $g, email: $email) { ${GROUP_FIELDS} } }`;
    return this._run(query, { g: this.entry.group.id, email }, 'inviteMember', tr('portal.invited', { email }), event.target);
  }

  _remove(member) {
    const query = `mutation($id: ID!) { removeMember(memberId: $id) { ${GROUP_FIELDS} } }`;
    return this._run(query, { id: member.id }, 'removeMember', tr('portal.memberRemoved', { email: member.email }));
  }

  _cancel(invitation) {
    const query = `mutation($id: ID!) { cancelInvitation(invitationId: $id) { ${GROUP_FIELDS} } }`;
    return this._run(query, { id: invitation.id }, 'cancelInvitation', tr('portal.invitationCancelled', { email: invitation.email }));
  }

  /** A sub-user: created, then the group read again so the new member is listed. */
  async _createUser(event) {
    event.preventDefault();
    const formElement = event.target;
    const form = new FormData(formElement);
    const input = Object.fromEntries(['email', 'firstName', 'lastName', 'password'].map((name) => [name, String(form.get(name)).trim()]));
    input.password = String(form.get('password'));
    this._error = '';
    try {
      await gql(this.user, 'mutation($g: ID!, $input: SubUserInput!) { createSubUser(groupId: $g, input: $input) { id } }', { g: this.entry.group.id, input });
      formElement.reset();
      const fresh = await gql(this.user, `{ portalGroups { ${GROUP_FIELDS} } }`);
      const group = fresh.portalGroups?.find((g) => g.group.id === this.entry.group.id);
      this._status = tr('portal.userCreated', { email: input.email });
      if (group) this.dispatchEvent(new CustomEvent('portal-group-changed', { detail: { group }, bubbles: true, composed: true }));
    } catch (error) {
      this._error = problem(error);
    }
  }

  _adminForms() {
    const name = this.entry.group.name;
    return html`<form aria-label=${tr('portal.inviteTo', { name })} @submit=${this._invite}>
        <label>${tr('portal.email')} <input name="email" type="email" required size="28"></label>
        <button type="submit">${tr('portal.invite')}</button>
      </form>
      <form aria-label=${tr('portal.createUserIn', { name })} @submit=${this._createUser}>
        <label>${tr('portal.email')} <input name="email" type="email" required size="24" autocomplete="off"></label>
        <label>${tr('portal.firstName')} <input name="firstName" required size="12"></label>
        <label>${tr('portal.lastName')} <input name="lastName" required size="12"></label>
        <label>${tr('portal.newPassword')} <input name="password" type="password" required minlength="8" size="16" autocomplete="new-password"></label>
        <button type="submit">${tr('portal.createUser')}</button>
      </form>`;
  }

  render() {
    const { isAdmin, members, invitations } = this.entry;
    return html`<h4 id="members-heading" tabindex="-1">${tr('portal.membersHeading')}</h4>
      <p role="status">${this._status}</p>
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : ''}
      <div class="scroll" role="group" tabindex="0" aria-labelledby="members-heading"><table>
        <thead><tr><th scope="col">${tr('portal.email')}</th><th scope="col">${tr('portal.name')}</th><th scope="col">${tr('portal.role')}</th><th scope="col">${tr('portal.created')}</th><th scope="col"><span class="note">${tr('portal.actions')}</span></th></tr></thead>
        <tbody>
          ${members.map(
            (m) => html`<tr>
              <td>${m.email}</td><td>${m.name}</td><td>${m.isGroupAdmin ? tr('portal.groupAdmin') : tr('portal.member')}</td><td>${when(m.created)}</td>
              <td>${isAdmin && m.email !== this.me ? html`<button class="secondary" aria-label=${tr('portal.removeMember', { email: m.email })} @click=${() => this._remove(m)}>${tr('portal.remove')}</button>` : m.email === this.me ? html`<span class="note">${tr('portal.you')}</span>` : ''}</td>
            </tr>`,
          )}
          ${invitations.map(
            (i) => html`<tr>
              <td>${i.email}</td><td></td><td>${tr('portal.invitedRole')}</td><td>${when(i.created)}</td>
              <td><button class="secondary" aria-label=${tr('portal.cancelInvitation', { email: i.email })} @click=${() => this._cancel(i)}>${tr('portal.cancel')}</button></td>
            </tr>`,
          )}
        </tbody>
      </table></div>
      ${isAdmin ? this._adminForms() : ''}`;
  }
}
customElements.define('portal-members', PortalMembers);
