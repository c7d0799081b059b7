/**
 * `DocumentSendSettingsInput` (GRAPHQL.md §5) as the REST send body, so the send runs through the
 * same service (services/documents/send.ts) with the same validation and webhooks. IDs decode to
 * REST ids; an undecodable ID is passed on as given and refused by the send's own validation.
 */
import { decodeId } from './ids.ts';

type Input = Record<string, unknown>;

const ROLES: Record<string, string> = { SIGNER: 'signer', APPROVER: 'approver', WITNESS: 'witness' };

export function sendBodyOf(input: Input): Record<string, unknown> {
  const recipients = Array.isArray(input.recipients) ? (input.recipients as Input[]) : [];
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
      ...(typeof r.roleType === 'string' && ROLES[r.roleType] ? { role: ROLES[r.roleType] } : {}),
    })),
    do_email: input.suppressEmails !== true,
  };
  if (input.tag != null) body.tag = input.tag;
  if (input.sequentialSigning != null) body.signers_in_order = input.sequentialSigning;
  if (input.redirect != null) body.redirect = input.redirect;
  if (Array.isArray(input.documentCCEmail)) body.cc = input.documentCCEmail;
  return body;
}
