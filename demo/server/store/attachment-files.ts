/**
 * Where a signer's attachment files are kept and how they are read back: the signing service writes
 * them (services/signing/attachments.ts), the final PDF and the email delivery read them.
 */
import type { Store } from './index.ts';
import type { FieldElement } from 'esign-elements/fields';
import { codeKind } from 'esign-elements/fields';

export interface AttachmentInfo {
  field: string;
  name: string;
  type: string;
  bytes: number;
  sha256: string;
  /** 74, 75 or 76. */
  validation: number;
  signer: number;
}

export const dataName = (documentId: string, fieldUuid: string) => `att-${documentId}-${fieldUuid}`;
export const infoName = (documentId: string, fieldUuid: string) => `att-${documentId}-${fieldUuid}-i`;

export const isAttachmentField = (f: FieldElement): boolean => codeKind(f.validation) === 'attachment';

export async function attachmentInfo(store: Store, documentId: string, fieldUuid: string): Promise<AttachmentInfo | null> {
  const name = infoName(documentId, fieldUuid);
  if (!(await store.files.exists(name))) return null;
  return JSON.parse((await store.files.read(name)).toString('utf8')) as AttachmentInfo;
}

export async function attachmentBytes(store: Store, documentId: string, fieldUuid: string): Promise<Uint8Array> {
  return await store.files.readBytes(dataName(documentId, fieldUuid));
}

/** Every attachment stored for the document's fields (optionally only those of one code), in field order. */
export async function documentAttachments(store: Store, documentId: string, validation?: number): Promise<AttachmentInfo[]> {
  const fields = (await store.documents.fields(documentId)).filter(
    (f) => isAttachmentField(f) && (validation === undefined || f.validation === validation) && f.value !== '',
  );
  return (await Promise.all(fields.map((f) => attachmentInfo(store, documentId, f.uuid!)))).filter(
    (a): a is AttachmentInfo => a !== null && (validation === undefined || a.validation === validation),
  );
}
