/**
 * What an upload is, from its bytes only (never its name): file-type for binary formats, the OLE2
 * directory to tell .doc from .xls from an encrypted OOXML, the root element of an XML file (XHTML is
 * HTML, WordprocessingML 2003 is a Word document), and text sniffing for HTML, CSV and plain text.
 */
import { fileTypeFromBuffer } from 'file-type';
import { UnsupportedFormatError, unprocessable } from '../domain/errors.ts';
import { cfbEntryNames } from './cfb.ts';
import { csvSeparator, decodeText, looksLikeHtml, looksLikeText } from './text.ts';

/** `wordml`: a Word 2003 XML document (WordprocessingML, one XML file; often saved as .docx or .xml). */
export type Format =
  'pdf' | 'docx' | 'doc' | 'odt' | 'rtf' | 'wordml' | 'xlsx' | 'xls' | 'ods' | 'html' | 'text' | 'csv' | 'png' | 'jpg' | 'gif' | 'webp' | 'tif' | 'heic';

export const OFFICE_FORMATS = new Set<Format>(['docx', 'doc', 'odt', 'rtf', 'wordml', 'xlsx', 'xls', 'ods', 'html', 'text', 'csv']);
export const IMAGE_FORMATS = new Set<Format>(['png', 'jpg', 'gif', 'webp', 'tif', 'heic']);
export const ZIP_FORMATS = new Set<Format>(['docx', 'xlsx', 'odt', 'ods']);

export const ACCEPTED =
  'PDF; Word (.docx, .doc, .odt, .rtf, Word 2003 XML); HTML or XHTML; plain text; spreadsheets (.xlsx, .xls, .ods, .csv); images (PNG, JPEG, GIF, WebP, TIFF)';

export interface Detected {
  format: Format;
  /** For text formats: the decoded text (HTML, CSV, plain text). */
  text?: string;
  csvSeparator?: string;
}

const BINARY: Record<string, Format> = {
  pdf: 'pdf',
  docx: 'docx',
  odt: 'odt',
  rtf: 'rtf',
  xlsx: 'xlsx',
  ods: 'ods',
  png: 'png',
  jpg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  tif: 'tif',
  heic: 'heic',
};

export async function detectFormat(bytes: Uint8Array): Promise<Detected> {
  if (bytes.length === 0) throw unprocessable('The file is empty.', undefined, 'convert_empty');
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'cfb') return { format: cfbFormat(bytes) };
  // file-type calls any XML file XML; what it is depends on its root element.
  if (type?.ext === 'xml') {
    const detected = xmlFormat(bytes);
    if (detected) return detected;
  }
  if (type) {
    const format = BINARY[type.ext];
    if (format) return { format };
    throw unsupported(`a ${type.ext.toUpperCase()} file (${type.mime})`);
  }
  const { text } = decodeText(bytes);
  if (!looksLikeText(text)) throw unsupported('a binary file of a kind this server does not recognise');
  if (looksLikeHtml(text)) return { format: 'html', text };
  const separator = csvSeparator(text);
  if (separator) return { format: 'csv', text, csvSeparator: separator };
  return { format: 'text', text };
}

const WORDML_2003 = 'http://schemas.microsoft.com/office/word/2003/wordml';

/** XHTML (root `html`) is HTML; WordprocessingML 2003 (root `w:wordDocument`) is a Word document; other XML is neither. */
function xmlFormat(bytes: Uint8Array): Detected | undefined {
  const { text } = decodeText(bytes);
  // The root element: after the XML declaration, processing instructions, comments and the doctype.
  const root = /^\uFEFF?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)\s*)*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/i.exec(
    text.slice(0, 64 * 1024),
  );
  if (!root) return undefined;
  const [, prefix = '', name, attributes] = root;
  if (name!.toLowerCase() === 'html') return { format: 'html', text };
  const namespace = new RegExp(`xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(attributes!)?.[1];
  if (name === 'wordDocument' && namespace === WORDML_2003) return { format: 'wordml' };
  return undefined;
}

function cfbFormat(bytes: Uint8Array): Format {
  const names = new Set(cfbEntryNames(bytes));
  if (names.has('EncryptedPackage') || names.has('EncryptionInfo')) {
    throw unprocessable(
      'The file is password-protected (an encrypted Word or Excel file). Remove the password in Word or Excel (File > Info > Protect) and upload it again.',
      undefined,
      'convert_password_protected',
    );
  }
  if (names.has('WordDocument')) return 'doc';
  if (names.has('Workbook') || names.has('Book')) return 'xls';
  if (names.size === 0) throw unprocessable('The file is a damaged Office (OLE2) container: its directory cannot be read.', undefined, 'convert_damaged');
  throw unsupported("an Office (OLE2) file that is neither a Word .doc nor an Excel .xls (PowerPoint or another program's file)");
}

function unsupported(what: string): UnsupportedFormatError {
  return new UnsupportedFormatError('convert_unsupported_format', `The file is ${what}, which cannot be made into a template. Accepted: ${ACCEPTED}.`);
}
