/**
 * A server whose environment names an S3 bucket keeps every file there: the template upload, the
 * document's source (one object shared with its template), the final PDF; nothing lands in
 * <data>/blobs, and the last reference going deletes the object. Against a real S3-compatible
 * server (s3rver on 127.0.0.1), as blob-backends.test.ts tests the backend alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startS3Server } from '../../../test/support/server/s3.ts';
import { call, createTestApp } from '../../../test/support/server/app.ts';
import { field, person } from '../../../test/support/server/documents.ts';
import { documentStatus, sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';
import { S3BlobBackend } from './s3-blobs.ts';

test('with ESIGN_S3_BUCKET every file of a send lives in the bucket, shared by content, and goes with its last name', async () => {
  const s3 = await startS3Server();
  Object.assign(process.env, {
    ESIGN_S3_BUCKET: s3.bucket,
    ESIGN_S3_ENDPOINT: s3.endpoint,
    ESIGN_S3_ACCESS_KEY_ID: s3.accessKeyId,
    ESIGN_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ESIGN_S3_PREFIX: 'esign/',
  });
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const objects = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'esign/' }))).Contents ?? []).map((o) => o.Key!).sort();
  const t = await createTestApp();
  try {
    assert.ok(t.app.store.files.blobs instanceof S3BlobBackend, 'the store took its backend from the environment');
    const sent = await sendDocument(t, [field({ element_type: 'signature', signer: 1 })], { signers: [person('Ann')] });
    // The template and the document's source are one object (the send names the template's bytes).
    const afterSend = await objects();
    assert.equal(afterSend.length, 1, afterSend.join(', '));
    assert.match(afterSend[0], /^esign\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);

    const [recipient] = sent.recipients;
    const token = await signerToken(t, recipient.id);
    const done = await signerCall(t.app, token, recipient.id, 'complete', { values: valuesFor(sent, 1) });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(await documentStatus(t.app, sent.documentId), 30);
    const final = await call(t.app, t.key, 'GET', `/api/v1/pdf/${sent.documentId}/`);
    assert.equal(final.statusCode, 200, final.body);
    assert.equal(final.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const afterFinal = await objects();
    assert.ok(afterFinal.length >= 2, `the final PDF is an object of its own: ${afterFinal.join(', ')}`);

    const local = path.join(t.dataDir, 'blobs');
    const localBlobs = fs.existsSync(local) ? fs.readdirSync(local, { recursive: true, encoding: 'utf8' }).filter((p) => /[0-9a-f]{64}$/.test(p)) : [];
    assert.deepEqual(localBlobs, [], 'nothing is kept on local disk');

    // Purging the document drops its names; the template still names the shared source object.
    const purged = await call(t.app, t.key, 'DELETE', `/api/v1/document/${sent.documentId}/delete/`);
    assert.ok([200, 204].includes(purged.statusCode), purged.body);
    const afterPurge = await objects();
    assert.ok(afterPurge.includes(afterSend[0]), 'the template still needs the source bytes');
    assert.ok(afterPurge.length < afterFinal.length, `the final PDF's object went with its last name: ${afterPurge.join(', ')}`);
  } finally {
    await t.close();
    client.destroy();
    await s3.close();
  }
});
