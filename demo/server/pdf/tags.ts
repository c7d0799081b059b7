/**
 * Text tags → elements. Reads every page's text with pdf.js, finds `<<...>>` tags in the joined
 * text (so a tag drawn in several runs is still found), parses each with the field model's tag
 * grammar, and places the field over the tag: from its first `<` to its last `>`, as tall as the
 * line (times `h`). A function of PDF bytes so Word/HTML/text uploads can reuse it after conversion.
 */
import type { FieldElement } from 'esign-elements/fields';
import { findTags, parseTag } from 'esign-elements/fields';
import { pageGeometry, pdfRectToFraction } from 'esign-elements/fields';
import { FONT_SIZE_MAX, FONT_SIZE_MIN } from 'esign-elements/fields';
import { checkPdfBytes, PdfProblem, shortReason } from './load.ts';
import { openWithPdfjs, pdfjsErrorName, type PdfjsPage } from './pdfjs-node.ts';
import { boxOfSpan, readPageText } from './text-layer.ts';
import { newElement } from './element-defaults.ts';

/** One thing wrong with one tag; errors mean no field was made from it. */
export interface TagReportEntry {
  page: number;
  /** The tag as it appears in the PDF's text (shortened when very long). */
  tag: string;
  /** Which part of the tag: a key such as `s`, or `tag` for the whole. */
  field: string;
  code: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface TagExtraction {
  elements: FieldElement[];
  report: TagReportEntry[];
}

/**
 * Signature and initials ignore `h`: their box is this many line heights tall (36 pt on 10 pt
 * text), growing down from the tag's line like every other tag field.
 */
export const SIGNATURE_LINES = 3;

const clip = (s: string) => (s.length > 80 ? s.slice(0, 77) + '...' : s);

/** Parses the text tags of a PDF. Throws PdfProblem when the bytes are not a readable PDF. */
export async function extractTags(bytes: Uint8Array, limits: { maxPages?: number } = {}): Promise<TagExtraction> {
  checkPdfBytes(bytes);
  let opened;
  try {
    opened = await openWithPdfjs(bytes);
  } catch (err) {
    if (pdfjsErrorName(err) === 'PasswordException')
      throw new PdfProblem('encrypted', 'The PDF is password-protected; its text tags cannot be read. Upload it without the password.');
    throw new PdfProblem('malformed', `The PDF cannot be read (${shortReason(err)}).`);
  }
  const elements: FieldElement[] = [];
  const report: TagReportEntry[] = [];
  try {
    if (limits.maxPages !== undefined && opened.doc.numPages > limits.maxPages) throw tooManyPages(opened.doc.numPages, limits.maxPages);
    for (let n = 1; n <= opened.doc.numPages; n++) {
      let page: PdfjsPage;
      try {
        page = await opened.doc.getPage(n);
      } catch (err) {
        report.push({
          page: n,
          tag: '',
          field: 'page',
          code: 'unreadable_page',
          message: `Page ${n} could not be read (${shortReason(err)}); its tags, if any, were skipped.`,
          severity: 'error',
        });
        continue;
      }
      try {
        await tagsOfPage(page, n, elements, report);
      } catch (err) {
        report.push({
          page: n,
          tag: '',
          field: 'page',
          code: 'unreadable_page',
          message: `The text of page ${n} could not be read (${shortReason(err)}); its tags, if any, were skipped.`,
          severity: 'error',
        });
      }
    }
  } finally {
    await opened.close();
  }
  return { elements, report };
}

export function tooManyPages(count: number, max: number): PdfProblem {
  return new PdfProblem(
    'limit_exceeded',
    `The PDF has ${count} pages; this server accepts documents of up to ${max} pages. Split it into smaller PDFs and upload those.`,
  );
}

async function tagsOfPage(page: PdfjsPage, n: number, elements: FieldElement[], report: TagReportEntry[]): Promise<void> {
  const text = await readPageText(page);
  if (!text.text.includes('<<')) return;
  // pdf.js's view is the CropBox clipped to the MediaBox: the visible box fractions refer to.
  const [x0, y0, x1, y1] = page.view;
  const geometry = pageGeometry({ mediaBox: [x0, y0, x1, y1], cropBox: [x0, y0, x1, y1], rotate: page.rotate });
  const scan = findTags(text.text);
  for (const p of scan.problems) {
    report.push({ page: n, tag: clip(text.text.slice(p.start, p.end)), field: 'tag', code: p.code, message: p.message, severity: 'error' });
  }
  for (const match of scan.tags) {
    const parsed = parseTag(match.text);
    for (const p of parsed.problems) {
      report.push({ page: n, tag: clip(match.text), field: p.field, code: p.code, message: p.message, severity: p.severity });
    }
    if (!parsed.ok) continue;
    const type = parsed.element.element_type;
    const lines = type === 'signature' || type === 'initials' ? SIGNATURE_LINES : (parsed.height ?? 1);
    const box = boxOfSpan(text, match.start, match.end, lines);
    if (!box) continue; // cannot happen for a found tag: its brackets are positioned characters
    const rect = pdfRectToFraction(box.rect, geometry);
    const fontSize = parsed.element.font_size ?? Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(box.fontSize)));
    elements.push(newElement({ ...parsed.element, ...rect, page: n, font_size: fontSize }));
  }
}
