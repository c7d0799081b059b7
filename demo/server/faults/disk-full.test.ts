/**
 * The disk fills under the SQLite default (issue 28): a real server process whose data directory is
 * a small tmpfs the test mounts. Filled to the last byte, uploads and sends answer 507 (or 503) with a
 * clear code, never 500 or a hang; /readyz says so; nothing acknowledged before or during is lost or
 * corrupted (read back, also after a restart on the same directory); with space back, it works again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { createProductionKey, startServer, uploadTemplate } from '../../../test/support/server/server-process.ts';
import { isCleanAnswer, timedCall, trySend, type Answer, type SentDocument } from '../../../test/support/server/fault-load.ts';
import { mountSmallFilesystem } from '../../../test/support/small-filesystem.ts';

test('a full disk under SQLite: 507 with a clear message, nothing acknowledged lost, back to work when space returns', { timeout: 120_000 }, async () => {
  const fsys = mountSmallFilesystem(24);
  let server = await startServer(fsys.dir, { ESIGN_PDF_WORKERS: '1' });
  try {
    const key = createProductionKey(fsys.dir);
    const groupId = server.groupId!;
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const acknowledged: SentDocument[] = [];
    const answers: Answer[] = [];
    for (let i = 0; i < 3; i++) acknowledged.push((await trySend(server.baseUrl, key, groupId, templateId, `before ${i}`, answers))!);

    fsys.fill();
    const full: Answer[] = [];
    for (let i = 0; i < 4; i++) {
      const doc = await trySend(server.baseUrl, key, groupId, templateId, `while full ${i}`, full);
      if (doc) acknowledged.push(doc);
    }
    const pdf = Buffer.from(await generatePdf({ pages: 2, text: (i) => `full disk page ${i}` })).toString('base64');
    full.push(
      await timedCall(server.baseUrl, key, 'upload', 'POST', '/api/v1/templatepdf/?returnAsJson=1', {
        group: `/api/v1/group/${groupId}/`,
        title: 'while full',
        pdf_file: pdf,
      }),
    );
    const ready = await timedCall(server.baseUrl, '', 'readyz', 'GET', '/readyz');
    assert.deepEqual(
      full.filter((a) => !isCleanAnswer(a)).map((a) => `${a.op} ${a.status} ${JSON.stringify(a.json)}`),
      [],
      'every write on a full disk answers 2xx, 507 or 503',
    );
    const refused = full.filter((a) => a.status === 507);
    assert.ok(refused.length > 0, `the full disk was noticed: ${full.map((a) => a.status).join(',')}`);
    assert.equal(refused[0]!.code, 'storage_full');
    assert.match(refused[0]!.json.error.message, /disk is full/);
    assert.equal(ready.status, 503);
    assert.equal(ready.json.blobs, 'full');
    // Reads still work on a full disk.
    assert.equal((await timedCall(server.baseUrl, key, 'read', 'GET', `/api/v1/document/${acknowledged[0]!.documentId}/`)).status, 200);

    fsys.free();
    const after = await trySend(server.baseUrl, key, groupId, templateId, 'after', answers);
    assert.ok(after, `a send works again once space is back: ${JSON.stringify(answers.at(-1)?.json)}`);
    acknowledged.push(after);
    assert.equal((await timedCall(server.baseUrl, '', 'readyz', 'GET', '/readyz')).status, 200);

    // Restarted on the same directory: every acknowledged document is there, its PDF intact.
    await server.kill('SIGTERM');
    server = await startServer(fsys.dir, { ESIGN_PDF_WORKERS: '1' });
    for (const { documentId } of acknowledged) {
      const doc = await timedCall(server.baseUrl, key, 'read', 'GET', `/api/v1/document/${documentId}/`);
      assert.equal(doc.status, 200, `acknowledged document ${documentId} survived`);
      const pdfAnswer = await fetch(`${server.baseUrl}/api/v1/pdf/${documentId}/`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(pdfAnswer.status, 200, `the PDF of ${documentId} is readable`);
      assert.equal(
        Buffer.from(await pdfAnswer.arrayBuffer())
          .subarray(0, 5)
          .toString(),
        '%PDF-',
      );
    }
  } finally {
    await server.kill('SIGKILL');
    fsys.unmount();
  }
});
