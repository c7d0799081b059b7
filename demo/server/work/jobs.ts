/**
 * The jobs the worker processes run: every piece of work over a user's PDF bytes or regex patterns.
 * Imported only by the worker (worker.ts); the main thread imports the types. Each job gets the
 * limits it must check before its expensive part (pages, inflated bytes).
 */
import type { FieldElement } from 'esign-elements/fields';
import { checkFieldValue, normalizeFieldValue } from 'esign-elements/fields';
import { validateElements, type ValidationResult } from 'esign-elements/fields';
import { inspectPdf, type PdfInfo } from '../pdf/inspect.ts';
import { extractTags, type TagExtraction } from '../pdf/tags.ts';
import { importFormFields, type FormImport } from '../pdf/form-import.ts';
import { renderPreview } from '../pdf/preview.ts';
import { renderFirstPageImage, type FirstPageImage } from '../pdf/first-page-image.ts';
import { buildFinalPdf, type FinalPdfInput } from '../pdf/final-pdf.ts';
import type { StampWarning } from '../pdf/stamp.ts';
import { PdfProblem } from '../pdf/load.ts';
import { checkInflatedSize } from '../pdf/inflate-limit.ts';
import { appendAttachments, type AppendItem } from '../pdf/attachments-pdf.ts';
import { planSend, type PlanResult, type SendGroup, type SendTemplate } from '../services/documents/send-plan.ts';
import type { SendRequest } from '../services/documents/send-request.ts';

export interface JobLimits {
  maxPages: number;
  maxInflatedBytes: number;
}

export interface PreparedPdf {
  pdf: Uint8Array;
  info: PdfInfo;
  form?: FormImport;
  tags?: TagExtraction;
}

/** Each kind: [input, output]. */
export interface JobTypes {
  prepareTemplate: [{ bytes: Uint8Array; processTags: boolean; importFormFields: boolean }, PreparedPdf];
  extractTags: [{ bytes: Uint8Array }, TagExtraction];
  importFormFields: [{ bytes: Uint8Array }, FormImport];
  renderPreview: [{ bytes: Uint8Array; fields: FieldElement[] }, Uint8Array];
  /** Page 1 as an image for the signing page before pdf.js arrives (pdf/first-page-image.ts). */
  firstPageImage: [{ bytes: Uint8Array }, FirstPageImage];
  inspectAttachment: [{ bytes: Uint8Array }, { ok: boolean; message: string }];
  finalPdf: [{ input: FinalPdfInput; attachments: AppendItem[] }, { pdf: Uint8Array; warnings: StampWarning[]; attachmentWarnings: string[] }];
  validateFields: [{ elements: unknown; pageCount: number }, ValidationResult];
  planSend: [{ request: SendRequest; group: SendGroup; templates: SendTemplate[]; ids: string[] }, PlanResult];
  /** A signer's values against the sender's patterns (validation 93): the problem per value, or null. */
  checkPatterns: [{ checks: { uuid: string; field: FieldElement; value: string }[] }, { uuid: string; value: string; message: string | null }[]];
}

export type JobKind = keyof JobTypes;

async function guard(bytes: Uint8Array, limits: JobLimits): Promise<void> {
  await checkInflatedSize(bytes, limits.maxInflatedBytes);
}

export const jobs: { [K in JobKind]: (input: JobTypes[K][0], limits: JobLimits) => Promise<JobTypes[K][1]> } = {
  async prepareTemplate({ bytes, processTags, importFormFields: importForm }, limits) {
    await guard(bytes, limits);
    const info = await inspectPdf(bytes, { maxPages: limits.maxPages });
    if (!info.ok) throw new PdfProblem(info.code, info.message);
    let pdf = bytes;
    const out: PreparedPdf = { pdf, info };
    if (importForm) {
      out.form = await importFormFields(pdf);
      pdf = out.pdf = out.form.pdf;
    }
    if (processTags) out.tags = await extractTags(pdf, { maxPages: limits.maxPages });
    return out;
  },
  async extractTags({ bytes }, limits) {
    await guard(bytes, limits);
    return extractTags(bytes, { maxPages: limits.maxPages });
  },
  async importFormFields({ bytes }, limits) {
    await guard(bytes, limits);
    return importFormFields(bytes);
  },
  async renderPreview({ bytes, fields }, limits) {
    await guard(bytes, limits);
    return renderPreview(bytes, fields);
  },
  async firstPageImage({ bytes }, limits) {
    await guard(bytes, limits);
    return renderFirstPageImage(bytes);
  },
  async inspectAttachment({ bytes }, limits) {
    await guard(bytes, limits);
    const info = await inspectPdf(bytes, { maxPages: limits.maxPages });
    return info.ok ? { ok: true, message: '' } : { ok: false, message: info.message };
  },
  async finalPdf({ input, attachments }) {
    // The source and its attachments passed the checks when they were uploaded.
    const appended = await appendAttachments(input.source, attachments);
    const built = await buildFinalPdf({ ...input, source: appended.pdf });
    return { ...built, attachmentWarnings: appended.warnings };
  },
  async checkPatterns({ checks }) {
    return checks.map(({ uuid, field, value }) => ({ uuid, value, message: checkFieldValue({ ...field, optional: true }, value)?.message ?? null }));
  },
  async validateFields({ elements, pageCount }) {
    return validateElements(elements, { pageCount });
  },
  async planSend({ request, group, templates, ids }) {
    // Code-93 patterns are the sender's: their evaluation over prefilled values runs here, not on the main thread.
    let next = 0;
    return planSend(request, group, templates, {
      newId: () => ids[next++] ?? crypto.randomUUID(),
      checkValue: (element, value) => checkFieldValue(element, value)?.message ?? null,
      normalizeValue: (element, value) => normalizeFieldValue(element, value),
    });
  },
};
