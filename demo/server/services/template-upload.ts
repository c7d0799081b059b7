/**
 * Turning an upload into a template: decode the base64, check the size, validate the PDF
 * (inspectPdf), optionally import its form fields and parse its text tags, all in the work pool. Every problem
 * with the file becomes a 4xx domain error that says what is wrong and what to do.
 */
import type { FieldElement } from 'esign-elements/fields';
import { PdfProblem } from '../pdf/load.ts';
import type { WorkPool } from '../work/pool.ts';
import type { PreparedPdf } from '../work/jobs.ts';
import { workFailureToDomain } from '../work/failures.ts';
import { withinFieldLimit } from './field-limit.ts';
import { tooLarge, unprocessable } from '../domain/errors.ts';
import type { DomainError } from '../domain/errors.ts';
import type { StoredPageGeometry } from '../store/templates.ts';
import type { Store } from '../store/index.ts';
import crypto from 'node:crypto';
import { templateFileName } from './template-deletion.ts';
import { withUuids } from './template-fields.ts';

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
    throw unprocessable(
      'pdf_file is not valid base64: send the PDF bytes encoded as base64 (A-Z, a-z, 0-9, +, /, = padding).',
      [{ field: 'pdf_file', message: 'is not base64' }],
      'pdf_not_base64',
    );
  }
  const decodedLength = Math.floor((text.replace(/=+$/, '').length * 3) / 4);
  if (decodedLength > maxBytes) {
    throw tooLarge(`The PDF is ${(decodedLength / 1048576).toFixed(1)} MB; this server accepts PDFs up to ${(maxBytes / 1048576).toFixed(1)} MB.`);
  }
  return new Uint8Array(Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

function refusal(code: string, message: string): DomainError {
  return unprocessable(message, [{ field: 'pdf_file', message }], `pdf_${code}`);
}

/**
 * Inspects the PDF and makes its fields (form import, text tags) in the work pool, as `groupId`'s
 * job. Fields past the per-template limit are left out and reported (`report.field_limit`).
 */
export async function prepareTemplate(
  work: WorkPool,
  groupId: string,
  bytes: Uint8Array,
  options: { processTags: boolean; importFormFields: boolean },
): Promise<PreparedTemplate> {
  let prepared: PreparedPdf;
  try {
    prepared = await work.run(groupId, 'prepareTemplate', { bytes, ...options });
  } catch (error) {
    if (error instanceof PdfProblem) throw refusal(error.code, error.message);
    throw workFailureToDomain(error, 'pdf_file');
  }
  const { info, form, tags } = prepared;
  const report: Record<string, unknown> = { page_count: info.pageCount, has_form: info.hasAcroForm };
  let elements: FieldElement[] = [];
  if (form) {
    const fitted = withinFieldLimit(elements, form.elements, 'imported form fields');
    elements = fitted.fields;
    report.form_import = { fields_imported: fitted.kept.length, notes: fitted.note ? [...form.report, fitted.note] : form.report };
    if (fitted.note) report.field_limit = fitted.note;
  } else if (info.hasAcroForm) {
    report.form_import = {
      fields_imported: 0,
      notes: [
        {
          code: 'form_not_imported',
          severity: 'info',
          message: 'The PDF has form fields; upload with import_form_fields=true to turn them into signing fields.',
        },
      ],
    };
  }
  if (tags) {
    const fitted = withinFieldLimit(elements, tags.elements, 'tag fields');
    elements = fitted.fields;
    report.tags = { fields_found: fitted.kept.length, problems: tags.report };
    if (fitted.note) report.field_limit = fitted.note;
  }
  return { pdf: prepared.pdf, pageCount: info.pageCount, pages: info.pages as StoredPageGeometry[], elements, report };
}

export interface TemplateSettings {
  /** The id the template gets, when it was promised before the file came (GraphQL createTemplate). */
  id?: string;
  groupId: string;
  userId: string;
  title: string;
  processTags: boolean;
  archiveUponSend: boolean;
  hideSenderFields: boolean;
  /** The fields, when not the prepared ones (with uuids added where missing). */
  fields?: FieldElement[];
}

/** Stores a prepared PDF as a template: the file first, then the row, so no row is ever without its file. */
export async function storeTemplate(store: Store, prepared: PreparedTemplate, settings: TemplateSettings): Promise<string> {
  const id = settings.id ?? crypto.randomUUID();
  const fileName = templateFileName(id);
  await store.files.write(fileName, prepared.pdf);
  try {
    await store.transaction(() =>
      store.templates.insert({
        id,
        groupId: settings.groupId,
        userId: settings.userId,
        title: settings.title.trim() || 'Untitled',
        pageCount: prepared.pageCount,
        pages: prepared.pages,
        fileSize: prepared.pdf.byteLength,
        processTags: settings.processTags,
        archiveUponSend: settings.archiveUponSend,
        hideSenderFields: settings.hideSenderFields,
        fields: withUuids(settings.fields ?? prepared.elements),
        report: prepared.report,
      }),
    );
  } catch (error) {
    await store.files.remove(fileName);
    throw error;
  }
  return id;
}
