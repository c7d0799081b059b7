/**
 * The PDF pipeline's public surface for the server: functions of PDF bytes.
 * Failures of the input PDF are PdfProblem (`code`: not_pdf | malformed | encrypted | empty | xfa_only)
 * with a message meant for the person who uploaded it: map them to a 4xx (422 fits), never a 5xx.
 */
export { inspectPdf, type InspectResult, type PdfInfo, type PdfRefusal } from './inspect.ts';
export { PdfProblem, type PdfProblemCode } from './load.ts';
export { extractTags, SIGNATURE_LINES, type TagExtraction, type TagReportEntry } from './tags.ts';
export { importFormFields, type FormImport, type FormImportNote } from './form-import.ts';
export { stampFinalPdf, stampFinalPdfWithWarnings, type StampInput, type StampOptions, type StampWarning, type SignatureImages } from './stamp.ts';
export { appendHistoryPage, sha256Hex, type SigningHistory, type HistoryRecipient, type HistoryEvent } from './history-page.ts';
export { renderAuditLogPdf } from './audit-log.ts';
export { encryptPdf, PdfPasswordError, type PdfProtection } from './encrypt.ts';
export { renderPreview, previewCaption } from './preview.ts';
export { buildFinalPdf, type FinalPdfInput } from './final-pdf.ts';
