/**
 * A process dies in each step of a document's life (issue 28). A real server process is started with
 * ESIGN_TEST_CRASH_AT naming one step (domain/crash-points.ts, a test-only hook) and killed by it
 * there with SIGKILL: inside the send's transaction, after a completion committed and before its final
 * PDF, while stamping, while sealing, after the final PDF's bytes were stored but before their row,
 * with a webhook answered but not recorded, and with an invitation email handed to the transport but not
 * marked sent. Each time the server is then restarted on the same
 * data directory, unarmed, and the life goes on. At the end nothing is half-done and nothing is done
 * twice: the crashed send left no document, every signed document has exactly one final PDF (one
 * `final_pdf_created`, one `finalPdfCreated`, its job done), every event reached the receiver,
 * and `esign-server storage check` finds no orphan and no wrong count.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';
import {
  api,
  createProductionKey,
  fastWebhookEnv,
  sendDocument,
  startServer,
  uploadTemplate,
  type ServerProcess,
} from '../../../test/support/server/server-process.ts';
import { signThrough } from '../../../test/support/server/cluster.ts';
import { sendBody, timedCall } from '../../../test/support/server/fault-load.ts';
import { openStore } from '../store/index.ts';
import type { CrashStep } from '../domain/crash-points.ts';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const ENV = { ...fastWebhookEnv(), ESIGN_PDF_WORKERS: '1', ESIGN_JOB_LEASE_MS: '1000', ESIGN_EMAIL_LEASE_MS: '1000' };

/** Resolves when the child has exited; fails the test saying what it waited for after `ms`. */
async function exited(child: ChildProcess, ms: number, what: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await Promise.race([
    once(child, 'exit'),
    sleep(ms, undefined, { ref: false }).then(() => {
      throw new Error(`${what}: the process was still running after ${ms} ms`);
    }),
  ]);
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await exited(server.child, 15_000, 'stopping the server').catch(() => server.kill('SIGKILL'));
}

async function completed(server: ServerProcess, key: string, documentId: string, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const doc = await api(server.baseUrl, key, 'GET', `/api/v1/document/${documentId}/`);
    if (doc.json?.status === 30) return;
    assert.ok(Date.now() < deadline, `${what}: document ${documentId} completed after the restart (status ${doc.json?.status})`);
    await sleep(100);
  }
}

function storageCheck(dataDir: string): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'storage', 'check', '--data', dataDir, '--grace-minutes', '0'],
      { encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ status: error ? Number((error as { code?: unknown }).code ?? -1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

test('a process killed at each step of a document life: after each restart nothing half-done, nothing done twice', { timeout: 300_000 }, async () => {
  const receiver = await startReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-crash-steps-'));
  let server: ServerProcess | undefined;
  try {
    /** Does `trigger` on a server armed at `step` and waits for the crash point to kill it. */
    const crash = async (armed: ServerProcess, step: CrashStep, trigger: (s: ServerProcess) => Promise<unknown>) => {
      await trigger(armed).catch(() => undefined); // the answer is lost with the process
      await exited(armed.child, 30_000, `crash point ${step}`);
      assert.equal(armed.child.signalCode, 'SIGKILL', `${step}: killed by its crash point`);
      // Stamping and sealing run in a work-pool process (its output is not kept); it kills the server, and nothing else sends SIGKILL.
      if (step !== 'final-pdf:stamping' && step !== 'final-pdf:sealing')
        assert.match(armed.output(), new RegExp(`ESIGN_TEST_CRASH_AT=${step}`), `${step}: died at that step`);
    };
    /** Starts the server armed at `step`, crashes it there, and restarts it unarmed on the same data. */
    const crashAt = async (step: CrashStep, trigger: (s: ServerProcess) => Promise<unknown>) => {
      server = await startServer(dataDir, { ...ENV, ESIGN_TEST_CRASH_AT: step });
      await crash(server, step, trigger);
      server = await startServer(dataDir, ENV);
      return server;
    };

    // 1. Inside the send's transaction (the first process, armed from its start): the rows are rolled back.
    server = await startServer(dataDir, { ...ENV, ESIGN_TEST_CRASH_AT: 'send:transaction' });
    const key = createProductionKey(dataDir);
    const groupId = server.groupId!;
    assert.equal((await api(server.baseUrl, key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: '' })).status, 201);
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    await crash(server, 'send:transaction', (s) =>
      timedCall(s.baseUrl, key, 'send', 'POST', '/api/v1/document/', sendBody(groupId, templateId, 'crashed send')),
    );
    // Restarted armed for the next step (nothing of the crashed send is left to resume).
    server = await startServer(dataDir, { ...ENV, ESIGN_TEST_CRASH_AT: 'completion:committed' });
    const listed = await api(server.baseUrl, key, 'GET', '/api/v1/document/?limit=100');
    assert.equal(listed.status, 200);
    assert.deepEqual(
      (listed.json.objects as { name: string }[]).filter((d) => d.name === 'crashed send'),
      [],
      'the send whose transaction died left no document',
    );

    // 2-5. A completion, then each step of its final PDF: the job resumes after the restart and finishes once.
    const signed: string[] = [];
    let up = server;
    for (const step of ['completion:committed', 'final-pdf:stamping', 'final-pdf:sealing', 'final-pdf:stored'] as const) {
      let documentId = '';
      const trigger = async (s: ServerProcess) => {
        const sent = await sendDocument(s.baseUrl, key, groupId, templateId, step);
        documentId = sent.documentId;
        return await signThrough(s.baseUrl, key, sent.recipientId);
      };
      if (step === 'completion:committed') {
        await crash(up, step, trigger);
        up = server = await startServer(dataDir, ENV);
      } else up = await crashAt(step, trigger);
      assert.ok(documentId, `${step}: the document was sent before the crash`);
      signed.push(documentId);
      await completed(up, key, documentId, step);
      await stop(up);
    }

    // 6. A webhook answered by the receiver, the process gone before recording it: delivered again after the restart.
    const before = receiver.received.length;
    up = await crashAt('webhook:in-flight', async (s) =>
      signed.push((await sendDocument(s.baseUrl, key, groupId, templateId, 'webhook in flight')).documentId),
    );
    assert.ok(receiver.received.length > before, 'the delivery reached the receiver before the crash');

    // 7. An invitation handed to the mail transport, the process gone before marking it sent: sent again once
    // its lease lapses (at least once: the local outbox writes it under the same name), marked sent once, and
    // its recipient.emailNotification event emitted once.
    await stop(up);
    up = await crashAt('email:in-flight', (s) =>
      timedCall(s.baseUrl, key, 'send', 'POST', '/api/v1/document/', { ...(sendBody(groupId, templateId, 'email in flight') as object), do_email: true }),
    );
    const all = await api(up.baseUrl, key, 'GET', '/api/v1/document/?limit=100');
    const invited = (all.json.objects as { name: string; uuid: string }[]).find((d) => d.name === 'email in flight')?.uuid;
    assert.ok(invited, 'the send with do_email was committed before its invitation went out');

    const store = await openStore(dataDir);
    try {
      const deadline = Date.now() + 60_000;
      let emails = await store.history.emails({ documentId: invited });
      while (emails.some((e) => e.sentAt === null) && Date.now() < deadline) {
        await sleep(100);
        emails = await store.history.emails({ documentId: invited });
      }
      assert.equal(emails.length, 1, 'one invitation queued');
      assert.ok(emails[0].sentAt, 'the invitation is marked sent after the restart');
      const notified = (await store.webhooks.eventsOf(invited)).filter((e) => e.event === 'emailNotification');
      assert.equal(notified.length, 1, 'one emailNotification event for the invitation');
      const docs = await Promise.all(signed.map(async (id) => ({ id, events: await store.webhooks.eventsOf(id), history: await store.history.events(id) })));
      for (const { id, events, history } of docs.slice(0, 4)) {
        assert.equal(history.filter((e) => e.event === 'final_pdf_created').length, 1, `one final PDF built for ${id}`);
        assert.equal(events.filter((e) => e.event === 'finalPdfCreated').length, 1, `one finalPdfCreated for ${id}`);
        assert.equal((await store.jobs.find(id))?.state, 'done', `the final-PDF job of ${id} is done`);
        const pdf = await fetch(`${up.baseUrl}/api/v1/pdf/${id}/`, { headers: { authorization: `Bearer ${key}` } });
        assert.equal(pdf.status, 200, `the final PDF of ${id} is served`);
        assert.equal(
          Buffer.from(await pdf.arrayBuffer())
            .subarray(0, 5)
            .toString(),
          '%PDF-',
        );
      }
      const ids = docs.flatMap((d) => d.events.map((e) => e.id));
      await receiver.waitFor((received) => {
        const delivered = new Set(received.filter((r) => r.status < 300).map((r) => r.json.id));
        return ids.every((id) => delivered.has(id));
      }, 60_000);
    } finally {
      await store.close();
    }
    await stop(up);
    server = undefined;
    const check = await storageCheck(dataDir);
    assert.equal(check.status, 0, check.output);
    assert.match(check.output, /0 missing, 0 orphans, 0 miscounted, 0 unswept/);
  } finally {
    await server?.kill('SIGKILL');
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
