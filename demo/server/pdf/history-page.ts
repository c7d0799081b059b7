/**
 * The signing-history page(s) appended to a completed PDF when `append_history` is set: the
 * document's name and id, the SHA-256 of the original PDF, every recipient with role, status and
 * timestamps, and every signing event with its IP address and user agent. Long lines wrap; pages
 * are added as needed. A4 portrait whatever the document's own page size. Written in the document's
 * language (`language`, English by default): labels from demo/server/i18n, dates through Intl, right to
 * left for Arabic and Hebrew, with fonts covering the script embedded (history-text.ts).
 */
import { createHash } from 'node:crypto';
import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import { loadPdf, savePdf } from './load.ts';
import { wrapText } from './stamp/text-field.ts';
import { HistoryText } from './history-text.ts';
import { tr } from '../i18n/messages.ts';
import { safeLocale } from '../../../src/internal/i18n.ts';
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
  /** The document's language (default English): the page's labels, dates and direction. */
  language?: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.4, 0.4, 0.4);

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * "2026-03-04 23:30:00 UTC" in English; in another language its own date and time (Intl), in UTC
 * ("4 mars 2026, 23:30:00 UTC"). Unparseable input is printed as given.
 */
export function formatInstant(at: string | Date, lang = 'en'): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  if (lang.toLowerCase().split('-')[0] === 'en') return d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const format = new Intl.DateTimeFormat(safeLocale(lang), { dateStyle: 'long', timeStyle: 'medium', timeZone: 'UTC' });
  return `${format.format(d)} UTC`;
}

/** Writes lines top-down, wrapping and starting new pages as needed. */
class PageWriter {
  private readonly doc: PDFDocument;
  private readonly text: HistoryText;
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(doc: PDFDocument, text: HistoryText) {
    this.doc = doc;
    this.text = text;
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
    const { font, text: drawable } = await this.text.fontFor(text, opts.bold);
    const width = A4[0] - 2 * MARGIN - indent;
    // The indent is on the side lines start from: the left, or the right in a right-to-left language.
    const [left, right] = this.text.direction === 'rtl' ? [MARGIN, A4[0] - MARGIN - indent] : [MARGIN + indent, A4[0] - MARGIN];
    this.y -= opts.gapBefore ?? 0;
    for (const line of wrapText(font, drawable, size, width)) {
      if (this.y - size * 1.3 < MARGIN + 20) this.newPage();
      this.y -= size * 1.3;
      if (line) this.text.draw(this.page, font, line, { left, right, y: this.y, size, color: opts.grey ? GREY : rgb(0, 0, 0) });
    }
  }

  async footers(lang: string, documentId: string): Promise<void> {
    const n = this.pages.length;
    for (const [i, page] of this.pages.entries()) {
      const { font, text } = await this.text.fontFor(tr(lang, 'history.footer', { id: documentId, page: i + 1, pages: n }));
      this.text.draw(page, font, text, { left: MARGIN, right: A4[0] - MARGIN, y: MARGIN - 10, size: 8, color: GREY });
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
  const lang = history.language ?? 'en';
  const w = new PageWriter(doc, new HistoryText(doc, lang));
  const when = (at: string | Date) => formatInstant(at, lang);
  const notRecorded = tr(lang, 'history.notRecorded');
  const hash = history.originalSha256 ?? (history.originalPdf ? sha256Hex(history.originalPdf) : notRecorded);
  await w.write(tr(lang, 'history.title'), { size: 18, bold: true });
  await w.write(tr(lang, 'history.document', { name: history.documentName }), { size: 11, gapBefore: 8 });
  await w.write(tr(lang, 'history.documentId', { id: history.documentId }), { size: 11 });
  await w.write(tr(lang, 'history.sha256', { hash }), { size: 9 });
  await w.write(tr(lang, 'history.generated', { at: when(history.generatedAt ?? new Date()) }), { size: 9, grey: true });
  if (history.auditChainHead) await w.write(tr(lang, 'history.chainHead', { hash: history.auditChainHead }), { size: 9 });
  if (history.seal) {
    const sealed = tr(lang, 'history.sealed', { name: history.seal.commonName, fingerprint: history.seal.fingerprint });
    await w.write(history.seal.verifyUrl ? `${sealed} ${tr(lang, 'history.verifyAt', { url: history.seal.verifyUrl })}` : sealed, { size: 9, grey: true });
  }

  await w.write(tr(lang, 'history.recipients'), { size: 13, bold: true, gapBefore: 14 });
  if (history.recipients.length === 0) await w.write(tr(lang, 'history.noRecipients'), { grey: true });
  for (const r of history.recipients) {
    await w.write(`${r.name} <${r.email}>`, { bold: true, gapBefore: 6 });
    await w.write(tr(lang, 'history.roleStatus', { role: r.role, status: r.status }), { indent: 12 });
    for (const t of r.timestamps) await w.write(`${t.label}: ${when(t.at)}`, { indent: 12, size: 9 });
  }

  await w.write(tr(lang, 'history.events'), { size: 13, bold: true, gapBefore: 14 });
  if (history.events.length === 0) await w.write(tr(lang, 'history.noEvents'), { grey: true });
  for (const e of history.events) {
    await w.write(`${when(e.at)}  ${e.actor ? `${e.actor}: ` : ''}${e.action}`, { gapBefore: 5 });
    if (e.ip || e.userAgent) {
      await w.write(tr(lang, 'history.ip', { ip: e.ip || notRecorded }), { indent: 12, size: 9, grey: true });
      await w.write(tr(lang, 'history.userAgent', { agent: e.userAgent || notRecorded }), { indent: 12, size: 9, grey: true });
    }
  }
  await w.footers(lang, history.documentId);
}
