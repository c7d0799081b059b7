/**
 * A REST send on PostgreSQL is 10 round trips (pg_send_rps_ratio, docs/decisions/postgres-sends.md):
 * the caller, the rate window, the group and the template before the transaction; in it one
 * statement for the document, its recipients and fields, one for the audit event, one for
 * the webhook event with its feed row and the group's registrations, one for the source PDF's blob
 * reference; BEGIN and COMMIT. Fastify's inject carries no async context into the route, so the send's
 * statements cannot be told apart by context: the app's background pollers are switched off instead, and
 * the feed tailer's poll is left out by its text. Every row the combined statements stand for is checked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { postgresForTests } from '../../../../test/support/postgres.ts';
import { call, createTestApp } from '../../../../test/support/server/app.ts';
import { addTemplate, field, person, sendBody } from '../../../../test/support/server/documents.ts';
import { PgSqlDb } from '../pg-db.ts';
import { documentSourceFileName } from '../../services/documents/repositories.ts';
import { templateFileName } from '../../services/template-deletion.ts';

const postgres = postgresForTests();

const HOUR = 3_600_000;
/** The feed tailer's poll (it cannot be switched off), and claims of the pollers switched off above, in case one ran. */
const BACKGROUND =
  /^\s*(SELECT MAX\(seq\) AS seq FROM feed_events|UPDATE (background_jobs|webhook_deliveries|email_outbox) SET lease_owner = \?|UPDATE tasks SET status = 'INPROGRESS')/;

test('a REST send on PostgreSQL makes 10 round trips and writes every row', async () => {
  // Background work that could run during the send is switched off (a poll counted with the send made this flaky);
  // what cannot be (the feed tailer's poll) is left out by its text below.
  const t = await createTestApp({
    databaseUrl: await postgres.database('send_round_trips'),
    jobs: { pollIntervalMs: HOUR },
    batches: { pollIntervalMs: HOUR },
    webhooks: { workerEnabled: false, reminderCheckIntervalMs: HOUR },
  });
  try {
    const sql = t.app.store.sql;
    assert.ok(sql instanceof PgSqlDb);
    const fields = [field({ signer: 1 }), field({ signer: 1, page: 2 }), field({ signer: 2 })];
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields });
    const body = sendBody(t.groupId, template.id, { signers: [person('Ann'), person('Bob')] });
    assert.equal((await call(t.app, t.key, 'POST', '/api/v1/document/', body)).statusCode, 201); // statements get prepared

    const seen: string[] = [];
    const counted = sql as unknown as {
      query: (text: string, params: unknown[]) => Promise<unknown>;
      runTransaction: (...args: unknown[]) => Promise<unknown>;
    };
    const query = counted.query.bind(sql);
    const runTransaction = counted.runTransaction.bind(sql);
    counted.query = (text, params) => {
      if (!BACKGROUND.test(text)) seen.push(text.replace(/\s+/g, ' ').slice(0, 70));
      return query(text, params);
    };
    counted.runTransaction = (...args) => {
      seen.push('BEGIN', 'COMMIT');
      return runTransaction(...args);
    };
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', body);
    counted.query = query;
    counted.runTransaction = runTransaction;
    assert.equal(sent.statusCode, 201, sent.body);
    assert.equal(seen.length, 10, `round trips of the send:\n${seen.join('\n')}`);

    const documentId = /([0-9a-f-]{36})\/$/.exec(String(sent.headers.location))![1]!;
    const count = async (text: string, ...params: string[]) => Number((await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${text}`, params))!.n);
    assert.equal(await count('documents WHERE id = ?', documentId), 1);
    assert.equal(await count('document_recipients WHERE document_id = ?', documentId), 2);
    assert.equal(await count('document_fields WHERE document_id = ?', documentId), 3);
    assert.equal(await count("webhook_events WHERE document_id = ? AND event = 'created'", documentId), 1);
    assert.equal(await count('feed_events WHERE body LIKE ?', `%doc${documentId}%`), 1);
    const blob = await sql.get<{ hash: string; refs: number }>('SELECT b.hash, b.refs FROM blob_names n JOIN blobs b ON b.hash = n.hash WHERE n.name = ?', [
      documentSourceFileName(documentId),
    ]);
    const templateBlob = await sql.get<{ hash: string }>('SELECT hash FROM blob_names WHERE name = ?', [templateFileName(template.id)]);
    assert.equal(blob?.hash, templateBlob?.hash, "the document's source PDF is the template's blob");
    assert.equal(blob?.refs, 3, 'the template and both documents reference it');
  } finally {
    await t.close();
  }
});
