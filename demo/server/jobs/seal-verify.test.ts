/**
 * Sealing through the real server: a completed document's final PDF is sealed (pdfsig: valid, whole
 * document signed; also with pdf_password), its history page carries the audit chain's head,
 * `GET /api/v1/pdf/{id}/verify/` and the public `POST /api/v1/verify/` give verdicts with our record
 * of the document, and `esign-server audit verify` reports a tampered audit row.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PDFDocument as CantooDocument } from '@cantoo/pdf-lib';
import { call, createTestApp } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';
import { pdfsig, pdfText, textPdf } from '../../../test/support/server/seal.ts';
import { PUBLIC_VERIFY_PER_MINUTE } from '../routes/verify.ts';
import { deleteAuditEvent, tamperAuditEvent, unchainAuditTrail } from '../store/fault-injection.ts';

const CLI = path.join(import.meta.dirname, '..', 'cli.ts');

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3600_000 } });
});
after(() => t.close());

async function complete(extra: Record<string, unknown>): Promise<string> {
  const sent = await sendDocument(t, [field({ signer: 1, element_type: 'text', label: 'Name', ax: 0.1, ay: 0.1, bx: 0.5, by: 0.15 })], {
    name: 'Lease 12 Elm Street',
    signers: [{ firstname: 'Ann', lastname: 'Tester', email: 'ann@example.com' }],
    ...extra,
  });
  const token = await signerToken(t, sent.recipients[0].id);
  const done = await signerCall(t.app, token, sent.recipients[0].id, 'complete', { values: valuesFor(sent, 1, { Name: 'Ann Tester' }) });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal(done.json().document_status, 30);
  return sent.documentId;
}

function postPdf(bytes: Uint8Array, contentType = 'application/pdf') {
  return t.app.inject({ method: 'POST', url: '/api/v1/verify/', headers: { 'content-type': contentType }, payload: Buffer.from(bytes) });
}

async function appendRevision(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await CantooDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  const snapshot = doc.takeSnapshot();
  doc.setTitle('edited');
  snapshot.markRefForSave(doc.context.trailerInfo.Info as never);
  return new Uint8Array(Buffer.concat([pdf, await doc.saveIncremental(snapshot, { useObjectStreams: false })]));
}

function auditVerify(): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [CLI, 'audit', 'verify', '--data', t.dataDir], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

test("a completed document's final PDF is sealed, carries the chain head, and verifies through both endpoints", async () => {
  const id = await complete({ append_history: true });
  const pdf = new Uint8Array((await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/`)).rawPayload);
  const report = pdfsig(pdf);
  assert.match(report, /Signature is Valid/, report);
  assert.match(report, /Total document signed/, report);
  const created = (await call(t.app, t.key, 'GET', `/api/v1/document/${id}/auditlog/`, undefined, { accept: 'application/json' }))
    .json()
    .objects.find((e: { event: string }) => e.event === 'final_pdf_created');
  assert.match(created.details.audit_chain_head, /^[0-9a-f]{64}$/);
  assert.ok(pdfText(pdf).includes(created.details.audit_chain_head), 'the history page prints the chain head at completion');

  const checked = await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/verify/`);
  assert.equal(checked.statusCode, 200, checked.body);
  const answer = checked.json();
  assert.equal(answer.verdict, 'sealed');
  assert.equal(answer.sealed_by_this_server, true);
  assert.equal(answer.document.name, 'Lease 12 Elm Street');
  assert.deepEqual(
    answer.document.parties.map((p: { name: string }) => p.name),
    ['Ann Tester'],
  );
  assert.ok(answer.document.completed);

  const dropped = await postPdf(pdf);
  assert.equal(dropped.statusCode, 200, dropped.body);
  assert.equal(dropped.json().verdict, 'sealed');
  assert.equal(dropped.json().document.id, id);

  const edited = (await postPdf(await appendRevision(pdf))).json();
  assert.equal(edited.verdict, 'modified');
  assert.equal(edited.changed_revision, edited.sealed_revision + 1);
  assert.equal(edited.document.id, id, 'the sealed revision is still recognised as ours');

  const cert = (await t.app.inject({ method: 'GET', url: '/api/v1/verify/certificate/' })).json();
  assert.equal(cert.fingerprint_sha256, answer.signatures[0].signer.fingerprint);
  assert.match(cert.pem, /BEGIN CERTIFICATE/);
});

test('a password-protected final PDF is sealed and verifies with the password', async () => {
  const id = await complete({ pdf_password: 'Tr0ub4dor-3', pdf_password_type: 1 });
  const pdf = new Uint8Array((await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/`)).rawPayload);
  assert.match(pdfsig(pdf, 'Tr0ub4dor-3'), /Total document signed[\s\S]*Signature is Valid/);
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/verify/`)).json().verdict, 'sealed');
});

test('bad input to the verify endpoints is a verdict or a clear 4xx, never a 5xx', async () => {
  const sent = await sendDocument(t, [field({ signer: 1, element_type: 'text', label: 'Name', ax: 0.1, ay: 0.1, bx: 0.5, by: 0.15 })]);
  const early = await call(t.app, t.key, 'GET', `/api/v1/pdf/${sent.documentId}/verify/`);
  assert.equal(early.statusCode, 409);
  assert.equal(early.json().error.code, 'no_final_pdf');

  const plain = await textPdf(1);
  assert.equal((await postPdf(plain)).json().verdict, 'not_sealed');
  assert.equal((await postPdf(new TextEncoder().encode('not a pdf at all'), 'application/octet-stream')).json().verdict, 'not_pdf');
  assert.equal((await postPdf(plain.subarray(0, 300))).json().verdict, 'truncated');
  const json = await t.app.inject({ method: 'POST', url: '/api/v1/verify/', payload: { pdf: 'x' } });
  assert.equal(json.statusCode, 415);
  const empty = await t.app.inject({ method: 'POST', url: '/api/v1/verify/', headers: { 'content-type': 'application/pdf' } });
  assert.ok(empty.statusCode < 500, empty.body);
  const page = await t.app.inject({ method: 'GET', url: '/verify/' });
  assert.equal(page.statusCode, 200);
  assert.doesNotMatch(page.body, /<script>|<script type="module">\s*\S/, 'no inline script');
  assert.match(page.body, /src="\/demo\/verify\.js"/);
});

test('esign-server audit verify: every chain ok, then a tampered row is reported as the first broken link', async () => {
  const clean = auditVerify();
  assert.equal(clean.status, 0, clean.out);
  assert.match(clean.out, /^ok {5}\S+: \d+ events, head [0-9a-f]{64}$/m);
  assert.doesNotMatch(clean.out, /BROKEN/);

  const id = await complete({});
  {
    const rows = await t.app.store.history.events(id);
    const victim = rows[Math.floor(rows.length / 2)];
    await tamperAuditEvent(t.app.store, victim.id, '203.0.113.66');
    const tampered = auditVerify();
    assert.equal(tampered.status, 1, tampered.out);
    assert.match(tampered.out, new RegExp(`BROKEN ${id}: first broken link at event ${victim.id} \\(${victim.event}, [^)]+\\): its content was changed`));

    // A removed row breaks the link at the next one.
    const other = await complete({});
    const others = await t.app.store.history.events(other);
    await deleteAuditEvent(t.app.store, others[1].id);
    assert.match(auditVerify().out, new RegExp(`BROKEN ${other}: first broken link at event ${others[2].id} .*does not follow`));
  }
});

test('rows written before the chain existed are chained on first verify; later rows follow them', async () => {
  const id = await complete({});
  await unchainAuditTrail(t.app.store, id);
  const check = await t.app.store.history.verifyChain(id);
  assert.equal(check.firstBreak, null);
  assert.match(check.head, /^[0-9a-f]{64}$/);
  await call(t.app, t.key, 'GET', `/api/v1/pdf/${id}/verify/`);
  assert.equal((await t.app.store.history.verifyChain(id)).firstBreak, null);
});

test('the public check is counted per address', async () => {
  const plain = await textPdf(1);
  let last = 0;
  for (let i = 0; i <= PUBLIC_VERIFY_PER_MINUTE; i++) last = (await postPdf(plain)).statusCode;
  assert.equal(last, 429);
});
