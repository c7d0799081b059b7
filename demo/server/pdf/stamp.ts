/**
 * The final PDF: every field of a completed document stamped into its source PDF with pdf-lib.
 * What each field shows is its kind module's decision (src/fields/kinds); how that is drawn is
 * looked up in one table of painters (stamp/painters.ts: text, checkbox mark, image), like pdfme's
 * per-schema renderers; this file walks the elements and gives each its frame and background.
 *
 * Every drawn field gets a white background over its whole box first: that hides the text tag it
 * was made from (and whatever else lies under the field), as the hosted service does. `no_pdf`
 * fields are not drawn at all. No field border is drawn: the rectangles are the editor's and signer's
 * way to show where fields are, not part of the signed document (`hide_border` only matters on screen).
 */
import type { PDFDocument } from 'pdf-lib';
import type { FieldElement } from 'esign-elements/fields';
import type { PageGeometry } from 'esign-elements/fields';
import { loadPdf, savePdf } from './load.ts';
import { compressNewContentStreams } from './native-zlib.ts';
import { pageGeometryOf } from './page-geometry.ts';
import { fieldFrame, inFrame } from './stamp/frame.ts';
import { Canvases } from './stamp/canvas.ts';
import { FontBook } from './stamp/fonts.ts';
import { ImageBook } from './stamp/image-field.ts';
import { preparePaint } from './stamp/painters.ts';
import { fieldContent, type SignatureImages, type StampOptions } from './stamp/field-value.ts';

export type { SignatureImages, StampOptions } from './stamp/field-value.ts';

export interface StampInput {
  /** The document's source PDF. */
  source: Uint8Array;
  /** The document's fields with their filled values. */
  elements: readonly FieldElement[];
  /** Signature/initials images per signer number, used by signature fields whose value is not an image. */
  signatureImages?: SignatureImages;
  options?: StampOptions;
}

export interface StampWarning {
  /** Index of the element in `elements`. */
  element: number;
  /** `timestamp_failed` (element -1): the seal's timestamp authority failed, the PDF is sealed without a timestamp (final-pdf.ts). */
  code: 'page_out_of_range' | 'bad_image' | 'empty_box' | 'timestamp_failed';
  message: string;
}

/** Stamps the fields and returns the final PDF's bytes. Throws PdfProblem when the source is unusable. */
export async function stampFinalPdf(input: StampInput): Promise<Uint8Array> {
  return (await stampFinalPdfWithWarnings(input)).pdf;
}

/** As stampFinalPdf, also saying which fields could not be drawn and why. */
export async function stampFinalPdfWithWarnings(input: StampInput): Promise<{ pdf: Uint8Array; warnings: StampWarning[] }> {
  const doc = await loadPdf(input.source);
  const warnings = await stampInto(doc, input);
  // No object streams: the final PDF is archived and read by many tools; plain xref tables are the safest.
  compressNewContentStreams(doc);
  const pdf = await savePdf(doc);
  return { pdf, warnings };
}

/** Draws the fields into an already loaded document (the job and the preview reuse this). */
export async function stampInto(doc: PDFDocument, input: Omit<StampInput, 'source'>): Promise<StampWarning[]> {
  const pages = doc.getPages();
  const geometries: (PageGeometry | undefined)[] = [];
  const fonts = new FontBook(doc);
  const images = new ImageBook(doc);
  const canvases = new Canvases(doc);
  const warnings: StampWarning[] = [];
  const options = input.options ?? {};

  for (const [index, element] of input.elements.entries()) {
    if (element.no_pdf) continue;
    const pageIndex = element.page - 1;
    const page = pages[pageIndex];
    if (!page) {
      warnings.push({
        element: index,
        code: 'page_out_of_range',
        message: `Field ${index} is on page ${element.page}, but the PDF has ${pages.length} page(s).`,
      });
      continue;
    }
    const geometry = (geometries[pageIndex] ??= pageGeometryOf(page));
    const frame = fieldFrame(element, geometry);
    if (!(frame.width > 0.5 && frame.height > 0.5)) {
      warnings.push({ element: index, code: 'empty_box', message: `Field ${index} has no area to draw in.` });
      continue;
    }
    const content = fieldContent(element, input.signatureImages, options);
    const canvas = canvases.of(page);
    const prepared = await preparePaint(content, { canvas, frame, element, fonts, images });
    if (prepared.problem === 'bad_image') {
      warnings.push({
        element: index,
        code: 'bad_image',
        message: `Field ${index}'s image is not a PNG or JPEG data URL that decodes; the box is left empty.`,
      });
    }

    inFrame(
      canvas,
      frame,
      () => {
        canvas.fillRect(0, 0, frame.width, frame.height, [1, 1, 1]);
        prepared.paint();
      },
      true,
    );
  }
  canvases.finish();
  return warnings;
}
