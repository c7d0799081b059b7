/**
 * Template preview (`GET /api/v1/templatepdf/{id}/preview/`): the template PDF with every field
 * drawn as a box tinted and outlined in its signer's colour, labelled with what it is and whose it
 * is ("Signature · Signer 2"). Drawn upright on rotated pages through the same frames as stamping.
 */
import type { FieldElement } from 'esign-elements/fields';
import { signerColor, signerLabel } from 'esign-elements/fields';
import { validationCode } from 'esign-elements/fields';
import { loadPdf, savePdf } from './load.ts';
import { compressNewContentStreams } from './native-zlib.ts';
import { pageGeometryOf } from './page-geometry.ts';
import { fieldFrame, inFrame } from './stamp/frame.ts';
import { Canvases, type Rgb } from './stamp/canvas.ts';
import { FontBook } from './stamp/fonts.ts';

function hexColor(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

const KIND: Record<FieldElement['element_type'], string> = { signature: 'Signature', initials: 'Initials', text: 'Text', admin: 'Sender field' };

/** The caption a field's preview box carries. */
export function previewCaption(e: FieldElement): string {
  const what =
    e.label?.trim() ||
    ((e.element_type === 'text' || e.element_type === 'admin') && e.validation != null ? validationCode(e.validation)?.name : undefined) ||
    KIND[e.element_type] ||
    'Field';
  return `${what} · ${signerLabel(e.element_type === 'admin' ? 0 : e.signer)}${e.optional ? ' (optional)' : ''}`;
}

/** Draws the fields of a template onto its PDF. Throws PdfProblem when the PDF is unusable. */
export async function renderPreview(bytes: Uint8Array, elements: readonly FieldElement[]): Promise<Uint8Array> {
  const doc = await loadPdf(bytes);
  const pages = doc.getPages();
  const fonts = new FontBook(doc);
  const canvases = new Canvases(doc);
  for (const e of elements) {
    const page = pages[e.page - 1];
    if (!page) continue;
    const frame = fieldFrame(e, pageGeometryOf(page));
    if (!(frame.width > 0.5 && frame.height > 0.5)) continue;
    const color = hexColor(signerColor(e.element_type === 'admin' ? 0 : e.signer));
    const size = Math.max(4, Math.min(8, frame.height * 0.45));
    const { font, text } = await fonts.forText('helvetica', previewCaption(e));
    const canvas = canvases.of(page);
    inFrame(
      canvas,
      frame,
      () => {
        canvas.fillRect(0, 0, frame.width, frame.height, color, 0.15);
        canvas.strokeRect(0.5, 0.5, frame.width - 1, frame.height - 1, color, 1);
        canvas.text(font, size, 2, frame.height - size - 1, text, color);
      },
      true,
    );
  }
  canvases.finish();
  compressNewContentStreams(doc);
  return savePdf(doc);
}
