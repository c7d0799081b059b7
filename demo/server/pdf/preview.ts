/**
 * Template preview (`GET /api/v1/templatepdf/{id}/preview/`): the template PDF with every field
 * drawn as a box tinted and outlined in its signer's colour, labelled with what it is and whose it
 * is ("Signature · Signer 2"). Drawn upright on rotated pages through the same frames as stamping.
 */
import { rgb, type RGB } from 'pdf-lib';
import type { FieldElement } from '../../../src/fields/types.ts';
import { signerColor, signerLabel } from '../../../src/fields/signers.ts';
import { validationCode } from '../../../src/fields/codes.ts';
import { loadPdf } from './load.ts';
import { pageGeometryOf } from './page-geometry.ts';
import { fieldFrame, inFrame } from './stamp/frame.ts';
import { FontBook } from './stamp/fonts.ts';

function hexColor(hex: string): RGB {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const KIND: Record<FieldElement['element_type'], string> = { signature: 'Signature', initials: 'Initials', text: 'Text', admin: 'Sender field' };

/** The caption a field's preview box carries. */
export function previewCaption(e: FieldElement): string {
  const what = e.label?.trim() || ((e.element_type === 'text' || e.element_type === 'admin') && e.validation != null ? validationCode(e.validation)?.name : undefined) || KIND[e.element_type] || 'Field';
  return `${what} · ${signerLabel(e.element_type === 'admin' ? 0 : e.signer)}${e.optional ? ' (optional)' : ''}`;
}

/** Draws the fields of a template onto its PDF. Throws PdfProblem when the PDF is unusable. */
export async function renderPreview(bytes: Uint8Array, elements: readonly FieldElement[]): Promise<Uint8Array> {
  const doc = await loadPdf(bytes);
  const pages = doc.getPages();
  const fonts = new FontBook(doc);
  for (const e of elements) {
    const page = pages[e.page - 1];
    if (!page) continue;
    const frame = fieldFrame(e, pageGeometryOf(page));
    if (!(frame.width > 0.5 && frame.height > 0.5)) continue;
    const color = hexColor(signerColor(e.element_type === 'admin' ? 0 : e.signer));
    const size = Math.max(4, Math.min(8, frame.height * 0.45));
    const { font, text } = await fonts.forText('helvetica', previewCaption(e));
    inFrame(page, frame, () => {
      page.drawRectangle({ x: 0, y: 0, width: frame.width, height: frame.height, color, opacity: 0.15, borderColor: color, borderWidth: 1 });
      page.drawText(text, { x: 2, y: frame.height - size - 1, size, font, color });
    }, true);
  }
  return doc.save({ updateFieldAppearances: false });
}
