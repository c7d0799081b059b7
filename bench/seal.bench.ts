/**
 * Sealing benchmark (standalone Node script; `npm run bench -- seal`).
 *
 * seal_100p_ratio: the final PDF of a generated 100-page document (200 text fields, 20 signature
 *   images, history page) built with the seal, divided by the same build without it. Target ≤ 1.2.
 * Both sides run in the same process, interleaved, after a warm-up; the ratio is the median of the
 * per-pair ratios, times are medians.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePdf } from '../test/support/generate-pdf.ts';
import { buildFinalPdf, type FinalPdfInput } from '../demo/server/pdf/final-pdf.ts';
import { loadSealKey } from '../demo/server/pdf/seal-key.ts';
import { newElement } from '../demo/server/pdf/element-defaults.ts';
import { pngDataUrl } from '../test/support/server/pdf.ts';
import type { FieldElement } from '../src/fields/types.ts';

const RUNS = 31;
const PAGES = 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-seal-bench-'));
try {
  const key = loadSealKey({ dataDir });
  const source = await generatePdf({ pages: PAGES, text: (i) => `Agreement page ${i + 1}\nTerms and conditions apply.` });
  const elements: FieldElement[] = [];
  for (let p = 1; p <= PAGES; p++) {
    elements.push(newElement({ page: p, ax: 0.1, ay: 0.3, bx: 0.5, by: 0.33, value: `Name on page ${p}`, font_size: 11 }));
    elements.push(newElement({ page: p, ax: 0.55, ay: 0.3, bx: 0.9, by: 0.33, value: '2026-03-02', align: 3 }));
  }
  for (let k = 0; k < 20; k++) {
    const image = pngDataUrl(300, 100, (x, y) => (Math.abs(y - 50 - Math.sin((x + k * 7) / 18) * 30) < 3 ? 0x101060ff : 0));
    elements.push(newElement({ page: k * 5 + 1, element_type: 'signature', ax: 0.1, ay: 0.6, bx: 0.5, by: 0.7, value: image }));
  }
  const history = { documentName: 'Bench', documentId: 'bench', recipients: [], events: [{ at: new Date(0), action: 'Signed', actor: 'Ann' }] };
  const input: FinalPdfInput = { source, elements, history };
  const sealed = () => buildFinalPdf({ ...input, seal: { key } });
  const plain = () => buildFinalPdf(input);
  await sealed();
  await plain();
  const s: number[] = [],
    b: number[] = [],
    ratios: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let ts: number, tb: number;
    if (i % 2) {
      tb = await time(plain);
      ts = await time(sealed);
    } else {
      ts = await time(sealed);
      tb = await time(plain);
    }
    s.push(ts);
    b.push(tb);
    ratios.push(ts / tb);
  }
  console.log(`seal_100p_ratio: ${median(ratios).toFixed(2)}`);
  console.log(`final_pdf_sealed_100p_ms: ${median(s).toFixed(0)}`);
  console.log(`final_pdf_unsealed_100p_ms: ${median(b).toFixed(0)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
