/**
 * Property tests (fast-check, fixed seed) for the REST id codecs: resource URIs and template web-app
 * IDs round-trip, and reading any client-sent reference answers an id or undefined, never an
 * exception (a URIError here was a 500 on the routes that take a `group` or `templatepdf` reference).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { groupUri, idFromUri, templateIdFrom, templateUri, templateWebAppId, userUri } from './uris.ts';

const SEED = 2814;

test('a resource URI, as path or full URL, gives back its id; another kind gives undefined', () => {
  const id = fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_.~-]{1,40}$/));
  fc.assert(
    fc.property(id, fc.constantFrom('', 'https://esign.example.com', 'http://127.0.0.1:8080'), fc.constantFrom('', '?x=1', '#top'), (value, origin, tail) => {
      assert.equal(idFromUri(`${origin}${groupUri(value)}${tail}`, 'group'), value);
      assert.equal(idFromUri(` ${templateUri(value)} `, 'templatepdf'), value);
      assert.equal(idFromUri(userUri(value), 'group'), undefined);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test('idFromUri answers an id or undefined for any text, never an exception', () => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string().map((s) => `/api/v1/group/${s}/`),
    fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%C0%80', '%ED%A0%80').map((s) => `/api/v1/group/${s}/`),
  );
  fc.assert(
    fc.property(text, (value) => {
      const id = idFromUri(value, 'group');
      assert.ok(id === undefined || typeof id === 'string');
    }),
    { seed: SEED, numRuns: 1000 },
  );
});

test('template web-app IDs round-trip, also URL-safe and unpadded; anything else is undefined', () => {
  fc.assert(
    fc.property(fc.uuid(), (uuid) => {
      const webAppId = templateWebAppId(uuid);
      assert.equal(templateIdFrom(webAppId), uuid.toLowerCase());
      assert.equal(templateIdFrom(webAppId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')), uuid.toLowerCase());
      assert.equal(templateIdFrom(uuid.toUpperCase()), uuid.toLowerCase());
    }),
    { seed: SEED, numRuns: 300 },
  );
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.base64String()), (value) => {
      const id = templateIdFrom(value);
      if (id !== undefined) assert.match(id, /^[0-9a-f-]{36}$/);
    }),
    { seed: SEED, numRuns: 1000 },
  );
});
