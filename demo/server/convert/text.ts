/**
 * Decoding uploaded text (plain text, CSV, HTML) to a string: a BOM wins; then strict UTF-8;
 * then jschardet's guess when iconv-lite knows it; windows-1252 last (it decodes every byte).
 */
import iconv from 'iconv-lite';
import jschardet from 'jschardet';

export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return { text: buffer.subarray(3).toString('utf8'), encoding: 'utf-8' };
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return { text: iconv.decode(buffer.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return { text: iconv.decode(buffer.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8' };
  } catch {
    // not UTF-8: guess below
  }
  const guess = jschardet.detect(buffer.subarray(0, 256 * 1024));
  const name = guess.encoding && guess.encoding.toLowerCase() !== 'ascii' ? guess.encoding : 'windows-1252';
  // ISO-8859-1 guesses are decoded as windows-1252, its superset (what browsers do too).
  const encoding = /^iso-8859-1$/i.test(name) ? 'windows-1252' : name;
  if (iconv.encodingExists(encoding)) return { text: iconv.decode(buffer, encoding), encoding: encoding.toLowerCase() };
  return { text: iconv.decode(buffer, 'windows-1252'), encoding: 'windows-1252' };
}

/** True when the text looks like text: no NULs and few control characters. */
export function looksLikeText(text: string): boolean {
  if (text.length === 0) return false;
  const sample = text.slice(0, 64 * 1024);
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0 || c === 0xfffd) return false;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) controls++;
  }
  return controls <= sample.length / 100;
}

export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 4096).replace(/^\s+/, '').toLowerCase();
  return /^<!doctype\s+html/.test(head) || /^(<!--[\s\S]*?-->\s*)*<(html|head|body)[\s>]/.test(head) || /<html[\s>]/.test(head.slice(0, 1024));
}

/** CSV: at least two lines, each with the same (non-zero) number of commas, semicolons or tabs. */
export function csvSeparator(text: string): string | undefined {
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  if (lines.length < 2) return undefined;
  for (const sep of [',', ';', '\t']) {
    const counts = lines.map((l) => countOutsideQuotes(l, sep));
    if (counts[0] > 0 && counts.every((c) => c === counts[0])) return sep;
  }
  return undefined;
}

function countOutsideQuotes(line: string, sep: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === sep && !quoted) n++;
  }
  return n;
}
