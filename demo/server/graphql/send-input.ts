/**
 * `DocumentSendSettingsInput` (GRAPHQL.md §5) as the REST send body, so the send runs through the
 * same service (services/documents/send.ts) with the same validation and webhooks. IDs decode to
 * REST ids; an undecodable ID is passed on as given and refused by the send's own validation.
 */
import { decodeId } from './ids.ts';
import { GqlError } from './errors.ts';
import { templateParties } from '../services/documents/send-plan.ts';
import type { Template } from '../store/templates.ts';
import type { TemplateRole } from '../store/template-roles.ts';

type Input = Record<string, unknown>;

const ROLES: Record<string, string> = { SIGNER: 'signer', APPROVER: 'approver', WITNESS: 'witness' };

/** What the send needs to place recipients on roles: the template being sent (when visible) and role lookup. */
export interface RoleLookup {
  template: Template | undefined;
  role(id: string): TemplateRole | undefined;
}

const problem = (field: string, message: string) => new GqlError('ValidationError', `${field}: ${message}.`, { problems: [{ field, message }] });

/**
 * Recipients given a `roleId` take that role's place: REST assigns recipients to the template's parties in
 * their order (signer n, its witness, approver n), so each gets its role's position as `order` and its role's type.
 */
function placedOnRoles(recipients: Input[], lookup: RoleLookup): Input[] {
  const withRole = recipients.filter((r) => r.roleId != null);
  if (withRole.length === 0 || !lookup.template) return recipients;
  if (withRole.length !== recipients.length) throw problem('input.recipients', 'give every recipient a roleId, or none');
  const parties = templateParties(lookup.template.fields);
  const seen = new Set<string>();
  const placed = recipients.map((r, i) => {
    const field = `input.recipients[${i}].roleId`;
    const roleId = decodeId('rol', r.roleId);
    const role = roleId ? lookup.role(roleId) : undefined;
    if (!role || role.templateId !== lookup.template!.id) throw problem(field, 'not a role of this template');
    if (seen.has(role.id)) throw problem(field, 'two recipients on the same role');
    seen.add(role.id);
    const position = parties.indexOf(role.signerIndex);
    if (position < 0) throw problem(field, `role "${role.name}" (signer ${role.signerIndex}) has no fields on the template`);
    return { recipient: { ...r, roleType: role.roleType }, position };
  });
  // REST places recipients by their order: with roles, the order is the roles'.
  return placed.sort((a, b) => a.position - b.position).map((p, order) => ({ ...p.recipient, order }));
}

export function sendBodyOf(input: Input, lookup?: RoleLookup): Record<string, unknown> {
  const given = Array.isArray(input.recipients) ? (input.recipients as Input[]) : [];
  const recipients = lookup ? placedOnRoles(given, lookup) : given;
  const body: Record<string, unknown> = {
    group: decodeId('grp', input.groupId) ?? input.groupId,
    templatepdf: decodeId('tpl', input.templateId) ?? input.templateId,
    name: input.title,
    signers: recipients.map((r) => ({
      firstname: r.firstName ?? '',
      lastname: r.lastName ?? '',
      email: r.email ?? '',
      ...(r.order == null ? {} : { order: r.order }),
      ...(r.phoneNumber ? { tel: r.phoneNumber } : {}),
      ...(r.verifiedBySender == null ? {} : { verified_by_sender: r.verifiedBySender }),
      ...(typeof r.roleType === 'string' && ROLES[r.roleType] ? { role: ROLES[r.roleType] } : {}),
    })),
    do_email: input.suppressEmails !== true,
  };
  if (input.tag != null) body.tag = input.tag;
  if (input.sequentialSigning != null) body.signers_in_order = input.sequentialSigning;
  if (input.redirect != null) body.redirect = input.redirect;
  if (Array.isArray(input.documentCCEmail)) body.cc = input.documentCCEmail;
  if (input.emailVerification != null) body.email_verification = input.emailVerification;
  return body;
}
