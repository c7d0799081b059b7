/**
 * Test-only: PDFs whose page tree carries /Count as an indirect reference, the style of poppler's
 * bug-91414 sample (pdf.js test file `poppler-91414-0-53.pdf`). Readers recount from /Kids and open
 * them; pdf-lib reads /Count directly when it adds a page. Written as raw bytes with a correct xref.
 */
export type IndirectCount = 'stream' | 'number' | 'wrong';

/**
 * `resources: 'stream'` also points the page's /Resources at a stream (readers ignore it; pdf-lib
 * cannot draw on such a page): a file the stamper cannot process, which upload must refuse.
 */
export function indirectCountPdf(kind: IndirectCount, resources: 'dict' | 'stream' = 'dict'): Uint8Array {
  const count = kind === 'stream' || resources === 'stream' ? '<< /Length 1 >>\nstream\n1\nendstream' : kind === 'number' ? '1' : '7';
  const content = 'BT /F1 18 Tf 72 700 Td (Indirect page count) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    kind === 'wrong' ? '<< /Type /Pages /Kids [3 0 R] /Count 7 >>' : '<< /Type /Pages /Kids [3 0 R] /Count 5 0 R >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources ${resources === 'stream' ? '5 0 R' : '<< /Font << /F1 6 0 R >> >>'} >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    count,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
