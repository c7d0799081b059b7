/**
 * Damaged input never escapes as anything but PdfProblem (which the server maps to a 4xx): real
 * fixtures are truncated and have bytes overwritten at random (seeded), then go through every
 * function of the pipeline.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFixture } from '../../../test/support/fixtures.ts';
import { inspectPdf } from './inspect.ts';
import { extractTags } from './tags.ts';
import { importFormFields } from './form-import.ts';
import { stampFinalPdf } from './stamp.ts';
import { renderPreview } from './preview.ts';
import { PdfProblem } from './load.ts';
import { newElement } from './element-defaults.ts';

function mutations(bytes: Uint8Array, count: number, seed: number): Uint8Array[] {
  let s = seed;
  const rand = (n: number) => (s = (s * 1103515245 + 12345) >>> 0) % n;
  const out: Uint8Array[] = [];
  for (let k = 0; k < count; k++) {
    const copy = bytes.slice(0, k % 3 === 0 ? 64 + rand(bytes.length - 64) : bytes.length); // sometimes truncated
    for (let i = 0; i < 1 + rand(40); i++) copy[64 + rand(copy.length - 64)] = rand(256); // keep the header
    out.push(copy);
  }
  return out;
}

async function outcome(name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    assert.ok(err instanceof PdfProblem, `${name}: threw ${err instanceof Error ? err.stack : err}`);
  }
}

test('damaged PDFs give a result or a PdfProblem from every pipeline function, never another error', { timeout: 180_000 }, async () => {
  const elements = [newElement({ page: 1, ax: 0.1, ay: 0.1, bx: 0.4, by: 0.15, value: 'x' })];
  for (const [fixture, seed] of [
    ['pdflib-sample_form.pdf', 1],
    ['pdfjs-rotation.pdf', 2],
    ['pdflib-with_cropbox.pdf', 3],
  ] as const) {
    for (const [i, bytes] of mutations(await readFixture(fixture), 12, seed).entries()) {
      const label = `${fixture} #${i}`;
      const info = await inspectPdf(bytes);
      assert.equal(typeof info.ok, 'boolean', label);
      await outcome(`${label} extractTags`, () => extractTags(bytes));
      await outcome(`${label} importFormFields`, () => importFormFields(bytes));
      await outcome(`${label} stampFinalPdf`, () => stampFinalPdf({ source: bytes, elements }));
      await outcome(`${label} renderPreview`, () => renderPreview(bytes, elements));
    }
  }
});
