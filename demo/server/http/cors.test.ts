import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../test/support/server/app.ts';
import { parseCorsOrigins } from './cors.ts';

test('a preflight from another origin is answered before authentication', async () => {
  const t = await createTestApp();
  try {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/templatepdf/00000000-0000-4000-8000-000000000000/fields/',
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], 'https://customer.example');
    assert.match(String(res.headers['access-control-allow-headers']), /Authorization/);
    assert.match(String(res.headers['access-control-allow-methods']), /POST/);
  } finally {
    await t.close();
  }
});

test('answers to a cross-origin call expose the headers components read', async () => {
  const t = await createTestApp();
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: { origin: 'https://customer.example', authorization: `Bearer ${t.key}` } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['access-control-allow-origin'], 'https://customer.example');
    assert.match(String(res.headers['access-control-expose-headers']), /X-Esign-Pdf/);
    // Errors carry the header too, so the page can read the message.
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: { origin: 'https://customer.example' } });
    assert.equal(denied.statusCode, 401);
    assert.equal(denied.headers['access-control-allow-origin'], 'https://customer.example');
  } finally {
    await t.close();
  }
});

test('a configured origin list answers only those origins', async () => {
  const t = await createTestApp({ corsOrigins: ['https://allowed.example'] });
  try {
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: { origin: 'https://other.example', authorization: `Bearer ${t.key}` } });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/group/',
      headers: { origin: 'https://allowed.example', authorization: `Bearer ${t.key}` },
    });
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://allowed.example');
  } finally {
    await t.close();
  }
});

test('ESIGN_CORS_ORIGINS parsing', () => {
  assert.equal(parseCorsOrigins(undefined), '*');
  assert.equal(parseCorsOrigins(' * '), '*');
  assert.deepEqual(parseCorsOrigins('https://a.example/, https://b.example'), ['https://a.example', 'https://b.example']);
});

test('a page on another origin may PUT a file to a signed upload URL (the editor drops documents there)', async () => {
  const t = await createTestApp();
  try {
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads/',
      headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/json' },
      payload: { group: t.groupId, title: 'Dropped' },
    });
    assert.equal(minted.statusCode, 201, minted.body);
    const path = new URL((minted.json() as { upload_url: string }).upload_url).pathname;
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: path,
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'https://customer.example');
    assert.match(String(preflight.headers['access-control-allow-methods']), /PUT/);
    const put = await t.app.inject({
      method: 'PUT',
      url: path,
      headers: { origin: 'https://customer.example', 'content-type': 'text/plain' },
      payload: 'Hello from another origin.\n',
    });
    assert.equal(put.headers['access-control-allow-origin'], 'https://customer.example');
    // The answer (the new template, or why not) is readable by that page; the upload was used once.
    assert.equal(put.statusCode, 201, put.body);
  } finally {
    await t.close();
  }
});
