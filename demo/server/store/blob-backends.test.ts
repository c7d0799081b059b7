import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BlobBackend } from './blob-backend.ts';
import { blobKey, sha256Hex } from './blob-backend.ts';
import { LocalBlobBackend } from './local-blobs.ts';
import { S3BlobBackend, s3SettingsFromEnv } from './s3-blobs.ts';
import { startS3Server } from '../../../test/support/server/s3.ts';

/** The contract every backend keeps: put is idempotent by hash, get/has tell missing apart, delete is final. */
async function checkContract(backend: BlobBackend): Promise<void> {
  const bytes = new TextEncoder().encode('%PDF-1.7 contract ' + Math.random());
  const hash = sha256Hex(bytes);
  assert.equal(await backend.has(hash), false);
  assert.equal(await backend.get(hash), undefined);
  await backend.put(hash, bytes);
  await backend.put(hash, bytes); // same content again: no error, still one blob
  assert.equal(await backend.has(hash), true);
  assert.deepEqual(Buffer.from((await backend.get(hash))!), Buffer.from(bytes));
  const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
  const bigHash = sha256Hex(big);
  await backend.put(bigHash, big);
  assert.equal(sha256Hex((await backend.get(bigHash))!), bigHash, 'a 3 MB blob comes back byte for byte');
  await backend.delete(hash);
  await backend.delete(hash); // missing is fine
  assert.equal(await backend.has(hash), false);
  assert.equal(await backend.get(hash), undefined);
  assert.equal(await backend.has(bigHash), true, 'deleting one blob leaves the others');
}

test('blob keys fan out as ab/cd/<hash> and refuse anything but a SHA-256 hex digest', () => {
  const hash = sha256Hex(new Uint8Array([1, 2, 3]));
  assert.equal(blobKey(hash), `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
  assert.throws(() => blobKey('../../etc/passwd'), /SHA-256/);
  assert.throws(() => blobKey(hash.toUpperCase()), /SHA-256/);
});

test('the local backend keeps the contract, in fan-out folders, and shreds on delete', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-local-blobs-'));
  try {
    const backend = new LocalBlobBackend(dataDir);
    await checkContract(backend);
    const bytes = new TextEncoder().encode('secret contract text');
    const hash = sha256Hex(bytes);
    await backend.put(hash, bytes);
    const file = path.join(dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
    assert.equal(fs.readFileSync(file, 'utf8'), 'secret contract text');
    // A second name for the same inode sees what happened to the bytes before the unlink.
    const witness = path.join(dataDir, 'witness');
    fs.linkSync(file, witness);
    await backend.delete(hash);
    assert.equal(fs.existsSync(file), false);
    const after = fs.readFileSync(witness);
    assert.equal(after.length, bytes.length);
    assert.notDeepEqual(after, Buffer.from(bytes), 'the bytes were overwritten before the unlink');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the S3 backend keeps the contract against a real S3-compatible server (s3rver on 127.0.0.1)', async () => {
  const s3 = await startS3Server();
  const settings = s3SettingsFromEnv({
    ESIGN_S3_BUCKET: s3.bucket,
    ESIGN_S3_ENDPOINT: s3.endpoint,
    ESIGN_S3_ACCESS_KEY_ID: s3.accessKeyId,
    ESIGN_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ESIGN_S3_PREFIX: 'esign/',
  })!;
  const backend = new S3BlobBackend(settings);
  try {
    await checkContract(backend);
  } finally {
    backend.close();
    await s3.close();
  }
});

test('S3 settings from the environment: absent without a bucket, both keys or neither, endpoint must be a URL', () => {
  assert.equal(s3SettingsFromEnv({}), undefined);
  assert.deepEqual(s3SettingsFromEnv({ ESIGN_S3_BUCKET: 'b' }), { bucket: 'b', endpoint: undefined, region: 'us-east-1', credentials: undefined, prefix: '' });
  assert.throws(() => s3SettingsFromEnv({ ESIGN_S3_BUCKET: 'b', ESIGN_S3_ACCESS_KEY_ID: 'k' }), /both/);
  assert.throws(() => s3SettingsFromEnv({ ESIGN_S3_BUCKET: 'b', ESIGN_S3_ENDPOINT: 'localhost:9000' }), /http/);
});
