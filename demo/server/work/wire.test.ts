import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { fromWire, toWire } from './wire.ts';

test('a KeyObject deep in a job input survives the IPC serializer and still signs; bytes and dates cross as they are', () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const input = { source: new Uint8Array([1, 2, 3]), when: new Date(0), seal: { key: { privateKey, chain: [new Uint8Array([9])] } }, list: [publicKey] };
  assert.throws(() => v8.serialize(input), 'the raw input cannot cross');
  const crossed = fromWire(v8.deserialize(v8.serialize(toWire(input)))) as typeof input;
  assert.deepEqual(crossed.source, input.source);
  assert.deepEqual(crossed.when, input.when);
  assert.deepEqual(crossed.seal.key.chain, input.seal.key.chain);
  const signature = crypto.sign('sha256', Buffer.from('contract'), crossed.seal.key.privateKey);
  assert.ok(crypto.verify('sha256', Buffer.from('contract'), crossed.list[0]!, signature));
  assert.ok(crossed.seal.key.privateKey.equals(privateKey));
});
