/**
 * The one-shot conversion's confinement, with a stand-in soffice (a shell script) that tries what a hostile
 * document could make LibreOffice do and writes what it saw as its "PDF": read a file of the machine, list
 * the processes, reach the network. The real soffice path is covered by crash-recovery.test.ts.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { canSandbox, convertOnce } from './soffice-one-shot.ts';

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-one-shot-test-'));
const SECRET = path.join(TMP, 'secret.txt');
let server: http.Server;
let port = 0;
let hits = 0;

before(async () => {
  fs.writeFileSync(SECRET, 'TOP-SECRET-CONTENT');
  server = http.createServer((_req, res) => {
    hits++;
    res.end('FROM-THE-NETWORK');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(() => {
  server.close();
  fs.rmSync(TMP, { recursive: true, force: true });
});

/** A stand-in soffice (in a directory of its own: the sandbox mounts it): the last argument is the input, `--outdir` the output directory. */
function standIn(body: string): string {
  fs.mkdirSync(path.join(TMP, 'bin'), { recursive: true });
  const script = path.join(TMP, 'bin', `soffice-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(
    script,
    `#!/bin/sh\nfor a in "$@"; do last="$a"; done\nwhile [ "$1" != "--outdir" ]; do shift; done\nout="$2/$(basename "\${last%.*}").pdf"\n${body}\n`,
    { mode: 0o755 },
  );
  return script;
}

function request(name: string) {
  const dir = fs.mkdtempSync(path.join(TMP, 'job-'));
  const input = path.join(dir, name);
  fs.writeFileSync(input, 'the uploaded file');
  return { in: input, out: path.join(dir, 'out.pdf'), max_pages: 10 };
}

test(
  'sandboxed: the one-shot sees its own file only: no file of the machine, no other process, no network',
  { skip: !canSandbox() && 'unshare cannot make namespaces here (not root)' },
  async () => {
    const soffice = standIn(
      `{ echo "/Type /Page"; cat "$last"; cat ${SECRET} /etc/shadow 2>&1; ls /proc | grep -c '^[0-9]'; ls /work /root /home 2>&1;` +
        ` python3 -c 'import socket; socket.create_connection(("127.0.0.1", ${port}), 2)' 2>/dev/null || echo no-network; } > "$out"`,
    );
    const req = request('document.docx');
    const answer = await convertOnce({ soffice, timeoutMs: 10_000, memoryBytes: 0 }, req);
    assert.deepEqual(answer, { ok: true, pages: 1 });
    const seen = fs.readFileSync(req.out, 'utf8');
    assert.match(seen, /the uploaded file/);
    assert.doesNotMatch(seen, /TOP-SECRET-CONTENT|root:/);
    assert.match(seen, /No such file or directory/);
    assert.match(seen, /no-network/);
    const processes = Number(seen.split('\n').find((line) => /^\d+$/.test(line)));
    assert.ok(processes <= 5, `it sees ${processes} processes (its own only)`);
    assert.equal(hits, 0, 'the local server got no request');
  },
);

test('a stand-in that runs past the time limit is killed, and answers a crash', async () => {
  const answer = await convertOnce({ soffice: standIn('sleep 30'), timeoutMs: 300, memoryBytes: 0 }, request('document.odt'));
  assert.equal(answer.ok, false);
  assert.equal(!answer.ok && answer.kind, 'crash');
});

test('a PDF over the page limit is refused as such', async () => {
  const soffice = standIn(`for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo "<< /Type /Page >>"; done > "$out"`);
  const answer = await convertOnce({ soffice, timeoutMs: 10_000, memoryBytes: 0 }, request('document.docx'));
  assert.deepEqual(answer, { ok: false, kind: 'pages', pages: 12, error: 'the converted document would have 12 pages' });
});

test('no PDF and exit code 0 is a file soffice could not read; nothing is left in the temp directory', async () => {
  const answer = await convertOnce({ soffice: standIn('exit 0'), timeoutMs: 10_000, memoryBytes: 0 }, request('document.rtf'));
  assert.equal(!answer.ok && answer.kind, 'load');
  assert.deepEqual(
    fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('esign-soffice-once-')),
    [],
  );
});
