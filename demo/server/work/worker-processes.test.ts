/**
 * The pool's workers are child processes of the server: after an upload they run under its pid,
 * and when the server is killed with SIGKILL (no chance to stop them) they exit by themselves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { createProductionKey, startServer, uploadTemplate } from '../../../test/support/server/server-process.ts';

/** Pids of live processes whose parent is `parent` and whose command line names the pool entry. */
function poolWorkers(parent?: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('worker-entry.mjs')) continue;
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (parent === undefined || ppid === parent) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

test('pool workers are processes of the server and exit when it is killed', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'esign-worker-processes-'));
  const server = await startServer(dir);
  try {
    const key = createProductionKey(dir);
    await uploadTemplate(server.baseUrl, key, server.groupId!, await generatePdf({ pages: 1 }));
    const workers = poolWorkers(server.child.pid);
    assert.ok(workers.length >= 1, 'the upload ran in a worker process of the server');
    await server.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    let alive = workers;
    while (Date.now() < deadline) {
      alive = workers.filter((pid) => poolWorkers().includes(pid));
      if (alive.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(alive, [], 'no worker outlives the server');
  } finally {
    await server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
