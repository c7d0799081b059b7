/**
 * The seal's incremental update written directly: for a PDF with classic cross-reference tables
 * (everything the pipeline saves: pdf-lib and @cantoo/pdf-lib with `useObjectStreams: false`) only
 * the trailer, the catalog, the page tree down to the last page and any AcroForm are parsed (with
 * pdf-lib's object parser), instead of the whole document: parsing a 100-page PDF cost several
 * times what the signature itself costs. Objects written again keep their bytes as parsed, so the
 * strings of an encrypted PDF stay encrypted under their own object numbers.
 *
 * Returns undefined for anything else (cross-reference streams, hybrid files, objects in object
 * streams, a damaged xref): the caller then uses @cantoo/pdf-lib's incremental save.
 */
import { PDFArray, PDFContext, PDFDict, PDFHexString, PDFName, PDFObjectParser, PDFRef, type PDFObject } from 'pdf-lib';

export interface SignatureUpdate {
  /** The signature dictionary's entries after /Type /Sig, as PDF source (placeholders included). */
  signatureEntries: string;
  /** The widget's field name (/T), or none. */
  fieldName?: string;
}

const decoder = new TextDecoder('latin1');

class ClassicXref {
  private readonly bytes: Uint8Array;
  private readonly context = PDFContext.create();
  readonly offsets = new Map<number, number>();
  trailer!: PDFDict;
  startXref = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** Reads every classic section from the last `startxref` back through /Prev; false when the file is not that. */
  read(): boolean {
    const tail = decoder.decode(this.bytes.subarray(Math.max(0, this.bytes.length - 1024)));
    const match = tail.match(/startxref\s+(\d+)\s+%%EOF\s*$/);
    if (!match) return false;
    this.startXref = Number(match[1]);
    let at: number | undefined = this.startXref;
    for (let sections = 0; at !== undefined; sections++) {
      if (sections > 100 || at >= this.bytes.length) return false;
      const trailer = this.readSection(at);
      if (!trailer || trailer.get(PDFName.of('XRefStm'))) return false;
      this.trailer ??= trailer;
      const prev = trailer.get(PDFName.of('Prev'));
      at = prev ? Number(prev.toString()) : undefined;
    }
    return true;
  }

  private readSection(at: number): PDFDict | undefined {
    const end = this.indexOf('trailer', at);
    if (end === -1) return undefined;
    const table = decoder.decode(this.bytes.subarray(at, end));
    if (!/^\s*xref\b/.test(table)) return undefined;
    const lines = table
      .replace(/^\s*xref/, '')
      .trim()
      .split(/\r\n|\r|\n/);
    let objectNumber = 0;
    for (const raw of lines) {
      const line = raw.trim();
      const head = line.match(/^(\d+)\s+(\d+)$/);
      if (head) {
        objectNumber = Number(head[1]);
        continue;
      }
      const entry = line.match(/^(\d{10})\s+(\d{5})\s+([nf])$/);
      if (!entry) return undefined;
      if (entry[3] === 'n' && !this.offsets.has(objectNumber)) this.offsets.set(objectNumber, Number(entry[1]));
      objectNumber++;
    }
    const trailer = this.parseAt(end + 'trailer'.length);
    return trailer instanceof PDFDict ? trailer : undefined;
  }

  private indexOf(text: string, from: number): number {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).indexOf(text, from, 'latin1');
  }

  private parseAt(offset: number): PDFObject {
    return PDFObjectParser.forBytes(this.bytes.subarray(offset), this.context).parseObject();
  }

  /** The object `ref` names (an indirect object at its xref offset), or undefined. */
  object(ref: PDFObject | undefined): PDFObject | undefined {
    if (!(ref instanceof PDFRef)) return ref;
    const offset = this.offsets.get(ref.objectNumber);
    if (offset === undefined) return undefined;
    const head = decoder.decode(this.bytes.subarray(offset, offset + 40)).match(/^\s*(\d+)\s+(\d+)\s+obj/);
    if (!head || Number(head[1]) !== ref.objectNumber) return undefined;
    return this.parseAt(offset + head[0].length);
  }
}

/** The incremental update (bytes to append) that adds a signature field on the last page, or undefined when the file needs the general path. */
export function signatureUpdate(pdf: Uint8Array, update: SignatureUpdate): Uint8Array | undefined {
  try {
    return buildUpdate(pdf, update);
  } catch {
    return undefined;
  }
}

function buildUpdate(pdf: Uint8Array, update: SignatureUpdate): Uint8Array | undefined {
  const xref = new ClassicXref(pdf);
  if (!xref.read()) return undefined;
  const trailer = xref.trailer;
  const rootRef = trailer.get(PDFName.of('Root'));
  const size = Number(trailer.get(PDFName.of('Size'))?.toString());
  const catalog = xref.object(rootRef);
  if (!(rootRef instanceof PDFRef) || !(catalog instanceof PDFDict) || !Number.isInteger(size)) return undefined;

  // The last page: down the page tree through the last kid each time.
  let pageRef: PDFObject | undefined = catalog.get(PDFName.of('Pages'));
  let page = xref.object(pageRef);
  for (let depth = 0; page instanceof PDFDict && page.get(PDFName.of('Kids')); depth++) {
    const kids = xref.object(page.get(PDFName.of('Kids')));
    if (!(kids instanceof PDFArray) || kids.size() === 0 || depth > 32) return undefined;
    pageRef = kids.get(kids.size() - 1);
    page = xref.object(pageRef);
  }
  if (!(pageRef instanceof PDFRef) || !(page instanceof PDFDict)) return undefined;

  const written = new Map<number, string>();
  let next = size;
  const sigRef = PDFRef.of(next++);
  const widgetRef = PDFRef.of(next++);
  written.set(sigRef.objectNumber, `<<\n/Type /Sig\n${update.signatureEntries}\n>>`);
  const name = update.fieldName ? `\n/T ${PDFHexString.fromText(update.fieldName).toString()}` : '';
  written.set(widgetRef.objectNumber, `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/Rect [0 0 0 0]\n/V ${sigRef}\n/F 132\n/P ${pageRef}${name}\n>>`);

  // The page lists the widget among its annotations (an indirect /Annots array is rewritten in place).
  const annotsEntry = page.get(PDFName.of('Annots'));
  const annots = xref.object(annotsEntry);
  if (annotsEntry instanceof PDFRef && annots instanceof PDFArray) {
    annots.push(widgetRef);
    written.set(annotsEntry.objectNumber, annots.toString());
  } else {
    if (annotsEntry && !(annots instanceof PDFArray)) return undefined;
    const list = annots instanceof PDFArray ? annots : PDFArray.withContext(PDFContext.create());
    list.push(widgetRef);
    page.set(PDFName.of('Annots'), list);
    written.set(pageRef.objectNumber, page.toString());
  }

  // The AcroForm lists the field; SigFlags 3: signatures exist, append only.
  const formEntry = catalog.get(PDFName.of('AcroForm'));
  let form = xref.object(formEntry);
  if (formEntry && !(form instanceof PDFDict)) return undefined;
  if (!(form instanceof PDFDict)) form = PDFContext.create().obj({});
  const acroForm = form as PDFDict;
  const fieldsEntry = acroForm.get(PDFName.of('Fields'));
  const fields = xref.object(fieldsEntry);
  if (fieldsEntry instanceof PDFRef && fields instanceof PDFArray) {
    fields.push(widgetRef);
    written.set(fieldsEntry.objectNumber, fields.toString());
  } else {
    if (fieldsEntry && !(fields instanceof PDFArray)) return undefined;
    const list = fields instanceof PDFArray ? fields : PDFArray.withContext(PDFContext.create());
    list.push(widgetRef);
    acroForm.set(PDFName.of('Fields'), list);
  }
  acroForm.set(PDFName.of('SigFlags'), PDFContext.create().obj(3));
  if (formEntry instanceof PDFRef) {
    written.set(formEntry.objectNumber, acroForm.toString());
  } else if (formEntry) {
    written.set(rootRef.objectNumber, catalog.toString()); // a direct AcroForm changed inside the catalog
  } else {
    const formRef = PDFRef.of(next++);
    written.set(formRef.objectNumber, acroForm.toString());
    catalog.set(PDFName.of('AcroForm'), formRef);
    written.set(rootRef.objectNumber, catalog.toString());
  }

  // Objects, then the cross-reference section (one subsection per object) and the trailer.
  const lastByte = pdf[pdf.length - 1];
  let body = lastByte === 0x0a || lastByte === 0x0d ? '' : '\n';
  const offsets: [number, number][] = [];
  for (const [number, source] of [...written].sort((a, b) => a[0] - b[0])) {
    offsets.push([number, pdf.length + body.length]);
    body += `${number} 0 obj\n${source}\nendobj\n`;
  }
  const xrefOffset = pdf.length + body.length;
  body += 'xref\n';
  for (const [number, offset] of offsets) body += `${number} 1\n${String(offset).padStart(10, '0')} 00000 n\r\n`;
  const keep = ['Root', 'Info', 'ID', 'Encrypt'].map((k) => [k, trailer.get(PDFName.of(k))] as const).filter(([, v]) => v !== undefined);
  body += `trailer\n<<\n/Size ${next}\n${keep.map(([k, v]) => `/${k} ${v!.toString()}`).join('\n')}\n/Prev ${xref.startXref}\n>>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
