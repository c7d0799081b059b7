/**
 * Fuzz of the PDF import paths (issue 28): real PDFs from the shared fixtures, damaged by a seeded
 * generator (test/support/fuzz/mutate.ts: byte flips, truncation, duplicated and deleted objects, huge
 * MediaBox and Rotate values, a broken xref, junk), must each end in a result or a clear refusal
 * (PdfProblem / WorkLimitError, a 4xx), never another exception (a 5xx), never a hang.
 *
 * The bulk runs the server's template import job (inspect, form fields, text tags with page geometry)
 * in a worker thread, each case bounded by CASE_TIMEOUT_MS (a case over it fails the test, and the
 * thread is ended); a subset goes through the real upload route over HTTP. Longer runs:
 * ESIGN_FUZZ_CASES=5000 (and ESIGN_FUZZ_SEED to start elsewhere); CONTRIBUTING.md.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { fixturesDir } from '../../../test/support/fixtures.ts';
import { mutatePdf } from '../../../test/support/fuzz/mutate.ts';
import type { FuzzOutcome } from '../../../test/support/fuzz/import-worker.ts';
import { createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { impossibleObjectCount } from './load.ts';

const CASES = Number(process.env.ESIGN_FUZZ_CASES ?? 24);
const HTTP_CASES = Math.max(4, Math.round(CASES / 10));
const SEED = Number(process.env.ESIGN_FUZZ_SEED ?? 28);
// The server's own job timeout (ESIGN_PDF_JOB_TIMEOUT_MS): a case over it would be a 422 there, a hang here.
const CASE_TIMEOUT_MS = 60_000;

const fixtures = readdirSync(fixturesDir())
  .filter((name) => name.endsWith('.pdf'))
  .sort()
  .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(fixturesDir(), name))) }));
// The in-suite run keeps to the smaller fixtures; a long run takes every one.
const pool = CASES <= 200 ? fixtures.filter((f) => f.bytes.length < 400_000) : fixtures;

function fuzzCase(i: number) {
  const fixture = pool[i % pool.length]!;
  const seed = SEED * 1_000_003 + i;
  return { fixture: fixture.name, seed, ...mutatePdf(fixture.bytes, seed) };
}
const describeCase = (c: ReturnType<typeof fuzzCase>) => `${c.fixture} seed ${c.seed} (${c.applied.join(' + ')})`;

/** One worker thread at a time; a case that outlives the bound ends the thread and counts as a hang. */
class ImportRunner {
  private worker: Worker | undefined;
  private next = 0;
  run(bytes: Uint8Array): Promise<FuzzOutcome | 'hang'> {
    this.worker ??= new Worker(new URL('../../../test/support/fuzz/import-worker.ts', import.meta.url));
    const worker = this.worker;
    const id = ++this.next;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        cleanup();
        void worker.terminate();
        this.worker = undefined;
        resolve('hang');
      }, CASE_TIMEOUT_MS);
      const onMessage = (message: { id: number; outcome: FuzzOutcome }) => {
        if (message.id !== id) return;
        cleanup();
        resolve(message.outcome);
      };
      // An exception the job did not catch (an unhandled rejection ends the thread): a crash, not a refusal.
      const onError = (error: Error) => {
        cleanup();
        this.worker = undefined;
        resolve({ kind: 'crash', name: error.name, message: error.message });
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ id, bytes });
    });
  }
  close(): Promise<number> | undefined {
    return this.worker?.terminate();
  }
}

test(
  `${CASES} mutated PDFs through the import job: each a result or a clear refusal, none a crash or a hang`,
  { timeout: CASES * CASE_TIMEOUT_MS },
  async () => {
    const runner = new ImportRunner();
    const bad: string[] = [];
    const tally = { result: 0, refused: 0 };
    try {
      for (let i = 0; i < CASES; i++) {
        const c = fuzzCase(i);
        const outcome = await runner.run(c.bytes);
        if (outcome === 'hang') bad.push(`${describeCase(c)}: no answer within ${CASE_TIMEOUT_MS} ms`);
        else if (outcome.kind === 'crash') bad.push(`${describeCase(c)}: ${outcome.name}: ${outcome.message}`);
        else tally[outcome.kind]++;
      }
    } finally {
      await runner.close();
    }
    assert.deepEqual(bad, [], `${bad.length} of ${CASES} cases crashed or hung (results ${tally.result}, refusals ${tally.refused})`);
    // The mutations must leave some files readable and break others, or the run tests one side only.
    assert.ok(tally.result > 0 && tally.refused > 0, JSON.stringify(tally));
  },
);

/** Cases long runs found, kept as regression tests: [fixture, seed, what was wrong]. */
const FOUND: [string, number, string][] = [
  ['pdflib-with_combed_fields.pdf', 7000306, 'a broken xref entry: pdf.js left a rejected promise unhandled after opening, ending the thread'],
  ['pdfjs-prefilled_f1040.pdf', 7000380, 'the same, on another file'],
  ['pdflib-encrypted_new.pdf', 11000210, 'an xref stream claiming 10^23 entries: pdf-lib read them all, past the end, until the job timeout'],
];

test('the xref-count check refuses impossible counts and passes every fixture', () => {
  for (const f of fixtures) assert.equal(impossibleObjectCount(f.bytes), undefined, f.name);
  const xref = (dict: string) => new Uint8Array(Buffer.from(`%PDF-1.7\n9 0 obj\n<< /Type /XRef ${dict} /W [1 2 1] >>\nstream\n${' '.repeat(4000)}`, 'latin1'));
  assert.equal(impossibleObjectCount(xref('/Size 99999999999999999999999')), 1e23);
  assert.equal(impossibleObjectCount(xref('/Size 9000000')), 9_000_000);
  assert.equal(impossibleObjectCount(xref('/Size 3000000 /Index [0 10 2999990 10]')), undefined, 'sparse subsections are fine');
  assert.equal(impossibleObjectCount(xref('/Size 40 /Index [0 10 5 5000]')), 5000);
});

test('the cases long fuzz runs found end in a result or a refusal', { timeout: FOUND.length * CASE_TIMEOUT_MS }, async () => {
  const runner = new ImportRunner();
  try {
    for (const [name, seed, what] of FOUND) {
      const fixture = fixtures.find((f) => f.name === name)!;
      const outcome = await runner.run(mutatePdf(fixture.bytes, seed).bytes);
      assert.ok(outcome !== 'hang' && outcome.kind !== 'crash', `${name} seed ${seed} (${what}): ${JSON.stringify(outcome)}`);
    }
  } finally {
    await runner.close();
  }
});

let t: TestApp;
let baseUrl: string;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
after(() => t?.close());

test(
  `${HTTP_CASES} mutated PDFs through the HTTP upload route: 201 or a 4xx with an error code, never a 5xx`,
  { timeout: HTTP_CASES * CASE_TIMEOUT_MS },
  async () => {
    const bad: string[] = [];
    for (let i = 0; i < HTTP_CASES; i++) {
      // Other cases than the bulk run's, from the same generator.
      const c = fuzzCase(CASES + i);
      const res = await fetch(`${baseUrl}/api/v1/templatepdf/?returnAsJson=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          group: `/api/v1/group/${t.groupId}/`,
          title: `fuzz ${i}`,
          pdf_file: Buffer.from(c.bytes).toString('base64'),
          process_tags: true,
          import_form_fields: true,
        }),
        signal: AbortSignal.timeout(CASE_TIMEOUT_MS),
      }).catch((error: Error) => error);
      if (res instanceof Error) {
        bad.push(`${describeCase(c)}: ${res.name} ${res.message}`);
        continue;
      }
      const body = await res.text();
      if (res.status === 201) continue;
      const code = res.status >= 400 && res.status < 500 ? (JSON.parse(body) as { error?: { code?: string } }).error?.code : undefined;
      if (!code) bad.push(`${describeCase(c)}: ${res.status} ${body.slice(0, 300)}`);
    }
    assert.deepEqual(bad, []);
  },
);

test('a resource reference with a malformed percent escape is a 422, not a 500', async () => {
  const res = await fetch(`${baseUrl}/api/v1/uploads/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ group: '/api/v1/group/%E0%A4%A/', title: 'x' }),
  });
  assert.equal(res.status, 422);
  assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'unknown_group');
});
