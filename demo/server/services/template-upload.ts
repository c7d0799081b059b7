/**
 * Turning an upload into a template: decode the base64, check the size, validate the PDF
 * (inspectPdf), optionally import its form fields and parse its text tags. Every problem
 * with the file becomes a 4xx ApiError that says what is wrong and what to do.
 */
import type { FieldElement } from '../../../src/fields/types.ts';
import { inspectPdf } from '../pdf/inspect.ts';
import { extractTags } from '../pdf/tags.ts';
import { importFormFields } from '../pdf/form-import.ts';
import { PdfProblem } from '../pdf/load.ts';
import { ApiError, payloadTooLarge, unprocessable } from '../http/errors.ts';
import type { StoredPageGeometry } from '../store/templates.ts';

export interface PreparedTemplate {
  pdf: Uint8Array;
  pageCount: number;
  pages: StoredPageGeometry[];
  elements: FieldElement[];
  report: Record<string, unknown>;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes `pdf_file`: plain base64 (standard or URL-safe), whitespace allowed, `data:` URL prefix allowed. */
export function decodePdfField(value: string, maxBytes: number): Uint8Array {
  const text = value.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (text === '') throw unprocessable('pdf_file is empty: send the PDF content encoded as base64.', [{ field: 'pdf_file', message: 'is empty' }], 'pdf_empty');
  if (!BASE64.test(text) || text.length % 4 === 1) {
    throw unprocessable('pdf_file is not valid base64: send the PDF bytes encoded as base64 (A-Z, a-z, 0-9, +, /, = padding).', [{ field: 'pdf_file', message: 'is not base64' }], 'pdf_not_base64');
  }
  const decodedLength = Math.floor((text.replace(/=+$/, '').length * 3) / 4);
  if (decodedLength > maxBytes) {
    throw payloadTooLarge(`The PDF is ${(decodedLength / 1048576).toFixed(1)} MB; this server accepts PDFs up to ${(maxBytes / 1048576).toFixed(1)} MB.`);
  }
  return new Uint8Array(Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

function refusal(code: string, message: string): ApiError {
  return unprocessable(message, [{ field: 'pdf_file', message }], `pdf_${code}`);
}

export async function prepareTemplate(bytes: Uint8Array, options: { processTags: boolean; importFormFields: boolean }): Promise<PreparedTemplate> {
  const info = await inspectPdf(bytes);
  if (!info.ok) throw refusal(info.code, info.message);
  let pdf = bytes;
  const elements: FieldElement[] = [];
  const report: Record<string, unknown> = { page_count: info.pageCount, has_form: info.hasAcroForm };

  try {
    if (options.importFormFields) {
      const imported = await importFormFields(pdf);
      pdf = imported.pdf;
      elements.push(...imported.elements);
      report.form_import = { fields_imported: imported.elements.length, notes: imported.report };
    } else if (info.hasAcroForm) {
      report.form_import = { fields_imported: 0, notes: [{ code: 'form_not_imported', severity: 'info', message: 'The PDF has form fields; upload with import_form_fields=true to turn them into signing fields.' }] };
    }
    if (options.processTags) {
      const tags = await extractTags(pdf);
      elements.push(...tags.elements);
      report.tags = { fields_found: tags.elements.length, problems: tags.report };
    }
  } catch (error) {
    if (error instanceof PdfProblem) throw refusal(error.code, error.message);
    throw error;
  }
  return { pdf, pageCount: info.pageCount, pages: info.pages as StoredPageGeometry[], elements, report };
}
