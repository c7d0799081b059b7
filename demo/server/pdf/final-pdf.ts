/**
 * The whole final PDF in one call, what the final-PDF job runs when a document completes:
 * stamp every field, append the signing history when asked (`append_history`), then encrypt when
 * the document has a `pdf_password` (always an open password, whatever `pdf_password_type`), then seal it when asked. The source is parsed once;
 * encryption runs on the finished bytes, because only @cantoo/pdf-lib can do it (see encrypt.ts), and the seal
 * is appended to the encrypted bytes as an incremental update (see seal.ts).
 */
import type { FieldElement } from 'esign-elements/fields';
import { loadPdf, savePdf } from './load.ts';
import { stampInto, type SignatureImages, type StampOptions, type StampWarning } from './stamp.ts';
import { addHistoryPages, type SigningHistory } from './history-page.ts';
import { encryptPdf } from './encrypt.ts';
import { compressNewContentStreams } from './native-zlib.ts';
import { drawSealStamp, sealPdf, type SealOptions } from './seal.ts';
import type { SealKey } from './seal-key.ts';
import { crashPoint } from '../domain/crash-points.ts';

export interface FinalPdfInput {
  source: Uint8Array;
  elements: readonly FieldElement[];
  signatureImages?: SignatureImages;
  options?: StampOptions;
  /** Given when the document has `append_history`. */
  history?: SigningHistory;
  /** The document's pdf_password: the final PDF then needs it to open. */
  password?: string | null;
  /** The document's pdf_password_type (1 keep, 2 forget the stored password): retention only, no effect on the PDF. */
  passwordType?: number | null;
  /**
   * Seal the result (seal.ts): signed last, after encryption, as an incremental update; `visible` adds a stamp on
   * the last page. A failing timestamp authority seals without a timestamp and adds a `timestamp_failed` warning.
   */
  seal?: SealOptions & { key: SealKey; visible?: boolean };
}

export async function buildFinalPdf(input: FinalPdfInput): Promise<{ pdf: Uint8Array; warnings: StampWarning[] }> {
  const doc = await loadPdf(input.source);
  const warnings = await stampInto(doc, input);
  crashPoint('final-pdf:stamping');
  if (input.history) await addHistoryPages(doc, { ...input.history, originalPdf: input.history.originalPdf ?? input.source });
  if (input.seal?.visible) await drawSealStamp(doc, { ...input.seal.key, signedAt: input.seal.signedAt });
  compressNewContentStreams(doc);
  const saved = await savePdf(doc);
  const encrypted = await encryptPdf(saved, input.password, 'open');
  if (!input.seal) return { pdf: encrypted, warnings };
  const onTimestampError = (e: Error) =>
    warnings.push({ element: -1, code: 'timestamp_failed', message: `The timestamp authority failed, sealed without a timestamp: ${e.message}` });
  crashPoint('final-pdf:sealing');
  return { pdf: await sealPdf(encrypted, input.seal.key, { onTimestampError, ...input.seal }), warnings };
}
