import { localBlobs } from './files.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from './index.ts';
import type { Store } from './index.ts';
import { sha256Hex } from './blob-backend.ts';
import { buildApp } from '../app.ts';
import { createTestApp, call } from '../../../test/support/server/app.ts';
import { addTemplate, idFromLocation, sendBody } from '../../../test/support/server/documents.ts';
import { deleteTemplateNow, templateFileName } from '../services/template-deletion.ts';
import { purgeDocument } from '../services/documents/purge.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

async function withStore(run: (store: Store, dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-files-'));
  const store = await openStore(dataDir);
  try {
    await run(store, dataDir);
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every blob file under blobs/ (not temp files). */
function blobFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'blobs');
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(p));
}

/** A hard link to a blob's inode: it shows what shredding did to the bytes before the unlink. */
function witness(store: Store, dataDir: string, hash: string): string {
  const link = path.join(dataDir, `witness-${hash.slice(0, 8)}`);
  fs.linkSync(localBlobs(store).pathOf(hash), link);
  return link;
}

test('one content is stored once however many names point at it; the last name going shreds it', async () => {
  await withStore(async (store, dataDir) => {
    const bytes = enc('%PDF-1.7 same bytes');
    const hash = sha256Hex(bytes);
    await store.files.write('a', bytes);
    await store.files.write('b', bytes);
    await store.files.link('a', 'c');
    assert.deepEqual(blobFiles(dataDir), [`${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`]);
    assert.equal(await store.files.refs.refs(hash), 3);
    assert.equal(await store.files.size('c'), bytes.length);
    const seen = witness(store, dataDir, hash);
    await store.files.remove('a');
    await store.files.shred('b');
    assert.equal((await store.files.read('c')).toString(), '%PDF-1.7 same bytes', 'a remaining name keeps the bytes');
    await store.files.remove('c');
    await store.files.remove('c'); // missing names are fine
    assert.deepEqual(blobFiles(dataDir), []);
    assert.equal(await store.files.exists('c'), false);
    await assert.rejects(() => store.files.read('c'), { code: 'ENOENT' });
    assert.notEqual(fs.readFileSync(seen, 'utf8'), '%PDF-1.7 same bytes', 'overwritten before the unlink');
    assert.deepEqual(await store.files.refs.totals(), { blobs: 0, bytes: 0, names: 0 });
  });
});

test("a PDF's first-page image goes with the PDF: shredding a content drops the names derived from its hash", async () => {
  await withStore(async (store, dataDir) => {
    const pdf = enc('%PDF-1.7 the contract');
    const hash = sha256Hex(pdf);
    await store.files.write('doc-1', pdf);
    await store.files.write(`p1i-${hash}`, enc('RIFF....WEBP page one'));
    await store.files.write(`p1m-${hash}`, enc('{"type":"image/webp","width":612,"height":792}'));
    await store.files.write('doc-2', enc('%PDF-1.7 another contract'));
    assert.equal(blobFiles(dataDir).length, 4);
    await store.files.shred('doc-1');
    assert.equal(await store.files.exists(`p1i-${hash}`), false, 'the image of the shredded PDF is gone');
    assert.equal(await store.files.exists(`p1m-${hash}`), false);
    assert.equal(blobFiles(dataDir).length, 1, 'only the other document is left');
    assert.equal(await store.files.exists('doc-2'), true);
    assert.deepEqual(await store.files.refs.totals(), { blobs: 1, bytes: enc('%PDF-1.7 another contract').length, names: 1 });
  });
});

test('writing new bytes under a name releases the old blob; unsafe names and missing link sources are refused', async () => {
  await withStore(async (store, dataDir) => {
    await store.files.write('t', enc('v1'));
    await store.files.write('t', enc('v2'));
    assert.equal((await store.files.read('t')).toString(), 'v2');
    assert.equal(blobFiles(dataDir).length, 1);
    await assert.rejects(() => store.files.write('../x', enc('x')), /unsafe/);
    await assert.rejects(() => store.files.link('nope', 'x'), { code: 'ENOENT' });
    assert.equal(await store.files.exists('x'), false);
  });
});

test('linking over a name that points elsewhere moves it and shreds the blob it left; linking it again changes nothing', async () => {
  await withStore(async (store, dataDir) => {
    const [one, two] = [enc('one'), enc('two')].map((bytes) => ({ bytes, hash: sha256Hex(bytes) }));
    await store.files.write('src', one.bytes);
    await store.files.write('dst', two.bytes);
    await store.files.link('src', 'dst');
    assert.equal((await store.files.read('dst')).toString(), 'one');
    assert.equal(await store.files.refs.refs(one.hash), 2);
    assert.equal(await store.files.refs.refs(two.hash), 0);
    assert.equal(blobFiles(dataDir).length, 1, 'the blob nothing names any more is shredded');
    await store.files.link('src', 'dst');
    assert.equal(await store.files.refs.refs(one.hash), 2);
    // Inside a transaction the link is part of it: rolled back, it never happened.
    await assert.rejects(
      store.transaction(async () => {
        await store.files.link('src', 'rolled-back');
        throw new Error('undo');
      }),
      /undo/,
    );
    assert.equal(await store.files.exists('rolled-back'), false);
    assert.equal(await store.files.refs.refs(one.hash), 2);
  });
});

test('a removal inside a transaction that rolls back keeps the bytes (shredding waits for no open transaction)', async () => {
  await withStore(async (store) => {
    await store.files.write('kept', enc('kept bytes'));
    await assert.rejects(() =>
      store.transaction(async () => {
        await store.files.remove('kept');
        throw new Error('rolled back');
      }),
    );
    assert.equal((await store.files.read('kept')).toString(), 'kept bytes');
  });
});

test('a sent document references the template bytes, and keeps them when the template changes or is deleted', async () => {
  const t = await createTestApp();
  try {
    const { store } = t.app;
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, template.id));
      assert.equal(sent.statusCode, 201, sent.body);
      ids.push(idFromLocation(sent.headers.location));
    }
    const original = sha256Hex(template.pdf);
    assert.equal(blobFiles(t.dataDir).length, 1, 'three sends, one stored PDF');
    assert.equal(await store.files.refs.refs(original), 4);

    // The template's PDF is replaced (as form import does): the documents keep what they were sent with.
    await store.files.write(templateFileName(template.id), enc('%PDF-1.7 a different template'));
    const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${ids[0]}/`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(sha256Hex(pdf.rawPayload), original);

    await deleteTemplateNow(store, (await store.templates.get(template.id))!);
    assert.equal(sha256Hex((await call(t.app, t.key, 'GET', `/api/v1/pdf/${ids[1]}/`)).rawPayload), original);

    const seen = witness(store, t.dataDir, original);
    for (const id of ids) await purgeDocument(store, (await store.documents.get(id))!);
    assert.equal(await store.files.blobs.has(original), false, 'the last reference gone, the blob goes');
    assert.notDeepEqual(fs.readFileSync(seen), Buffer.from(template.pdf), 'and it was shredded');
    assert.deepEqual(await store.files.refs.totals(), { blobs: 0, bytes: 0, names: 0 });
  } finally {
    await t.close();
  }
});

// The fixture is a SQLite data dir from an older release: there is no PostgreSQL one (node-pg).
test(
  'a data dir written before blobs (flat files/<name>.pdf) is imported on first start and keeps serving',
  { skip: process.env.ESIGN_TEST_DATABASE === 'postgres' && 'a SQLite data dir from before blobs' },
  async () => {
    const fixture = path.join(import.meta.dirname, 'fixtures', 'pre-blobs-data-dir');
    const manifest = JSON.parse(fs.readFileSync(path.join(fixture, 'manifest.json'), 'utf8')) as {
      key: string;
      templateId: string;
      documents: string[];
    };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-pre-blobs-'));
    fs.cpSync(fixture, dataDir, { recursive: true });
    const templateBytes = fs.readFileSync(path.join(dataDir, 'files', `${templateFileName(manifest.templateId)}.pdf`));
    try {
      const app = await buildApp({ dataDir, sweepIntervalMs: 0 });
      try {
        assert.equal(fs.existsSync(path.join(dataDir, 'files')), false, 'the flat folder is emptied (its temp leftover too) and removed');
        assert.equal(blobFiles(dataDir).length, 1, 'three identical flat copies became one blob');
        assert.deepEqual(await app.store.files.refs.totals(), { blobs: 1, bytes: templateBytes.length, names: 3 });
        for (const id of manifest.documents) {
          const pdf = await call(app, manifest.key, 'GET', `/api/v1/pdf/${id}/`);
          assert.equal(pdf.statusCode, 200, pdf.body);
          assert.deepEqual(pdf.rawPayload, templateBytes);
        }
        const template = await call(app, manifest.key, 'GET', `/api/v1/templatepdf/${manifest.templateId}/`, undefined, { accept: 'application/pdf' });
        assert.deepEqual(template.rawPayload, templateBytes);
      } finally {
        await app.close();
      }
      const again = await openStore(dataDir); // a second start finds nothing to import
      assert.deepEqual(await again.files.refs.totals(), { blobs: 1, bytes: templateBytes.length, names: 3 });
      await again.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
