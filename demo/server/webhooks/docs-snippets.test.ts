/**
 * The Python verification snippet in docs/webhook-events.md, run for real against a request this
 * server signed (skipped when python3 with `cryptography` is not installed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSigningIdentity, loadSigningIdentity, signatureHeaders } from './signing.ts';

const docs = readFileSync(new URL('../../../docs/webhook-events.md', import.meta.url), 'utf8');

function pythonReady(): boolean {
  try {
    execFileSync('python3', ['-c', 'import cryptography'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('the documented Python verify() accepts a signed request and refuses a tampered one', () => {
  assert.ok(pythonReady(), 'python3 with the cryptography package is needed for this test: apt-get install python3-cryptography');
  const snippet = docs.match(/```python\n([\s\S]*?)```/)?.[1];
  assert.ok(snippet, 'docs/webhook-events.md has a python block');
  const stored = generateSigningIdentity();
  const identity = loadSigningIdentity(stored);
  const body = JSON.stringify({ version: '1.0.0', object: 'document', event: 'created', id: 'x', data: { name: 'Zoë' } });
  const headers = signatureHeaders(body, identity, 'python-secret-123456');
  const dir = mkdtempSync(join(tmpdir(), 'webhook-python-'));
  try {
    writeFileSync(join(dir, 'cert.pem'), stored.certificatePem);
    writeFileSync(join(dir, 'body.json'), body);
    writeFileSync(join(dir, 'headers.json'), JSON.stringify(headers));
    writeFileSync(
      join(dir, 'check.py'),
      `${snippet}\nimport json, sys\nd = sys.argv[1]\nbody = open(d + '/body.json', 'rb').read()\nheaders = json.load(open(d + '/headers.json'))\ncert = open(d + '/cert.pem', 'rb').read()\n` +
        `print(verify(body, headers, cert, 'python-secret-123456'), verify(body + b' ', headers, cert, 'python-secret-123456'), verify(body, headers, cert, 'wrong'), verify(body, headers, cert))\n`,
    );
    const out = execFileSync('python3', [join(dir, 'check.py'), dir], { encoding: 'utf8' }).trim();
    assert.equal(out, 'True False False True');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
