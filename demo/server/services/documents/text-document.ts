/**
 * HTML documents (the description's text documents: `text` on a send, text templates, and the two previews):
 * the HTML, with the header above and the footer below, becomes a PDF through the same converter as uploaded
 * HTML files (sanitised, no remote fetches), and its text tags become fields exactly as in an upload. A signer
 * of `signee_count` with no signature tag of their own gets a signature line after the text, drawn as a tag in
 * white (so only the field shows); `is_signature_per_page` adds each signer's initials at the foot of every page.
 */
import { escapeHtml } from '../../email/messages.ts';
import type { ServerContext } from '../context.ts';
import type { FieldElement } from 'esign-elements/fields';
import { findTags, parseTag } from 'esign-elements/fields';
import { prepareTemplate, type PreparedTemplate } from '../template-upload.ts';
import { withUuids } from '../template-fields.ts';
import { newElement } from '../../pdf/element-defaults.ts';
import { invalidInput } from '../../domain/errors.ts';

/** More signers than this on one text document is a mistake, not a contract. */
export const MAX_SIGNEE_COUNT = 20;

export interface TextDocumentInput {
  title: string;
  /** The document as HTML (a fragment or a whole page). */
  html: string;
  /** Signers who sign it: each without a signature tag in the HTML gets a signature line. */
  signeeCount: number;
  header?: string;
  footer?: string;
  /** Each signer initials every page. */
  signaturePerPage?: boolean;
}

export type TextDocument = PreparedTemplate & { fields: FieldElement[] };

/** A tag written as is (`<<t=signature>>`, as text templates hold them) would read as an HTML element. */
const escapeLiteralTags = (html: string): string => html.replace(/<<([^<>]*)>>/g, '&lt;&lt;$1&gt;&gt;');

/** The visible text of HTML, near enough to find text tags in it (tags, then the entities tags are written with). */
function roughText(html: string): string {
  return escapeLiteralTags(html)
    .replace(/<[a-zA-Z/!][^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Signers 1..count that the HTML gives no signature tag. */
export function signersWithoutSignature(html: string, count: number): number[] {
  const signed = new Set<number>();
  for (const tag of findTags(roughText(html)).tags) {
    const parsed = parseTag(tag.text);
    if (parsed.ok && parsed.element.element_type === 'signature' && typeof parsed.element.signer === 'number') signed.add(parsed.element.signer);
  }
  return Array.from({ length: count }, (_, i) => i + 1).filter((n) => !signed.has(n));
}

/** The whole page handed to the converter. */
export function composeHtml(input: TextDocumentInput): string {
  const body = escapeLiteralTags(/<body[^>]*>([\s\S]*)<\/body>/i.exec(input.html)?.[1] ?? input.html);
  const lines = signersWithoutSignature(input.html, input.signeeCount).map(
    (n) =>
      `<p style="margin-top:1.6em">Signer ${n}:<br><span style="color:#ffffff">&lt;&lt;t=signature;s=${n};h=3&gt;&gt;</span>` +
      '<span style="color:#ffffff">&#160;&#160;&#160;&#160;&#160;&#160;&#160;&#160;</span></p>',
  );
  return [
    '<!DOCTYPE html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(input.title)}</title></head><body>`,
    input.header ? `<div>${input.header}</div><hr>` : '',
    body,
    ...lines,
    input.footer ? `<hr><div>${input.footer}</div>` : '',
    '</body></html>',
  ].join('\n');
}

/** Initials at the foot of every page, one box per signer from the right. */
function initialsPerPage(pageCount: number, signeeCount: number): FieldElement[] {
  const fields: FieldElement[] = [];
  for (let page = 1; page <= pageCount; page++) {
    for (let n = 1; n <= signeeCount; n++) {
      const bx = 0.95 - (n - 1) * 0.1;
      fields.push(newElement({ element_type: 'initials', signer: n, page, ax: bx - 0.08, ay: 0.93, bx, by: 0.97, label: `Initials ${n}` }));
    }
  }
  return fields;
}

export function checkTextInput(input: TextDocumentInput, field = 'text'): void {
  if (input.html.trim() === '') throw invalidInput(`${field} is empty: give the document's HTML.`, [{ field, message: 'required' }], 'text_required');
  if (!Number.isInteger(input.signeeCount) || input.signeeCount < 0 || input.signeeCount > MAX_SIGNEE_COUNT) {
    const message = `signee_count must be a whole number from 0 to ${MAX_SIGNEE_COUNT}.`;
    throw invalidInput(message, [{ field: 'signee_count', message }], 'invalid_signee_count');
  }
}

/** Renders the HTML as a PDF with its fields (tags, signature lines, initials per page), as `groupId`'s work. */
export async function renderTextDocument(app: Pick<ServerContext, 'converter' | 'work'>, groupId: string, input: TextDocumentInput): Promise<TextDocument> {
  checkTextInput(input);
  const html = new TextEncoder().encode(composeHtml(input));
  const converted = await app.converter.toPdf(groupId, html);
  const prepared = await prepareTemplate(app.work, groupId, converted.pdf, { processTags: true, importFormFields: false });
  const extra = input.signaturePerPage ? initialsPerPage(prepared.pageCount, input.signeeCount) : [];
  return { ...prepared, fields: withUuids([...prepared.elements, ...extra]) };
}
