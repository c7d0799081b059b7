/**
 * Issue 11, items 1 and 4: what a browser is told. Secrets are readable only by the server's own
 * origin; every HTML page has a CSP without inline scripts or eval, nosniff and a Referrer-Policy;
 * the signing, review and editor pages may be framed only when their group's xframe_allow says so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, call } from '../support/server/app.ts';
import { addTemplate, sendBody, idFromLocation } from '../support/server/documents.ts';

const FOREIGN = 'http://127.0.0.1:9999';

function directives(csp: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

test('the demo session key cannot be read or even requested from another origin', async () => {
  const t = await createTestApp();
  try {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/demo/session/',
      headers: { origin: FOREIGN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-esign-demo' },
    });
    assert.doesNotMatch(String(preflight.headers['access-control-allow-headers'] ?? ''), /x-esign-demo/i, 'the preflight never grants the demo header');

    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/demo/session/',
      headers: { origin: FOREIGN, host: '127.0.0.1:8080', 'x-esign-demo': '1' },
    });
    assert.equal(foreign.statusCode, 403);
    assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    assert.doesNotMatch(foreign.body, /ak_sandbox_/);

    const crossSite = await t.app.inject({
      method: 'GET',
      url: '/api/v1/demo/session/',
      headers: { host: '127.0.0.1:8080', 'x-esign-demo': '1', 'sec-fetch-site': 'same-site' },
    });
    assert.equal(crossSite.statusCode, 403, 'another port of this machine is another origin');

    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/demo/session/',
      headers: { host: '127.0.0.1:8080', 'x-esign-demo': '1', 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.headers['access-control-allow-credentials'], undefined);
  } finally {
    await t.close();
  }
});

test('answers that mint tokens are readable only by the own origin and ESIGN_CORS_ORIGINS', async () => {
  const t = await createTestApp({ baseUrl: 'http://127.0.0.1:8080' });
  try {
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, template.id));
    const documentId = idFromLocation(sent.headers.location);
    const signer = (await t.app.store.documents.recipients(documentId))[0]!;
    const linkRes = await call(t.app, t.key, 'GET', `/api/v1/signer/${signer.id}/sign-link/`);
    const { link } = linkRes.json() as { link: string };
    const exchange = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/signer/${signer.id}/link-session/`,
        headers: { origin, 'content-type': 'application/json' },
        payload: { link },
      });

    const foreign = await exchange(FOREIGN);
    assert.equal(foreign.headers['access-control-allow-origin'], undefined, 'a token is never handed to another origin');
    const own = await exchange('http://127.0.0.1:8080');
    assert.equal(own.headers['access-control-allow-origin'], 'http://127.0.0.1:8080');
    // Ordinary API answers still serve components on any origin (they hold their own token).
    const ordinary = await t.app.inject({ method: 'GET', url: '/api/v1/group/', headers: { origin: FOREIGN, authorization: `Bearer ${t.key}` } });
    assert.equal(ordinary.headers['access-control-allow-origin'], FOREIGN);
    assert.equal(ordinary.headers['access-control-allow-credentials'], undefined);
  } finally {
    await t.close();
  }
  const listed = await createTestApp({ baseUrl: 'http://127.0.0.1:8080', corsOrigins: ['https://app.example'] });
  try {
    const res = await listed.app.inject({ method: 'GET', url: '/api/v1/demo/session/', headers: { origin: 'https://app.example' } });
    assert.equal(res.headers['access-control-allow-origin'], 'https://app.example', 'a listed origin may read secret-bearing answers');
  } finally {
    await listed.close();
  }
});

test('every HTML page: CSP without inline scripts or eval, nosniff, Referrer-Policy, never framed by default', async () => {
  const t = await createTestApp();
  try {
    const webDir = t.app.config.webDir;
    const pages = [
      '/',
      '/docs/',
      ...fs
        .readdirSync(webDir)
        .filter((f) => f.endsWith('.html'))
        .map((f) => `/demo/${f}`),
    ];
    for (const url of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      const csp = directives(res.headers['content-security-policy']);
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
      assert.ok(scriptSrc.length > 0, `${url}: a script policy`);
      assert.ok(!scriptSrc.includes("'unsafe-eval'") && !scriptSrc.includes("'unsafe-inline'"), `${url}: ${scriptSrc.join(' ')}`);
      assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.ok(res.headers['referrer-policy'], url);
      // The policy forbids inline scripts, so the pages must not have any (they would silently stop working).
      const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        ([, attrs, body]) => !/\bsrc=/.test(attrs!) && body!.trim() !== '',
      );
      assert.deepEqual(
        inline.map((m) => m[0].slice(0, 60)),
        [],
        `${url} has inline scripts`,
      );
      assert.doesNotMatch(res.body, /\son[a-z]+\s*=\s*["']/i, `${url} has inline event handlers`);
    }
    const files = fs.readdirSync(webDir).filter((f) => f.endsWith('.js'));
    assert.ok(files.length > 0);
    for (const file of files) assert.doesNotMatch(fs.readFileSync(path.join(webDir, file), 'utf8'), /\beval\(|new Function\(/, file);
  } finally {
    await t.close();
  }
});

test("signing, review and editor pages follow their group's xframe_allow", async () => {
  const t = await createTestApp();
  try {
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, template.id));
    const signer = (await t.app.store.documents.recipients(idFromLocation(sent.headers.location)))[0]!;
    const pages = [`/demo/sign.html?signer=${signer.id}`, `/demo/review.html?signer=${signer.id}`, `/demo/editor.html?template=${template.id}`];
    const frameAncestors = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      return { policy: directives(res.headers['content-security-policy']).get('frame-ancestors'), xfo: res.headers['x-frame-options'] };
    };
    for (const url of pages) assert.deepEqual(await frameAncestors(url), { policy: ["'none'"], xfo: 'DENY' }, `${url} (not allowed)`);

    const patched = await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { xframe_allow: true });
    assert.ok(patched.statusCode < 300, patched.body);
    for (const url of pages) assert.deepEqual(await frameAncestors(url), { policy: ['*'], xfo: undefined }, `${url} (allowed)`);
    // Unknown, malformed or missing ids never open framing; other pages stay unframable.
    for (const url of [
      '/demo/sign.html',
      '/demo/sign.html?signer=00000000-0000-4000-8000-000000000000',
      '/demo/sign.html?signer=../../x',
      '/demo/editor.html?template[]=1',
      '/demo/journey.html',
    ]) {
      assert.deepEqual(await frameAncestors(url), { policy: ["'none'"], xfo: 'DENY' }, url);
    }
  } finally {
    await t.close();
  }
});
