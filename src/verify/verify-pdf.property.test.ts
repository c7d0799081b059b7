/**
 * Property tests (fast-check, fixed seed) for the offline seal verifier against the server's own sealing
 * (demo/server/pdf/seal.ts): the sealed PDF verifies; any single byte changed in the signed ranges or in
 * the signature itself (the /Contents hex, padding included) is not `sealed`; any damage at all answers a
 * verdict, never an exception.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sealPdf } from '../../demo/server/pdf/seal.ts';
import { loadSealKey } from '../../demo/server/pdf/seal-key.ts';
import { textPdf } from '../../test/support/server/seal.ts';
import { verifyPdf } from './verify-pdf.ts';

const SEED = 2816;
let dir: string;
let sealed: Uint8Array;
let gap: { start: number; end: number };
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-verify-property-'));
  sealed = await sealPdf(await textPdf(1), loadSealKey({ dataDir: dir }));
  const [, a, b, c] = [
    ...Buffer.from(sealed)
      .toString('latin1')
      .matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g),
  ]
    .pop()!
    .map(Number);
  gap = { start: a! + b!, end: c! };
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const changed = (index: number, xor: number) => {
  const copy = Uint8Array.from(sealed);
  copy[index] = copy[index]! ^ xor;
  return copy;
};

test('the sealed PDF verifies', () => {
  assert.equal(verifyPdf(sealed).verdict, 'sealed');
});

test('any single byte changed in the signed ranges is not sealed', () => {
  fc.assert(
    fc.property(fc.nat({ max: sealed.length - 1 }), fc.integer({ min: 1, max: 255 }), (index, xor) => {
      fc.pre(index < gap.start || index >= gap.end);
      const result = verifyPdf(changed(index, xor));
      assert.equal(result.ok, false, `byte ${index} ^ ${xor}: ${result.verdict}`);
    }),
    { seed: SEED, numRuns: 100 },
  );
});

test('any single byte changed in the signature (/Contents, its zero padding included) is not sealed', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1 << 30 }), fc.constantFrom(...'0123456789abcdefABCDEF'), (at, digit) => {
      // Inside the hex string: between "<" and ">".
      const index = gap.start + 1 + (at % (gap.end - gap.start - 2));
      fc.pre(String.fromCharCode(sealed[index]!).toLowerCase() !== digit.toLowerCase());
      const copy = Uint8Array.from(sealed);
      copy[index] = digit.charCodeAt(0);
      const result = verifyPdf(copy);
      assert.equal(result.ok, false, `hex digit ${index - gap.start - 1} of ${gap.end - gap.start - 2} -> ${digit}: ${result.verdict}`);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test('damage of any kind answers a verdict, never an exception', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.nat({ max: sealed.length - 1 }), fc.nat({ max: 255 })), { maxLength: 20 }),
      fc.nat({ max: sealed.length }),
      (edits, cut) => {
        const copy = Uint8Array.from(sealed);
        for (const [i, v] of edits) copy[i] = v;
        const result = verifyPdf(copy.subarray(0, cut));
        assert.ok(result.message && result.verdict);
      },
    ),
    { seed: SEED, numRuns: 200 },
  );
});
