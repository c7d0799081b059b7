/**
 * The blob store goes away (issue 28). A real server process on (1) a real S3-compatible server
 * (s3rver) stopped under uploads and sends and started again, and (2) the local store whose data
 * directory (a tmpfs the test mounts) is remounted read-only. Meanwhile every answer is 2xx or 503
 * with Retry-After, never 500 or a hang; afterwards every acknowledged template and document reads
 * its PDF, and `esign-server storage check` finds nothing half-done: no row without its bytes, no
 * bytes without their row, every count right. The check's --repair is proved on an orphan and a
 * wrong count made on purpose.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { createProductionKey, startServer, uploadTemplate, type ServerProcess } from '../../../test/support/server/server-process.ts';
import { isCleanAnswer, timedCall, trySend, type Answer } from '../../../test/support/server/fault-load.ts';
import { startS3Server, type RunningS3 } from '../../../test/support/server/s3.ts';
import { mountSmallFilesystem } from '../../../test/support/small-filesystem.ts';
import { openStore } from '../store/index.ts';
import { sha256Hex } from '../store/blob-backend.ts';
import { S3BlobBackend, s3SettingsFromEnv } from '../store/s3-blobs.ts';
import { miscountBlob } from '../store/fault-injection.ts';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

/**
 * `esign-server storage check` in a child process. Asynchronously: s3rver runs in this process, and a
 * synchronous exec would block the very server the check talks to (the hang the first draft had).
 */
function storageCheck(dataDir: string, env: NodeJS.ProcessEnv, ...flags: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'storage', 'check', '--data', dataDir, '--grace-minutes', '0', ...flags],
      { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const failed = error as (Error & { code?: number | string; killed?: boolean }) | null;
        if (failed?.killed) resolve({ status: -1, output: `storage check did not finish within 60 s:\n${stdout}${stderr}` });
        else resolve({ status: failed ? Number(failed.code) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

function s3Env(s3: RunningS3): NodeJS.ProcessEnv {
  return {
    ESIGN_S3_BUCKET: s3.bucket,
    ESIGN_S3_ENDPOINT: s3.endpoint,
    ESIGN_S3_ACCESS_KEY_ID: s3.accessKeyId,
    ESIGN_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
}

interface Acknowledged {
  templates: string[];
  documents: string[];
}

/** Uploads (each a new PDF, so a new blob) and sends, alternating, recording every answer. */
async function writeSome(
  server: ServerProcess,
  key: string,
  groupId: string,
  templateId: string,
  count: number,
  answers: Answer[],
  acked: Acknowledged,
  label: string,
) {
  for (let i = 0; i < count; i++) {
    const pdf = Buffer.from(await generatePdf({ pages: 1, text: () => `${label} ${i} ${Math.random()}` })).toString('base64');
    const upload = await timedCall(server.baseUrl, key, 'upload', 'POST', '/api/v1/templatepdf/?returnAsJson=1', {
      group: `/api/v1/group/${groupId}/`,
      title: `${label} ${i}`,
      pdf_file: pdf,
    });
    answers.push(upload);
    const uploaded = upload.location?.match(/templatepdf\/([^/]+)\//)?.[1] ?? upload.json?.resource?.uid ?? upload.json?.uuid;
    if (upload.status === 201 && uploaded) acked.templates.push(uploaded);
    const doc = await trySend(server.baseUrl, key, groupId, templateId, `${label} ${i}`, answers);
    if (doc) acked.documents.push(doc.documentId);
  }
}

async function checkReadable(server: ServerProcess, key: string, acked: Acknowledged): Promise<void> {
  for (const id of acked.documents) {
    const res = await fetch(`${server.baseUrl}/api/v1/pdf/${id}/`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200, `acknowledged document ${id} has its PDF`);
    await res.arrayBuffer();
  }
  for (const id of acked.templates) {
    const res = await timedCall(server.baseUrl, key, 'template', 'GET', `/api/v1/templatepdf/${id}/`);
    assert.equal(res.status, 200, `acknowledged template ${id} is stored`);
  }
}

test('S3 stopped under uploads and sends, then started: 503s, nothing half-done, storage check clean and repairing', { timeout: 180_000 }, async () => {
  const s3 = await startS3Server();
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-blob-outage-'));
  const env = s3Env(s3);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(dataDir, { ...env, ESIGN_PDF_WORKERS: '1' });
    const key = createProductionKey(dataDir);
    const groupId = server.groupId!;
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const answers: Answer[] = [];
    const acked: Acknowledged = { templates: [templateId], documents: [] };
    await writeSome(server, key, groupId, templateId, 2, answers, acked, 'before');

    await s3.stop();
    const during: Answer[] = [];
    await writeSome(server, key, groupId, templateId, 2, during, acked, 'during');
    const ready = await timedCall(server.baseUrl, '', 'readyz', 'GET', '/readyz');
    const live = await timedCall(server.baseUrl, '', 'healthz', 'GET', '/healthz');
    const read = await timedCall(server.baseUrl, key, 'pdf', 'GET', `/api/v1/pdf/${acked.documents[0]}/`);
    await s3.start();

    assert.deepEqual(
      during.filter((a) => a.status !== 503 || !isCleanAnswer(a)).map((a) => `${a.op} ${a.status} ${JSON.stringify(a.json)}`),
      [],
      'uploads and sends need the store: each refused with 503 and Retry-After',
    );
    assert.equal(during[0]!.code, 'blob_store_unavailable');
    assert.equal(ready.status, 503);
    assert.equal(ready.json.blobs, 'unavailable');
    assert.equal(ready.json.database, 'ok');
    assert.equal(live.status, 200, '/healthz is liveness only');
    assert.equal(read.status, 503, `a read of a stored PDF fails cleanly: ${JSON.stringify(read.json)}`);
    assert.ok(read.retryAfter);

    await writeSome(server, key, groupId, templateId, 2, answers, acked, 'after');
    assert.deepEqual(
      answers.filter((a) => a.status !== 201 && a.status !== 200).map((a) => `${a.op} ${a.status}`),
      [],
      'back to work once S3 is back',
    );
    await checkReadable(server, key, acked);
    const clean = await storageCheck(dataDir, env);
    assert.equal(clean.status, 0, clean.output);
    assert.match(clean.output, /0 missing, 0 orphans, 0 miscounted, 0 unswept/);

    // An orphan (bytes put, the process gone before its row) and a wrong count: found, then repaired.
    const store = await openStore(dataDir, { blobs: new S3BlobBackend(s3SettingsFromEnv(env)!) });
    try {
      const orphan = new TextEncoder().encode(`orphan ${Math.random()}`);
      await store.files.blobs.put(sha256Hex(orphan), orphan);
      await miscountBlob(store, (await store.files.hashOf(`template-${templateId}`))!, 99);
    } finally {
      await store.close();
    }
    const found = await storageCheck(dataDir, env);
    assert.equal(found.status, 1, found.output);
    assert.match(found.output, /1 orphans, 1 miscounted/);
    const repaired = await storageCheck(dataDir, env, '--repair');
    assert.equal(repaired.status, 0, repaired.output);
    const after = await storageCheck(dataDir, env);
    assert.match(after.output, /0 missing, 0 orphans, 0 miscounted, 0 unswept/);
    await checkReadable(server, key, acked);
  } finally {
    await server?.kill('SIGKILL');
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the local blob directory turned read-only: 503s, reads still served, nothing half-done, back when writable', { timeout: 120_000 }, async () => {
  const fsys = mountSmallFilesystem(32);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(fsys.dir, { ESIGN_PDF_WORKERS: '1' });
    const key = createProductionKey(fsys.dir);
    const groupId = server.groupId!;
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const answers: Answer[] = [];
    const acked: Acknowledged = { templates: [templateId], documents: [] };
    await writeSome(server, key, groupId, templateId, 2, answers, acked, 'before');

    fsys.readOnly(join(fsys.dir, 'blobs'), true);
    const during: Answer[] = [];
    try {
      await writeSome(server, key, groupId, templateId, 2, during, acked, 'during');
      const ready = await timedCall(server.baseUrl, '', 'readyz', 'GET', '/readyz');
      assert.equal(ready.status, 503);
      assert.equal(ready.json.blobs, 'unavailable');
      const read = await timedCall(server.baseUrl, key, 'document', 'GET', `/api/v1/document/${acked.documents[0]}/`);
      assert.ok(isCleanAnswer(read), `a read on a read-only disk is served or refused cleanly: ${read.status}`);
    } finally {
      fsys.readOnly(join(fsys.dir, 'blobs'), false);
    }
    assert.deepEqual(
      during.filter((a) => !isCleanAnswer(a)).map((a) => `${a.op} ${a.status} ${JSON.stringify(a.json)}`),
      [],
      'only 2xx or 503 while read-only',
    );
    assert.ok(
      during.some((a) => a.status === 503 && a.retryAfter),
      `the read-only store was noticed: ${during.map((a) => a.status).join(',')}`,
    );

    await writeSome(server, key, groupId, templateId, 1, answers, acked, 'after');
    assert.deepEqual(
      answers.filter((a) => a.status >= 300).map((a) => `${a.op} ${a.status} ${JSON.stringify(a.json)}`),
      [],
      'writable again: back to work',
    );
    await checkReadable(server, key, acked);
    const check = await storageCheck(fsys.dir, {});
    assert.equal(check.status, 0, check.output);
    assert.match(check.output, /0 missing, 0 orphans, 0 miscounted/);
  } finally {
    await server?.kill('SIGKILL');
    fsys.unmount();
  }
});
