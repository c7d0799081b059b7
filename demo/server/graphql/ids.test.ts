import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeId, encodeId } from './ids.ts';

const uuid = '5b0c1f9e-2f3a-4c1d-9a8b-0e1f2a3b4c5d';

test('an ID round-trips through base64 with its prefix', () => {
  const id = encodeId('doc', uuid);
  assert.equal(Buffer.from(id, 'base64').toString(), `doc${uuid}`);
  assert.equal(decodeId('doc', id), uuid);
});

test('the published examples decode', () => {
  assert.equal(decodeId('rec', 'cmVjMTIzNDU2'), '123456');
});

test('a bare UUID is accepted as it is, lower-cased', () => {
  assert.equal(decodeId('tpl', uuid.toUpperCase()), uuid);
});

test('an ID of another type, garbage or a non-string is refused', () => {
  assert.equal(decodeId('tpl', encodeId('doc', uuid)), null);
  assert.equal(decodeId('doc', 'not base64!'), null);
  assert.equal(decodeId('doc', Buffer.from('doc\u0000x').toString('base64')), null);
  assert.equal(decodeId('doc', ''), null);
  assert.equal(decodeId('doc', 42), null);
});

test('encodeId gives the UTF-8 bytes in base64 for ASCII and other ids alike', () => {
  for (const restId of [uuid, 'slug_1-a', 'é-ü', '日本']) {
    assert.equal(encodeId('tpl', restId), Buffer.from(`tpl${restId}`, 'utf8').toString('base64'));
  }
});
