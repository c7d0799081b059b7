/**
 * A cap on how far a PDF's compressed streams inflate, checked before any parser sees the file:
 * a 1 MB stream of zeros inflates to 1 GiB, and pdf.js (text tags) or pdf-lib (object streams)
 * would hold all of it in memory. Counts what each Flate stream inflates to, chunk by chunk,
 * keeping none of it, and stops as soon as the total passes the cap. Image XObjects are not
 * counted: the pipeline never decodes them (pdf-lib copies them, pdf.js reads text only).
 */
import { createInflate } from 'node:zlib';
import { PdfProblem } from './load.ts';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const IMAGE = /\/Subtype\s*\/Image\b/;
const FLATE = /\/(FlateDecode|Fl)\b/;

/** Bytes `data` inflates to, counted up to `limit` (+1 chunk); corrupt data counts what came out before the damage. */
async function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  const inflate = createInflate({ chunkSize: 256 * 1024 });
  let total = 0;
  return new Promise((resolve) => {
    const done = () => resolve(total);
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        done();
      }
    });
    inflate.on('error', done);
    inflate.on('end', done);
    inflate.on('close', done);
    inflate.end(data);
  });
}

/** Throws PdfProblem('limit_exceeded') when the non-image Flate streams together inflate past `maxBytes`. */
export async function checkInflatedSize(bytes: Uint8Array, maxBytes: number): Promise<void> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = buf.indexOf(STREAM); at !== -1; at = buf.indexOf(STREAM, at + STREAM.length)) {
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + STREAM.length;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a) continue; // "stream" inside some other token
    start++;
    const dictStart = Math.max(0, buf.lastIndexOf('obj', at), at - 4096);
    const dict = buf.toString('latin1', dictStart, at);
    if (!FLATE.test(dict) || IMAGE.test(dict)) continue;
    const end = buf.indexOf(END_STREAM, start);
    const data = buf.subarray(start, end === -1 ? buf.length : end);
    total += await inflatedSize(data, maxBytes - total);
    if (total > maxBytes) {
      throw new PdfProblem(
        'limit_exceeded',
        `The PDF's compressed content expands to more than ${Math.round(maxBytes / 1048576)} MB, more than this server reads for one document. Save or print it as a new PDF (or split it) and upload that.`,
      );
    }
    if (end !== -1) at = end;
  }
}
