import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app.ts';
import { ensureInitialSetup } from '../bootstrap.ts';
import { DOCUMENT_STATUS, RECIPIENT_STATUS } from '../../domain/statuses.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { documentStatus, historyEvents, sendDocument } from '../../../../test/support/server/signing.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';

test('a document left at "fields complete" by a crash gets its final PDF when the server starts again, once', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-resume-'));
  try {
    const first = await buildApp({ dataDir, sweepIntervalMs: 0 });
    const setup = (await ensureInitialSetup(first.store))!;
    const t = { app: first, dataDir, key: setup.apiKey, groupId: setup.groupId, adminId: (await first.store.users.firstAdmin())!.id } as TestApp;
    const sent = await sendDocument(t, [field({ signer: 1 })]);
    // What a crash between the completing transaction and the job leaves behind.
    await first.store.transaction(async () => {
      for (const r of sent.recipients) await first.store.documents.setRecipientStatus(r.id, RECIPIENT_STATUS.completed);
      await first.store.documents.setStatus(sent.documentId, DOCUMENT_STATUS.fieldsComplete);
    });
    await first.close();

    const again = await buildApp({ dataDir, sweepIntervalMs: 0 });
    try {
      await again.ready();
      const deadline = Date.now() + 20_000;
      while ((await documentStatus(again, sent.documentId)) !== 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(await documentStatus(again, sent.documentId), 30);
      assert.equal((await historyEvents(again, sent.documentId)).filter((e) => e.event === 'final_pdf_created').length, 1);
      const { finalFile } = (await again.store.documents.get(sent.documentId))!;
      assert.ok(finalFile !== null && (await again.store.files.exists(finalFile)));
    } finally {
      await again.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
