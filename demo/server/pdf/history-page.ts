/**
 * The signing-history page(s) appended to a completed PDF when `append_history` is set: the
 * document's name and id, the SHA-256 of the original PDF, every recipient with role, status and
 * timestamps, and every signing event with its IP address and user agent. Long lines wrap; pages
 * are added as needed, never splitting a recipient or an event, never ending a page on a heading,
 * and never leaving a last page with only a few lines. A4 portrait whatever the document's own page size.
 * Written in the document's language (`language`, English by default): labels from demo/server/i18n,
 * dates through Intl, right to left for Arabic and Hebrew, with fonts covering the script embedded
 * (history-text.ts).
 */
import { createHash } from 'node:crypto';
import { rgb, type PDFDocument, type PDFFont } from 'pdf-lib';
import { loadPdf, savePdf } from './load.ts';
import { wrapText } from './stamp/text-field.ts';
import { HistoryText } from './history-text.ts';
import { tr } from '../i18n/messages.ts';
import { safeLocale } from 'esign-elements/i18n';
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
  if (lang.toLowerCase().split('-')[0] === 'en')
    return d
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
  const format = new Intl.DateTimeFormat(safeLocale(lang), { dateStyle: 'long', timeStyle: 'medium', timeZone: 'UTC' });
  return `${format.format(d)} UTC`;
}

interface LineStyle {
  size?: number;
  bold?: boolean;
  indent?: number;
  grey?: boolean;
  gapBefore?: number;
}

/** One wrapped line, measured: its font, its text, the height it takes (gap included). */
interface Line {
  font: PDFFont;
  text: string;
  size: number;
  indent: number;
  grey: boolean;
  height: number;
}

/** Lines that stay on one page together (a recipient, an event); a heading stays with what follows it. */
interface Block {
  lines: Line[];
  keepWithNext: boolean;
}

const BOTTOM = MARGIN + 20;
const USABLE = A4[1] - MARGIN - BOTTOM;
/** A last page with fewer lines than this takes blocks from the page before it (no orphan page). */
const MIN_LAST_PAGE_LINES = 8;

const heightOf = (blocks: readonly Block[]): number => blocks.reduce((h, b) => h + b.lines.reduce((x, l) => x + l.height, 0), 0);
const lineCount = (blocks: readonly Block[]): number => blocks.reduce((n, b) => n + b.lines.length, 0);

/**
 * Lays the history out in blocks: measured first (wrapping), then paginated so that no block is split
 * unless it is taller than a page, a heading never ends a page, and the last page is not left with a
 * few lines (or nothing but its footer): it takes whole blocks from the page before.
 */
class HistoryLayout {
  private readonly text: HistoryText;
  readonly blocks: Block[] = [];

  constructor(text: HistoryText) {
    this.text = text;
  }

  /** Adds a block of lines (each wrapped to the page width). */
  async block(lines: readonly [string, LineStyle?][], keepWithNext = false): Promise<void> {
    const measured: Line[] = [];
    for (const [text, opts = {}] of lines) {
      const size = opts.size ?? 10;
      const indent = opts.indent ?? 0;
      const { font, text: drawable } = await this.text.fontFor(text, opts.bold);
      wrapText(font, drawable, size, A4[0] - 2 * MARGIN - indent).forEach((line, i) => {
        measured.push({ font, text: line, size, indent, grey: !!opts.grey, height: size * 1.3 + (i === 0 ? (opts.gapBefore ?? 0) : 0) });
      });
    }
    // A block too tall to move around (a very long value) flows line by line instead.
    if (heightOf([{ lines: measured, keepWithNext }]) > USABLE / 2) for (const line of measured) this.blocks.push({ lines: [line], keepWithNext: false });
    else this.blocks.push({ lines: measured, keepWithNext });
  }

  /** Groups blocks into pages. */
  paginate(): Block[][] {
    // A heading travels with the block after it: glue them into one unit for pagination.
    const units: Block[][] = [];
    for (const b of this.blocks) {
      const last = units.at(-1);
      if (last && last.at(-1)!.keepWithNext) last.push(b);
      else units.push([b]);
    }
    const pages: Block[][][] = [[]];
    for (const unit of units) {
      const page = pages.at(-1)!;
      if (page.length && heightOf(page.flat()) + heightOf(unit) > USABLE) pages.push([unit]);
      else page.push(unit);
    }
    // Balance: move whole units from the page before onto a nearly empty last page.
    while (pages.length > 1) {
      const last = pages.at(-1)!;
      const before = pages.at(-2)!;
      if (lineCount(last.flat()) >= MIN_LAST_PAGE_LINES || before.length < 2) break;
      const moving = before.at(-1)!;
      if (heightOf(last.flat()) + heightOf(moving) > USABLE) break;
      // Stop once the page before would end up lighter than the last one.
      if (lineCount(before.slice(0, -1).flat()) < lineCount([...last.flat(), ...moving])) break;
      last.unshift(before.pop()!);
    }
    return pages.map((units) => units.flat());
  }

  /** Adds the pages to `doc` and draws them, each with its footer. */
  async draw(doc: PDFDocument, lang: string, documentId: string): Promise<void> {
    const rtl = this.text.direction === 'rtl';
    const pages = this.paginate();
    for (const [i, blocks] of pages.entries()) {
      const page = doc.addPage(A4);
      let y = A4[1] - MARGIN;
      for (const line of blocks.flatMap((b) => b.lines)) {
        y -= line.height;
        // The indent is on the side lines start from: the left, or the right in a right-to-left language.
        const [left, right] = rtl ? [MARGIN, A4[0] - MARGIN - line.indent] : [MARGIN + line.indent, A4[0] - MARGIN];
        if (line.text) this.text.draw(page, line.font, line.text, { left, right, y, size: line.size, color: line.grey ? GREY : rgb(0, 0, 0) });
      }
      const { font, text } = await this.text.fontFor(tr(lang, 'history.footer', { id: documentId, page: i + 1, pages: pages.length }));
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
  const w = new HistoryLayout(new HistoryText(doc, lang));
  const when = (at: string | Date) => formatInstant(at, lang);
  const notRecorded = tr(lang, 'history.notRecorded');
  const hash = history.originalSha256 ?? (history.originalPdf ? sha256Hex(history.originalPdf) : notRecorded);
  const sealed = history.seal ? tr(lang, 'history.sealed', { name: history.seal.commonName, fingerprint: history.seal.fingerprint }) : '';
  await w.block([
    [tr(lang, 'history.title'), { size: 18, bold: true }],
    [tr(lang, 'history.document', { name: history.documentName }), { size: 11, gapBefore: 8 }],
    [tr(lang, 'history.documentId', { id: history.documentId }), { size: 11 }],
    [tr(lang, 'history.sha256', { hash }), { size: 9 }],
    [tr(lang, 'history.generated', { at: when(history.generatedAt ?? new Date()) }), { size: 9, grey: true }],
    ...(history.auditChainHead ? ([[tr(lang, 'history.chainHead', { hash: history.auditChainHead }), { size: 9 }]] as [string, LineStyle][]) : []),
    ...(history.seal
      ? ([[history.seal.verifyUrl ? `${sealed} ${tr(lang, 'history.verifyAt', { url: history.seal.verifyUrl })}` : sealed, { size: 9, grey: true }]] as [
          string,
          LineStyle,
        ][])
      : []),
  ]);

  await w.block([[tr(lang, 'history.recipients'), { size: 13, bold: true, gapBefore: 14 }]], true);
  if (history.recipients.length === 0) await w.block([[tr(lang, 'history.noRecipients'), { grey: true }]]);
  for (const r of history.recipients) {
    await w.block([
      [`${r.name} <${r.email}>`, { bold: true, gapBefore: 6 }],
      [tr(lang, 'history.roleStatus', { role: r.role, status: r.status }), { indent: 12 }],
      ...r.timestamps.map((t): [string, LineStyle] => [`${t.label}: ${when(t.at)}`, { indent: 12, size: 9 }]),
    ]);
  }

  await w.block([[tr(lang, 'history.events'), { size: 13, bold: true, gapBefore: 14 }]], true);
  if (history.events.length === 0) await w.block([[tr(lang, 'history.noEvents'), { grey: true }]]);
  for (const e of history.events) {
    await w.block([
      [`${when(e.at)}  ${e.actor ? `${e.actor}: ` : ''}${e.action}`, { gapBefore: 5 }],
      ...(e.ip || e.userAgent
        ? ([
            [tr(lang, 'history.ip', { ip: e.ip || notRecorded }), { indent: 12, size: 9, grey: true }],
            [tr(lang, 'history.userAgent', { agent: e.userAgent || notRecorded }), { indent: 12, size: 9, grey: true }],
          ] as [string, LineStyle][])
        : []),
    ]);
  }
  await w.draw(doc, lang, history.documentId);
}
