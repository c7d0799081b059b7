import { localBlobs } from '../store/files.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../store/index.ts';

/** The pid of a process that has exited (so its temp files are leftovers). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

test("a temp file left by a killed writer is swept when the store opens; live writers' temp files and finished files stay", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-tmp-sweep-'));
  try {
    const first = await openStore(dataDir);
    await first.files.write('doc_final', new TextEncoder().encode('%PDF-1.7 whole'));
    const tmpDir = path.join(localBlobs(first).dir, 'tmp');
    // What a SIGKILL between the temp write and the rename leaves behind.
    const leftover = path.join(tmpDir, `${deadPid()}-0a1b2c3d4e5f.tmp`);
    fs.writeFileSync(leftover, '%PDF-1.7 half');
    // A write in progress in a running server (here: this very process, which is alive).
    const inProgress = path.join(tmpDir, `${process.ppid}-0a1b2c3d4e5f.tmp`);
    fs.writeFileSync(inProgress, '%PDF-1.7 being written');
    await first.close();

    const reopened = await openStore(dataDir);
    assert.equal(fs.existsSync(leftover), false, "the dead writer's leftover is removed at start-up");
    assert.equal(fs.existsSync(inProgress), true, "a live writer's temp file is left alone");
    assert.equal(new TextDecoder().decode(await reopened.files.read('doc_final')), '%PDF-1.7 whole');
    assert.deepEqual(fs.readdirSync(tmpDir), [path.basename(inProgress)]);
    await reopened.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('writes name their temp file after the writing process', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-tmp-name-'));
  const store = await openStore(dataDir);
  try {
    const seen: string[] = [];
    const rename = fs.renameSync;
    fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
      seen.push(path.basename(String(from)));
      return rename(from, to);
    }) as typeof fs.renameSync;
    try {
      await store.files.write('named', new Uint8Array([1]));
    } finally {
      fs.renameSync = rename;
    }
    assert.match(seen[0], new RegExp(`^${process.pid}-[0-9a-f]{12}\\.tmp$`));
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
