/**
 * Small OOXML files built in code (with fflate) for tests and the bench: a .docx and an .xlsx whose
 * text tags are split across styled runs, a many-page .docx, and zip bombs. Real-world samples
 * live in test/fixtures/convert/; these cover what no public sample has (our tag syntax).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A run: [text, bold?, colour?]. */
export type Run = [string, boolean?, string?];

export function docx(paragraphs: Run[][], options: { pageBreakEvery?: number } = {}): Uint8Array {
  const body = paragraphs
    .map((runs, i) => {
      const brk = options.pageBreakEvery && i > 0 && i % options.pageBreakEvery === 0 ? '<w:r><w:br w:type="page"/></w:r>' : '';
      return `<w:p>${brk}${runs.map(([text, bold, colour]) => `<w:r><w:rPr>${bold ? '<w:b/>' : ''}${colour ? `<w:color w:val="${colour}"/>` : ''}</w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`).join('')}</w:p>`;
    })
    .join('');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/document.xml': strToU8(
      `${xmlHead}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    ),
  };
  return zipSync(files);
}

/** One sheet; each cell a list of runs (rich text, inline). */
export function xlsx(rows: Run[][][]): Uint8Array {
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((runs, c) => `<c r="${col(c)}${r + 1}" t="inlineStr"><is>${runs.map(([text, bold, colour]) => `<r><rPr>${bold ? '<b/>' : ''}${colour ? `<color rgb="FF${colour}"/>` : ''}<sz val="11"/></rPr><t xml:space="preserve">${esc(text)}</t></r>`).join('')}</is></c>`).join('')}</row>`,
    )
    .join('');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${xmlHead}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${xmlHead}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  };
  return zipSync(files);
}

/** A .docx of `pages` pages of text (a page break after every paragraph block). */
export function longDocx(pages: number): Uint8Array {
  const sentence = 'This agreement is made between the parties named below and sets out the terms on which the services are provided. ';
  const paragraphs: Run[][] = [];
  for (let p = 0; p < pages; p++) {
    for (let i = 0; i < 6; i++) paragraphs.push([[`${p + 1}.${i + 1} `, true], [sentence.repeat(3)]]);
  }
  return docx(paragraphs, { pageBreakEvery: 6 });
}

/** A real zip bomb: a .docx whose entries unpack to `entries` × `entryMb` MB of zeros. */
export function zipBombDocx(entries: number, entryMb: number): Uint8Array {
  const zeros = new Uint8Array(entryMb * 1048576);
  const files: Zippable = {
    'word/document.xml': strToU8(
      `${xmlHead}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>`,
    ),
  };
  for (let i = 0; i < entries; i++) files[`word/media/pad${i}.bin`] = [zeros, { level: 9 }];
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ),
    ...files,
  });
}

/**
 * A Word 2003 XML document (WordprocessingML: one XML file, what Word 2003 saves as "XML Document"),
 * the kind that reaches servers renamed .docx. A heading, a numbered clause and a table.
 */
export function wordml2003(title: string, clause: string): Uint8Array {
  return strToU8(
    `${xmlHead}<?mso-application progid="Word.Document"?>
<w:wordDocument xmlns:w="http://schemas.microsoft.com/office/word/2003/wordml" xmlns:wx="http://schemas.microsoft.com/office/word/2003/auxHint" xmlns:o="urn:schemas-microsoft-com:office:office" xml:space="preserve">
<o:DocumentProperties><o:Title>${esc(title)}</o:Title></o:DocumentProperties>
<w:lists><w:listDef w:listDefId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:lvlText w:val="%1."/></w:lvl></w:listDef><w:list w:ilfo="1"><w:ilst w:val="0"/></w:list></w:lists>
<w:styles><w:style w:type="paragraph" w:default="on" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:sz w:val="24"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style></w:styles>
<w:body><wx:sect>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${esc(title)}</w:t></w:r></w:p>
<w:p><w:pPr><w:listPr><w:ilvl w:val="0"/><w:ilfo w:val="1"/></w:listPr></w:pPr><w:r><w:t>${esc(clause)}</w:t></w:r></w:p>
<w:tbl><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:p><w:r><w:t>Signed</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Date</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>
</wx:sect></w:body></w:wordDocument>`,
  );
}
