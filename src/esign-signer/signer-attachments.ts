/**
 * Attachment fields (validation 74, 75, 76): the recipient chooses a file, the element uploads it
 * at once to `POST …/signer/{id}/attachment/`, and the file's name becomes the field's value.
 */
import { signingApi, SigningError } from './signer-api.ts';
import { ts } from './signer-i18n.ts';

/** The server's limit (demo/server/services/signing/attachments.ts), checked before reading the file. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Uploads `file` for the field: its stored name, or the problem to show beside the field. */
export async function uploadAttachment(
  target: { endpoint: string; token: string; signer: string },
  field: string,
  file: File,
  lang: string,
): Promise<{ name: string } | { problem: string }> {
  if (file.size > MAX_ATTACHMENT_BYTES) return { problem: ts(lang, 'signer.attachmentTooLarge', { max: MAX_ATTACHMENT_BYTES / 1024 / 1024 }) };
  try {
    const data = await base64Of(file);
    const answer = await signingApi.attach(target.endpoint, target.token, target.signer, { field, name: file.name, type: file.type, data });
    return { name: answer.name };
  } catch (error) {
    return { problem: error instanceof SigningError ? error.message : ts(lang, 'signer.attachmentFailed') };
  }
}
