/**
 * Helpers for the document tests: templates stored straight into a test app (a generated PDF plus
 * fields), send bodies, and a user in an existing group.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FieldElement } from '../../../src/fields/types.ts';
import { completeElement } from '../../../src/fields/complete-element.ts';
import { generatePdf } from '../generate-pdf.ts';
import { templateFileName } from '../../../demo/server/services/template-deletion.ts';

export function field(partial: Partial<FieldElement>): FieldElement {
  // font_size 11: the size these fields were written with (the default is 10).
  return completeElement({ ax: 0.1, ay: 0.1, bx: 0.3, by: 0.15, page: 1, element_type: 'signature', font_size: 11, uuid: crypto.randomUUID(), ...partial });
}

export interface TemplateOptions {
  groupId: string;
  userId: string;
  fields?: FieldElement[];
  pages?: number;
  title?: string;
  archiveUponSend?: boolean;
}

/** Stores a template (row + PDF file) the way an upload would, and returns its id and bytes. */
export async function addTemplate(app: FastifyInstance, o: TemplateOptions): Promise<{ id: string; pdf: Uint8Array }> {
  const pages = o.pages ?? 2;
  const pdf = await generatePdf({ pages, text: (i) => `Template ${o.title ?? 'T'} page ${i + 1}` });
  const id = crypto.randomUUID();
  await app.store.files.write(templateFileName(id), pdf);
  await app.store.templates.insert({
    id,
    groupId: o.groupId,
    userId: o.userId,
    title: o.title ?? 'Contract',
    pageCount: pages,
    pages: Array.from({ length: pages }, () => ({
      mediaBox: [0, 0, 612, 792] as [number, number, number, number],
      cropBox: [0, 0, 612, 792] as [number, number, number, number],
      rotate: 0 as const,
    })),
    fileSize: pdf.length,
    processTags: false,
    archiveUponSend: o.archiveUponSend ?? false,
    hideSenderFields: false,
    fields: o.fields ?? [field({ signer: 1 }), field({ signer: 2, page: 2 })],
    report: {},
  });
  return { id, pdf };
}

export function person(name: string, extra: Record<string, unknown> = {}) {
  return { firstname: name, lastname: 'Tester', email: `${name.toLowerCase()}@example.com`, ...extra };
}

export function sendBody(groupId: string, templateId: string, extra: Record<string, unknown> = {}) {
  return {
    group: `/api/v1/group/${groupId}/`,
    name: 'Service agreement',
    templatepdf: `/api/v1/templatepdf/${templateId}/`,
    signers: [person('Ann'), person('Bob')],
    ...extra,
  };
}

/** Another user with a key in an existing group (for sentUserId). */
export async function addMember(
  app: FastifyInstance,
  groupId: string,
  name: string,
  env: 'sandbox' | 'production' = 'sandbox',
  legacy = false,
): Promise<{ userId: string; key: string }> {
  const { store } = app;
  return await store.transaction(async () => {
    const user = await store.users.create({ email: `${name.toLowerCase()}@example.com`, firstName: name });
    await store.users.addToGroup(user.id, groupId);
    return { userId: user.id, key: (await store.apiKeys.create(user.id, env, legacy)).key };
  });
}

/** The document id from a send's Location header. */
export function idFromLocation(location: unknown): string {
  const m = /^\/api\/v1\/status\/([0-9a-f-]{36})\/$/.exec(String(location));
  if (!m) throw new Error(`unexpected Location ${String(location)}`);
  return m[1];
}
