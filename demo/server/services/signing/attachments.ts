/**
 * File attachments (validation 74 emailed, 75 appended to the final PDF, 76 zipped with it):
 * the signer uploads the file itself; the field's value is the file's name. Bytes and a small
 * description are kept in the file store beside the document's PDFs, one per field (a new upload
 * replaces the last). The final-PDF job appends the 75s, email delivery attaches the 74s, and the
 * attachments route zips the 76s with the final PDF.
 */
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { DocumentRecord } from '../../store/documents.ts';
import type { AuditActor } from '../../store/documents-history.ts';
import type { FieldElement } from 'esign-elements/fields';
import { invalidInput, tooLarge, unprocessable } from '../../domain/errors.ts';
import type { WorkPool } from '../../work/pool.ts';
import { workFailureToDomain } from '../../work/failures.ts';
import { assertCanSave } from './turn.ts';
import { attachmentInfo, dataName, infoName, isAttachmentField, type AttachmentInfo } from '../../store/attachment-files.ts';

export { attachmentBytes, attachmentInfo, documentAttachments, isAttachmentField, type AttachmentInfo } from '../../store/attachment-files.ts';

/** Largest attachment accepted, decoded. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Types a 75 (appended to the final PDF) may have: pages or a picture of one. */
const APPENDABLE = ['application/pdf', 'image/png', 'image/jpeg'];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The type the bytes really are (PDF, PNG or JPEG), else the declared one when it looks like a MIME type. */
export function attachmentType(bytes: Uint8Array, declared: unknown): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const claimed = typeof declared === 'string' ? declared.trim().toLowerCase() : '';
  // A claimed PDF or image whose bytes are not one is stored as what it is: unknown bytes.
  if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(claimed) || APPENDABLE.includes(claimed)) return 'application/octet-stream';
  return claimed;
}

/** A file name safe to show, to put in an email and in a zip: no paths, no control characters. */
export function cleanFileName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw
    .normalize('NFC')
    .replace(/^.*[/\\]/, '')
    .replace(/\p{Cc}/gu, '')
    .trim();
  if (name === '' || name === '.' || name === '..' || Array.from(name).length > 200) return null;
  return name;
}

/**
 * Stores a signer's upload for one of its attachment fields and sets the field's value to the
 * file's name. Body: `{ field, name, data (base64), type? }`.
 */
export async function uploadAttachment(store: Store, work: WorkPool, recipientId: string, body: unknown, actor: AuditActor): Promise<AttachmentInfo> {
  const input = (body ?? {}) as { field?: unknown; name?: unknown; data?: unknown; type?: unknown };
  const name = cleanFileName(input.name);
  if (!name) throw invalidInput("Give the file's name (1–200 characters).", [{ field: 'name', message: 'is required, at most 200 characters' }]);
  if (typeof input.data !== 'string' || input.data === '' || !BASE64.test(input.data)) {
    throw invalidInput("Give the file's bytes as base64 in `data`.", [{ field: 'data', message: 'must be base64' }]);
  }
  const bytes = new Uint8Array(Buffer.from(input.data, 'base64'));
  if (bytes.length > MAX_ATTACHMENT_BYTES) {
    throw tooLarge(
      `The file is ${Math.ceil(bytes.length / 1024 / 1024)} MiB; attachments may be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB.`,
      'attachment_too_large',
    );
  }
  const { documents } = store;
  const me = (await documents.recipient(recipientId))!;
  const field = (await documents.fields(me.documentId)).find((f) => f.uuid === input.field);
  if (!field || field.signer !== me.signerNumber || !isAttachmentField(field)) {
    throw unprocessable('That is not one of your attachment fields.', [{ field: 'field', message: 'must be the uuid of one of your attachment fields' }]);
  }
  const type = attachmentType(bytes, input.type);
  if (field.validation === 75) {
    if (!APPENDABLE.includes(type))
      throw unprocessable('This attachment is added to the signed PDF: give a PDF, PNG or JPEG file.', [
        { field: 'data', message: 'must be a PDF, PNG or JPEG file' },
      ]);
    if (type === 'application/pdf') {
      const groupId = (await documents.get(me.documentId))!.groupId;
      let inspected;
      try {
        inspected = await work.run(groupId, 'inspectAttachment', { bytes });
      } catch (error) {
        throw workFailureToDomain(error, 'data');
      }
      if (!inspected.ok)
        throw unprocessable(`This PDF cannot be added to the signed PDF: ${inspected.message}`, [{ field: 'data', message: inspected.message }]);
    }
  }
  const info: AttachmentInfo = {
    field: field.uuid!,
    name,
    type,
    bytes: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    validation: field.validation!,
    signer: field.signer,
  };
  return await store.transaction(async () => {
    const doc = (await documents.get(me.documentId))!;
    assertCanSave(doc, (await documents.recipient(recipientId))!);
    await store.files.write(dataName(doc.id, field.uuid!), bytes);
    await store.files.write(infoName(doc.id, field.uuid!), Buffer.from(JSON.stringify(info)));
    await documents.saveFieldValues(doc.id, new Map([[field.uuid!, name]]));
    await store.history.record(doc.id, 'attachment_uploaded', actor, { field: field.uuid, name, bytes: bytes.length, sha256: info.sha256 }, me.id);
    return info;
  });
}

/** The problem with an attachment field's value: it must name the file uploaded for it (or be empty). */
export async function attachmentValueProblem(store: Store, doc: DocumentRecord, field: FieldElement, value: string): Promise<string | null> {
  if (value === '') return null;
  const stored = await attachmentInfo(store, doc.id, field.uuid!);
  return stored && stored.name === value ? null : 'upload the file itself (POST …/attachment/); its name becomes the value';
}
