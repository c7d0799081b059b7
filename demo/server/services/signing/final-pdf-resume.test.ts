import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app.ts';
import { ensureInitialSetup } from '../bootstrap.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { documentStatus, historyEvents, sendDocument } from '../../../../test/support/server/signing.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';

test('a document left at "fields complete" by a crash gets its final PDF when the server starts again, once', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-resume-'));
  try {
    const first = await buildApp({ dataDir, sweepIntervalMs: 0 });
    const setup = ensureInitialSetup(first.store)!;
    const t = { app: first, dataDir, key: setup.apiKey, groupId: setup.groupId, adminId: first.store.users.firstAdmin()!.id } as TestApp;
    const sent = await sendDocument(t, [field({ signer: 1 })]);
    // What a crash between the completing transaction and the job leaves behind.
    first.store.db.prepare('UPDATE document_recipients SET status = 40 WHERE document_id = ?').run(sent.documentId);
    first.store.db.prepare('UPDATE documents SET status = 20 WHERE id = ?').run(sent.documentId);
    await first.close();

    const again = await buildApp({ dataDir, sweepIntervalMs: 0 });
    try {
      await again.ready();
      const deadline = Date.now() + 20_000;
      while (documentStatus(again, sent.documentId) !== 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(documentStatus(again, sent.documentId), 30);
      assert.equal(historyEvents(again, sent.documentId).filter((e) => e.event === 'final_pdf_created').length, 1);
      const row = again.store.db.prepare('SELECT final_file FROM documents WHERE id = ?').get(sent.documentId) as { final_file: string };
      assert.ok(again.store.files.exists(row.final_file));
    } finally {
      await again.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
