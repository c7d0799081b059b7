/**
 * The final-PDF job is created in the transaction that completes the document: a process that dies
 * right after that commit, before it starts the PDF, leaves a claimed job whose lease lapses, and
 * another process of the same service builds the PDF. (It used to be created after the commit: such a
 * document stayed at "fields complete" until some process restarted.) On both stores: two apps on
 * one data directory and one database stand for two server processes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { signingServiceOf } from '../services/signing/service.ts';
import { postgresForTests } from '../../../test/support/postgres.ts';
import { createTestApp } from '../../../test/support/server/app.ts';
import { field, person } from '../../../test/support/server/documents.ts';
import { documentStatus, sendDocument, signerCall, signerToken, valuesFor, webhookEvents } from '../../../test/support/server/signing.ts';

const postgres = postgresForTests();
const jobs = { leaseMs: 500, pollIntervalMs: 20 };

for (const dialect of ['sqlite', 'postgres'] as const) {
  test(`${dialect}: a completion whose process dies right after its commit gets its final PDF from another process`, { timeout: 60_000 }, async () => {
    const databaseUrl = dialect === 'postgres' ? await postgres.database('final_pdf_takeover') : undefined;
    const dying = await createTestApp({ databaseUrl, jobs });
    let other: FastifyInstance | undefined;
    try {
      const sent = await sendDocument(dying, [field({ signer: 1 })], { signers: [person('Ann')] });
      other = await buildApp({ dataDir: dying.dataDir, databaseUrl, sweepIntervalMs: 0, jobs });
      await other.ready();

      // The dying process commits the completion, then stops before building the PDF, and never polls again.
      const service = signingServiceOf(dying.app.store)!;
      await service.jobs.stop();
      service.finalPdf = () => Promise.reject(new Error('the process died here'));
      const recipientId = sent.recipients[0]!.id;
      const token = await signerToken(dying, recipientId);
      await signerCall(dying.app, token, recipientId, 'complete', { values: valuesFor(sent, 1) });
      assert.equal(await documentStatus(dying.app, sent.documentId), 20, 'the completion committed');

      const deadline = Date.now() + 30_000;
      while ((await documentStatus(other, sent.documentId)) !== 30) {
        assert.ok(Date.now() < deadline, 'the other process built the final PDF once the lease lapsed');
        await sleep(50);
      }
      assert.equal((await webhookEvents(other, sent.documentId)).filter((e) => e === 'document.finalPdfCreated').length, 1);
    } finally {
      await other?.close();
      await dying.close();
    }
  });
}
