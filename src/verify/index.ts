/** Node-only: offline verification of the seal on PDFs from an esign-elements server. */
export { verifyPdf } from './verify-pdf.ts';
export type { PdfSignatureReport, SealVerdict, SealVerification, VerifyPdfOptions } from './verify-pdf.ts';
