import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileStore } from '../store/files.ts';

test('a temp file left by a kill during a write is swept when the store opens; finished files stay', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-tmp-sweep-'));
  try {
    const first = new FileStore(dataDir);
    first.write('doc_final', new TextEncoder().encode('%PDF-1.7 whole'));
    // What a SIGKILL between the temp write and the rename leaves behind.
    const leftover = path.join(first.dir, 'doc_final2.pdf.0a1b2c3d4e5f.tmp');
    fs.writeFileSync(leftover, '%PDF-1.7 half');
    assert.equal(first.exists('doc_final2'), false, 'a temp file is never a stored file');

    const reopened = new FileStore(dataDir);
    assert.equal(fs.existsSync(leftover), false, 'the leftover is removed at start-up');
    assert.equal(new TextDecoder().decode(reopened.read('doc_final')), '%PDF-1.7 whole');
    assert.deepEqual(fs.readdirSync(reopened.dir), ['doc_final.pdf']);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
