import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { readOrCreateOnce } from './write-once-file.ts';

test('made once, then read back; the file is the owner’s only; no temp files stay', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-once-'));
  try {
    const file = path.join(dir, 'nested', 'secret');
    let made = 0;
    const first = readOrCreateOnce(file, () => (made++, 'first'));
    const second = readOrCreateOnce(file, () => (made++, 'second'));
    assert.equal(first.toString(), 'first');
    assert.equal(second.toString(), 'first');
    assert.equal(made, 1);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['secret']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('processes racing to make it all end up with the same bytes', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-once-race-'));
  try {
    const file = path.join(dir, 'secret');
    const module = new URL('./write-once-file.ts', import.meta.url).href;
    const script = `const { readOrCreateOnce } = await import(${JSON.stringify(module)});
      const mine = 'process-' + process.pid;
      process.stdout.write(readOrCreateOnce(${JSON.stringify(file)}, () => mine).toString());`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))));
      });
    const answers = await Promise.all(Array.from({ length: 6 }, run));
    assert.equal(new Set(answers).size, 1, answers.join(', '));
    assert.equal(answers[0], fs.readFileSync(file, 'utf8'));
    assert.deepEqual(fs.readdirSync(dir), ['secret']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
