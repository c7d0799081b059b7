/**
 * The signing-history page(s) appended to a completed PDF when `append_history` is set: the
 * document's name and id, the SHA-256 of the original PDF, every recipient with role, status and
 * timestamps, and every signing event with its IP address and user agent. Long lines wrap; pages
 * are added as needed. A4 portrait whatever the document's own page size.
 */
import { createHash } from 'node:crypto';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { loadPdf, savePdf } from './load.ts';
import { FontBook } from './stamp/fonts.ts';
import { wrapText } from './stamp/text-field.ts';
import { compressNewContentStreams } from './native-zlib.ts';

export interface HistoryRecipient {
  name: string;
  email: string;
  /** e.g. "Signer 1", "Witness of signer 1", "Approver". */
  role: string;
  /** e.g. "completed", "rejected". */
  status: string;
  /** Milestones in order, e.g. { label: 'Sent', at }, { label: 'Signed', at }. */
  timestamps: { label: string; at: string | Date }[];
}

export interface HistoryEvent {
  at: string | Date;
  /** Who acted (name or email); empty for the system. */
  actor?: string;
  /** What happened, e.g. "Signed", "Viewed the document", "Rejected: wrong amount". */
  action: string;
  ip?: string;
  userAgent?: string;
}

export interface SigningHistory {
  documentName: string;
  documentId: string;
  /** The original (source) PDF: its SHA-256 is printed. Or give the hash itself. */
  originalPdf?: Uint8Array;
  originalSha256?: string;
  recipients: HistoryRecipient[];
  events: HistoryEvent[];
  /** When the history was produced (default now). */
  generatedAt?: string | Date;
  /** The audit hash chain's head at completion (store/audit-chain.ts): printed so the sealed PDF anchors the trail. */
  auditChainHead?: string;
  /** The certificate that seals the PDF, named on the page (seal.ts). */
  seal?: { commonName: string; fingerprint: string; verifyUrl?: string };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.4, 0.4, 0.4);

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** "2026-03-04 23:30:00 UTC"; unparseable input is printed as given. */
export function formatInstant(at: string | Date): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/** Writes lines top-down, wrapping and starting new pages as needed. */
class PageWriter {
  private readonly doc: PDFDocument;
  private readonly fonts: FontBook;
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(doc: PDFDocument, fonts: FontBook) {
    this.doc = doc;
    this.fonts = fonts;
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
  }

  async write(text: string, opts: { size?: number; bold?: boolean; indent?: number; grey?: boolean; gapBefore?: number } = {}): Promise<void> {
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    const { font, text: drawable } = await this.fonts.forText('helvetica', text, opts.bold ? 'bold' : undefined);
    const width = A4[0] - 2 * MARGIN - indent;
    this.y -= opts.gapBefore ?? 0;
    for (const line of wrapText(font, drawable, size, width)) {
      if (this.y - size * 1.3 < MARGIN + 20) this.newPage();
      this.y -= size * 1.3;
      if (line) this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: opts.grey ? GREY : rgb(0, 0, 0) });
    }
  }

  async footers(documentId: string): Promise<void> {
    const n = this.pages.length;
    for (const [i, page] of this.pages.entries()) {
      const { font, text } = await this.fonts.forText('helvetica', `Signing history of document ${documentId} - page ${i + 1} of ${n}`);
      page.drawText(text, { x: MARGIN, y: MARGIN - 10, size: 8, font: font as PDFFont, color: GREY });
    }
  }
}

/** Appends the history page(s) to a PDF. Throws PdfProblem when the PDF is unusable. */
export async function appendHistoryPage(bytes: Uint8Array, history: SigningHistory): Promise<Uint8Array> {
  const doc = await loadPdf(bytes);
  await addHistoryPages(doc, history);
  compressNewContentStreams(doc);
  return savePdf(doc);
}

/** Adds the history page(s) to a loaded document (the final-PDF job composes steps on one load). */
export async function addHistoryPages(doc: PDFDocument, history: SigningHistory): Promise<void> {
  const w = new PageWriter(doc, new FontBook(doc));
  const hash = history.originalSha256 ?? (history.originalPdf ? sha256Hex(history.originalPdf) : 'not recorded');
  await w.write('Signing history', { size: 18, bold: true });
  await w.write(`Document: ${history.documentName}`, { size: 11, gapBefore: 8 });
  await w.write(`Document ID: ${history.documentId}`, { size: 11 });
  await w.write(`SHA-256 of the original PDF: ${hash}`, { size: 9 });
  await w.write(`Generated: ${formatInstant(history.generatedAt ?? new Date())}`, { size: 9, grey: true });
  if (history.auditChainHead) await w.write(`Audit trail chain head (SHA-256): ${history.auditChainHead}`, { size: 9 });
  if (history.seal) {
    await w.write(`This PDF is sealed with a digital signature by "${history.seal.commonName}" (certificate SHA-256 ${history.seal.fingerprint}). `
      + `Any PDF reader shows whether it changed since${history.seal.verifyUrl ? `; or check it at ${history.seal.verifyUrl}` : ''}.`, { size: 9, grey: true });
  }

  await w.write('Recipients', { size: 13, bold: true, gapBefore: 14 });
  if (history.recipients.length === 0) await w.write('No recipients.', { grey: true });
  for (const r of history.recipients) {
    await w.write(`${r.name} <${r.email}>`, { bold: true, gapBefore: 6 });
    await w.write(`Role: ${r.role}    Status: ${r.status}`, { indent: 12 });
    for (const t of r.timestamps) await w.write(`${t.label}: ${formatInstant(t.at)}`, { indent: 12, size: 9 });
  }

  await w.write('Events', { size: 13, bold: true, gapBefore: 14 });
  if (history.events.length === 0) await w.write('No events recorded.', { grey: true });
  for (const e of history.events) {
    await w.write(`${formatInstant(e.at)}  ${e.actor ? `${e.actor}: ` : ''}${e.action}`, { gapBefore: 5 });
    if (e.ip || e.userAgent) {
      await w.write(`IP address: ${e.ip || 'not recorded'}`, { indent: 12, size: 9, grey: true });
      await w.write(`User agent: ${e.userAgent || 'not recorded'}`, { indent: 12, size: 9, grey: true });
    }
  }
  await w.footers(history.documentId);
}
