/**
 * A PDF whose text pdf.js can only draw with its data folders, for tests that prove those folders are
 * found: ZapfDingbats (not embedded, so pdf.js fetches `standard_fonts/FoxitDingbats.pfb` even when it
 * may use system fonts) and Japanese text in a non-embedded CID font with the predefined CMap
 * `UniJIS-UCS2-H` (pdf.js fetches `cmaps/UniJIS-UCS2-H.bcmap` to decode it).
 */
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, beginText, endText, moveText, setFontAndSize, showText } from 'pdf-lib';

/** The files under pdf.js's data folders that this PDF makes pdf.js fetch. */
export const DATA_FONT_PDF_FETCHES = ['standard_fonts/FoxitDingbats.pfb', 'cmaps/UniJIS-UCS2-H.bcmap'];

export async function generateDataFontPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const dingbats = await doc.embedFont(StandardFonts.ZapfDingbats);
  page.drawText('\u2714\u2708\u2764\u2714\u2708\u2764', { x: 30, y: 220, size: 40, font: dingbats });

  const context = doc.context;
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType0',
      BaseFont: 'KozMinPr6N-Regular',
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Japan1'), Supplement: 6 },
      FontDescriptor: context.register(
        context.obj({
          Type: 'FontDescriptor',
          FontName: 'KozMinPr6N-Regular',
          Flags: 6,
          FontBBox: [-437, -340, 1147, 1317],
          ItalicAngle: 0,
          Ascent: 1137,
          Descent: -349,
          CapHeight: 742,
          StemV: 80,
        }),
      ),
      DW: 1000,
    }),
  );
  const japanese = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'KozMinPr6N-Regular-UniJIS-UCS2-H',
      Encoding: 'UniJIS-UCS2-H',
      DescendantFonts: [cidFont],
    }),
  );
  const key = page.node.newFontDictionary('JP', japanese);
  // 署名 ("signature"), as UCS-2 code units.
  page.pushOperators(beginText(), setFontAndSize(key, 48), moveText(30, 120), showText(PDFHexString.of('7F72540D')), endText());
  return doc.save({ useObjectStreams: false });
}
