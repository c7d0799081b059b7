/**
 * Faults (issue 28), measured against the real parts: real server processes, a throwaway PostgreSQL
 * restarted with `pg_ctl restart -m immediate`, s3rver stopped and started, a tmpfs filled to the
 * last byte. Prints:
 * - pg_restart_lost_acknowledged: sends answered 201 across an immediate restart, missing afterwards (target 0);
 * - pg_restart_recovery_ms: from PostgreSQL accepting connections again to the first send answered 201;
 * - blob_outage_orphans: what `storage check` finds after uploads and sends while S3 was away
 *   (orphan bytes + missing bytes + wrong counts; target 0);
 * - disk_full_lost_acknowledged: acknowledged sends missing or unreadable after the disk filled and the
 *   server restarted (target 0).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePdf } from '../test/support/generate-pdf.ts';
import { commitDurably, startCluster } from '../test/support/server/cluster.ts';
import { createProductionKey, startServer, uploadTemplate, type ServerProcess } from '../test/support/server/server-process.ts';
import { timedCall, trySend, type Answer, type SentDocument } from '../test/support/server/fault-load.ts';
import { startS3Server } from '../test/support/server/s3.ts';
import { mountSmallFilesystem } from '../test/support/small-filesystem.ts';
import { openStore } from '../demo/server/store/index.ts';
import { S3BlobBackend, s3SettingsFromEnv } from '../demo/server/store/s3-blobs.ts';

async function pgRestart(): Promise<{ lost: number; recoveryMs: number; acknowledged: number; refused: number }> {
  const cluster = await startCluster(1, { ESIGN_PG_CONNECT_TIMEOUT_MS: '2000' });
  try {
    const [p0] = cluster.processes as [ServerProcess];
    const { key, groupId } = cluster;
    const templateId = await uploadTemplate(p0.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    // Durable commits, as a deployment runs (the harness's cluster turns them off for speed).
    await commitDurably(cluster);
    await cluster.postgres.stopServer('fast');
    await cluster.postgres.start();

    const acknowledged: SentDocument[] = [];
    const answers: Answer[] = [];
    let stop = false;
    let sendsAfterStart = -1;
    let firstSuccessAt = 0;
    const load = (async () => {
      for (let i = 0; !stop; i++) {
        const doc = await trySend(p0.baseUrl, key, groupId, templateId, `bench ${i}`, answers);
        if (doc) {
          acknowledged.push(doc);
          if (sendsAfterStart >= 0 && firstSuccessAt === 0) firstSuccessAt = performance.now();
        }
      }
    })();
    while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20));
    await cluster.postgres.stopServer('immediate');
    await new Promise((r) => setTimeout(r, 500));
    await cluster.postgres.start(); // resolves once the server accepts connections
    const acceptingAt = performance.now();
    sendsAfterStart = answers.length;
    const deadline = Date.now() + 60_000;
    while (firstSuccessAt === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    while (acknowledged.length < 5 + 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await load;

    const store = await openStore(cluster.dataDir, { databaseUrl: cluster.databaseUrl });
    try {
      let lost = 0;
      for (const { documentId } of acknowledged) if (!(await store.documents.get(documentId))) lost++;
      const refused = answers.filter((a) => a.status === 503).length;
      return { lost, recoveryMs: firstSuccessAt === 0 ? -1 : Math.round(firstSuccessAt - acceptingAt), acknowledged: acknowledged.length, refused };
    } finally {
      await store.close();
    }
  } finally {
    await cluster.stop();
  }
}

async function uploadSome(server: ServerProcess, key: string, groupId: string, templateId: string, label: string, count: number): Promise<number> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) {
    const pdf = Buffer.from(await generatePdf({ pages: 1, text: () => `${label} ${i} ${Math.random()}` })).toString('base64');
    answers.push(
      await timedCall(server.baseUrl, key, 'upload', 'POST', '/api/v1/templatepdf/?returnAsJson=1', {
        group: `/api/v1/group/${groupId}/`,
        title: label,
        pdf_file: pdf,
      }),
    );
    await trySend(server.baseUrl, key, groupId, templateId, `${label} ${i}`, answers);
  }
  return answers.filter((a) => a.status === 503).length;
}

async function blobOutage(): Promise<{ orphans: number; refused: number }> {
  const s3 = await startS3Server();
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-bench-blobs-'));
  const env = {
    ESIGN_S3_BUCKET: s3.bucket,
    ESIGN_S3_ENDPOINT: s3.endpoint,
    ESIGN_S3_ACCESS_KEY_ID: s3.accessKeyId,
    ESIGN_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  let server: ServerProcess | undefined;
  try {
    server = await startServer(dataDir, { ...env, ESIGN_PDF_WORKERS: '1' });
    const key = createProductionKey(dataDir);
    const groupId = server.groupId!;
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    await uploadSome(server, key, groupId, templateId, 'before', 3);
    await s3.stop();
    const refused = await uploadSome(server, key, groupId, templateId, 'during', 3);
    await s3.start();
    await uploadSome(server, key, groupId, templateId, 'after', 3);
    await server.kill('SIGTERM');
    server = undefined;
    const store = await openStore(dataDir, { blobs: new S3BlobBackend(s3SettingsFromEnv(env)!) });
    try {
      const report = await store.files.check({ graceMs: 0 });
      return { orphans: report.orphans.length + report.missing.length + report.miscounted.length, refused };
    } finally {
      await store.close();
    }
  } finally {
    await server?.kill('SIGKILL');
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function diskFull(): Promise<{ lost: number; acknowledged: number; refused: number }> {
  const fsys = mountSmallFilesystem(24);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(fsys.dir, { ESIGN_PDF_WORKERS: '1' });
    const key = createProductionKey(fsys.dir);
    const groupId = server.groupId!;
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const acknowledged: SentDocument[] = [];
    const answers: Answer[] = [];
    const sendSome = async (label: string, count: number) => {
      for (let i = 0; i < count; i++) {
        const doc = await trySend(server!.baseUrl, key, groupId, templateId, `${label} ${i}`, answers);
        if (doc) acknowledged.push(doc);
      }
    };
    await sendSome('before', 5);
    fsys.fill();
    await sendSome('full', 5);
    fsys.free();
    await sendSome('after', 3);
    await server.kill('SIGKILL');
    server = await startServer(fsys.dir, { ESIGN_PDF_WORKERS: '1' });
    let lost = 0;
    for (const { documentId } of acknowledged) {
      const pdf = await fetch(`${server.baseUrl}/api/v1/pdf/${documentId}/`, { headers: { authorization: `Bearer ${key}` } });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      if (pdf.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-') lost++;
    }
    return { lost, acknowledged: acknowledged.length, refused: answers.filter((a) => a.status === 507 || a.status === 503).length };
  } finally {
    await server?.kill('SIGKILL');
    fsys.unmount();
  }
}

// The counts beside each figure show the fault was really met (requests refused while it lasted).
const restart = await pgRestart();
console.log(`pg_restart_lost_acknowledged: ${restart.lost} (of ${restart.acknowledged} sends answered 201; ${restart.refused} answered 503)`);
console.log(`pg_restart_recovery_ms: ${restart.recoveryMs}`);
const blobs = await blobOutage();
console.log(`blob_outage_orphans: ${blobs.orphans} (${blobs.refused} uploads and sends answered 503 while S3 was stopped)`);
const disk = await diskFull();
console.log(`disk_full_lost_acknowledged: ${disk.lost} (of ${disk.acknowledged} sends answered 201; ${disk.refused} refused while full)`);
