/**
 * PDF form fields (AcroForm) → elements, and the template with its interactive form removed so the
 * fields are not drawn twice (once by the viewer's form layer, once by the element overlay; the
 * final PDF stamps the element values instead). Widgets are placed through the field model's
 * geometry, so rotated and cropped pages come out as displayed.
 */
import { PDFArray, PDFDict, PDFName, PDFRef, type PDFDocument, type PDFField } from 'pdf-lib';
import type { FieldElement } from 'esign-elements/fields';
import { pdfRectToFraction } from 'esign-elements/fields';
import { loadPdf, PdfProblem, savePdf, shortReason } from './load.ts';
import { formFacts } from './inspect.ts';
import { pageGeometryOf } from './page-geometry.ts';
import { mapField } from './form-fields.ts';
import { newElement } from './element-defaults.ts';

export interface FormImportNote {
  /** The form field's fully qualified name ('' for notes about the whole form). */
  field: string;
  /** 1-based page, or null when not known. */
  page: number | null;
  code: string;
  message: string;
  severity: 'warning' | 'info';
}

export interface FormImport {
  elements: FieldElement[];
  /** The template without its interactive form; the input bytes unchanged when it had none. */
  pdf: Uint8Array;
  report: FormImportNote[];
}

// Annotation flags (PDF 32000 12.5.3): Hidden, NoView.
const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;

/**
 * Imports the form fields of a PDF. Throws PdfProblem for unusable input: not a PDF, damaged,
 * encrypted, or an XFA-only form (no AcroForm fields to import; code `xfa_only`).
 */
export async function importFormFields(bytes: Uint8Array): Promise<FormImport> {
  const doc = await loadPdf(bytes);
  const facts = formFacts(doc);
  if (facts.hasXfa && (facts.fieldCount === 0 || facts.needsRendering)) {
    throw new PdfProblem(
      'xfa_only',
      'The PDF is a dynamic XFA form with no standard (AcroForm) fields to import. Open it in Adobe Acrobat/Reader, print it to a new PDF, and place the fields with the editor or text tags.',
    );
  }
  if (facts.fieldCount === 0) return { elements: [], pdf: bytes, report: [] };

  const report: FormImportNote[] = [];
  if (facts.hasXfa)
    report.push({
      field: '',
      page: null,
      code: 'xfa_ignored',
      severity: 'info',
      message: 'The form also carried an XFA description; its standard (AcroForm) fields were imported and the XFA part removed.',
    });

  let fields: PDFField[];
  try {
    fields = doc.getForm().getFields();
  } catch (err) {
    throw new PdfProblem('malformed', `The PDF's form is damaged (${shortReason(err)}). Save or print it as a new PDF and upload that.`);
  }
  const pages = doc.getPages();
  const geometries = pages.map(pageGeometryOf);
  const pageOfWidget = widgetPageIndex(doc);
  const pageOfRef = new Map(pages.map((p, i) => [p.ref.toString(), i]));
  const elements: FieldElement[] = [];

  for (const field of fields) {
    let name = '';
    let mapping;
    try {
      name = field.getName();
      mapping = mapField(field);
    } catch (err) {
      report.push({
        field: name,
        page: null,
        code: 'unreadable_field',
        severity: 'warning',
        message: `The field could not be read (${shortReason(err)}) and was removed.`,
      });
      continue;
    }
    let firstPage: number | null = null;
    for (const { widget, props } of mapping.widgets) {
      // The page whose /Annots lists the widget is authoritative; /P is optional and sometimes wrong.
      const pageIndex = pageOfWidget.get(widget.dict) ?? pageOfRef.get(widget.P()?.toString() ?? '');
      const note = (code: string, message: string) =>
        report.push({ field: name, page: pageIndex === undefined ? null : pageIndex + 1, code, message, severity: 'warning' });
      if (pageIndex === undefined) {
        note('widget_without_page', 'A widget of the field is on no page; it was skipped.');
        continue;
      }
      if (widget.getFlags() & (HIDDEN | NO_VIEW)) {
        note('hidden_widget', 'A hidden widget of the field was skipped.');
        continue;
      }
      let r;
      try {
        r = widget.getRectangle();
      } catch {
        note('widget_without_rect', 'A widget of the field has no usable /Rect; it was skipped.');
        continue;
      }
      const rect = pdfRectToFraction(
        { x: Math.min(r.x, r.x + r.width), y: Math.min(r.y, r.y + r.height), width: Math.abs(r.width), height: Math.abs(r.height) },
        geometries[pageIndex],
      );
      if (!(rect.bx - rect.ax > 1e-4 && rect.by - rect.ay > 1e-4)) {
        note('invisible_widget', 'The field has no visible area on the page (an invisible field); it was skipped.');
        continue;
      }
      if (rect.bx <= 0 || rect.ax >= 1 || rect.by <= 0 || rect.ay >= 1) {
        note('off_page_widget', 'The field lies outside the visible page; it was skipped.');
        continue;
      }
      firstPage ??= pageIndex + 1;
      elements.push(newElement({ ...props, ...rect, page: pageIndex + 1 }));
    }
    for (const n of mapping.notes) report.push({ field: name, page: firstPage, ...n });
  }

  removeInteractiveForm(doc);
  const pdf = await savePdf(doc);
  return { elements, pdf, report };
}

/** Every widget dictionary → index of the page whose /Annots lists it. */
function widgetPageIndex(doc: PDFDocument): Map<PDFDict, number> {
  const map = new Map<PDFDict, number>();
  doc.getPages().forEach((page, i) => {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) return;
    for (let k = 0; k < annots.size(); k++) {
      const annot = annots.lookup(k);
      if (annot instanceof PDFDict && !map.has(annot)) map.set(annot, i);
    }
  });
  return map;
}

/** Drops widget annotations from every page and the AcroForm (and what points into it) from the catalog. */
export function removeInteractiveForm(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    const kept = annots.asArray().filter((entry) => {
      const annot = entry instanceof PDFRef ? doc.context.lookup(entry) : entry;
      return !(annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget'));
    });
    if (kept.length === 0) page.node.delete(PDFName.of('Annots'));
    else if (kept.length !== annots.size()) page.node.set(PDFName.of('Annots'), doc.context.obj(kept));
  }
  for (const key of ['AcroForm', 'NeedsRendering', 'Perms']) doc.catalog.delete(PDFName.of(key));
}
