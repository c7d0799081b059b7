/**
 * Helpers for the signing tests: send a document from a stored template, open each recipient's
 * signing link (sign-link → link-session → component token), and call the signer operations.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FieldElement } from '../../../src/fields/types.ts';
import { call } from './app.ts';
import type { TestApp } from './app.ts';
import { addTemplate, idFromLocation, person, sendBody } from './documents.ts';

/** A real 1×1 PNG. */
export const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export interface Sent {
  documentId: string;
  recipients: { id: string; email: string; role: string; status: number; signerNumber: number }[];
  fields: FieldElement[];
}

export async function sendDocument(t: TestApp, fields: FieldElement[], extra: Record<string, unknown> = {}): Promise<Sent> {
  const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields });
  const res = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, template.id, extra));
  if (res.statusCode !== 201) throw new Error(`send failed ${res.statusCode}: ${res.body}`);
  const documentId = idFromLocation(res.headers.location);
  const recipients = await t.app.store.documents.recipients(documentId);
  const stored = (await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/fields/`)).json() as FieldElement[];
  return {
    documentId,
    recipients: recipients.map((r) => ({ id: r.id, email: r.email, role: r.role, status: r.status, signerNumber: r.signerNumber })),
    fields: stored,
  };
}

/** A signer component token through the signing link, as the sign page gets one. */
export async function signerToken(t: TestApp, recipientId: string): Promise<string> {
  const link = await call(t.app, t.key, 'GET', `/api/v1/signer/${recipientId}/sign-link/`);
  if (link.statusCode !== 200) throw new Error(`sign-link ${link.statusCode}: ${link.body}`);
  const session = await call(t.app, undefined, 'POST', `/api/v1/signer/${recipientId}/link-session/`, { link: link.json().link });
  if (session.statusCode !== 200) throw new Error(`link-session ${session.statusCode}: ${session.body}`);
  return session.json().token as string;
}

export function signerCall(
  app: FastifyInstance,
  token: string,
  recipientId: string,
  op: 'signing' | 'visit' | 'save' | 'complete' | 'reject',
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const method = op === 'signing' ? 'GET' : 'POST';
  return call(app, token, method, `/api/v1/signer/${recipientId}/${op}/`, body ?? (method === 'POST' ? {} : undefined), { 'user-agent': 'signing-test/1.0' });
}

/** Values for a recipient's own fields: a signature image for signature/initials, given text otherwise. */
export function valuesFor(sent: Sent, signerNumber: number, text: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of sent.fields) {
    if (f.signer !== signerNumber) continue;
    if (f.element_type === 'signature' || f.element_type === 'initials') out[f.uuid!] = PNG_1PX;
    else if (f.label && text[f.label] !== undefined) out[f.uuid!] = text[f.label];
  }
  return out;
}

export async function recipientStatuses(app: FastifyInstance, documentId: string): Promise<number[]> {
  return (await app.store.documents.recipients(documentId)).map((r) => r.status);
}

export async function documentStatus(app: FastifyInstance, documentId: string): Promise<number> {
  return (await app.store.documents.get(documentId))!.status;
}

export async function webhookEvents(app: FastifyInstance, documentId: string): Promise<string[]> {
  return (await app.store.webhooks.eventsOf(documentId)).map((e) => `${e.object}.${e.event}`);
}

export async function historyEvents(
  app: FastifyInstance,
  documentId: string,
): Promise<{ event: string; ip: string; user_agent: string; recipient_id: string | null }[]> {
  return (await app.store.history.events(documentId)).map((e) => ({
    event: e.event,
    ip: e.actor.ip,
    user_agent: e.actor.userAgent,
    recipient_id: e.recipientId,
  }));
}

export { person };

/** Passes the one-time code step (issue 29) of a recipient sent with `sms`: asks for a code, reads it from the SMS outbox, enters it. */
export async function verifyBySms(t: TestApp, token: string, recipientId: string): Promise<void> {
  const sent = await call(t.app, token, 'POST', `/api/v1/signer/${recipientId}/verification/send/`, {});
  if (sent.statusCode !== 200) throw new Error(`verification/send ${sent.statusCode}: ${sent.body}`);
  const box = (await call(t.app, t.key, 'GET', '/api/v1/sms-outbox/')).json() as { objects: { signer: string; text: string }[] };
  const code = /(\d{6})/.exec(box.objects.find((m) => m.signer === recipientId)!.text)![1]!;
  const checked = await call(t.app, token, 'POST', `/api/v1/signer/${recipientId}/verification/check/`, { code });
  if (checked.statusCode !== 200) throw new Error(`verification/check ${checked.statusCode}: ${checked.body}`);
}
