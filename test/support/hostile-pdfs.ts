/**
 * Hostile PDFs for the isolation tests and bench, written as raw bytes at run time (never committed):
 * a PDF of many pages with text tags (the page tree written by hand, so 20,000 pages take
 * milliseconds), and an "inflate bomb" whose one content stream inflates to a chosen size.
 */
import { createDeflate } from 'node:zlib';

/** Joins objects (`n 0 obj ... endobj` bodies, numbered from 1) into a PDF with an xref table. Object 1 is the catalog. */
function assemble(objects: (string | Buffer)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/**
 * `pages` pages sharing one content stream with `tagsPerPage` text tags (`<<t=text;s=1>>`), one per line.
 * Page kids are grouped in nodes of 100, as PDF writers do.
 */
export function taggedPdf(pages: number, tagsPerPage = 1): Uint8Array {
  const lines = Array.from({ length: tagsPerPage }, (_, i) => `1 0 0 1 40 ${780 - (i % 70) * 11} Tm (<<t=text;s=1>>) Tj`);
  const content = Buffer.from(`BT /F1 8 Tf ${lines.join('\n')} ET`);
  // 1 catalog, 2 root node, 3 font, 4 content, then the intermediate nodes, then the pages.
  const nodes = Math.ceil(pages / 100);
  const firstNode = 5;
  const firstPage = firstNode + nodes;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: nodes }, (_, i) => `${firstNode + i} 0 R`).join(' ')}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    stream('', content).toString('latin1'),
  ];
  for (let n = 0; n < nodes; n++) {
    const count = Math.min(100, pages - n * 100);
    objects.push(
      `<< /Type /Pages /Parent 2 0 R /Count ${count} /Kids [${Array.from({ length: count }, (_, i) => `${firstPage + n * 100 + i} 0 R`).join(' ')}] >>`,
    );
  }
  for (let p = 0; p < pages; p++) {
    objects.push(
      `<< /Type /Page /Parent ${firstNode + Math.floor(p / 100)} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>`,
    );
  }
  return assemble(objects);
}

/** One page whose content stream is `inflatedMb` MiB of spaces (valid, empty content), deflated to about a thousandth of that. */
export async function inflateBombPdf(inflatedMb: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < inflatedMb; i++) {
    if (!deflate.write(block)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(chunks);
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    stream('/Filter /FlateDecode', data),
  ]);
}
