/**
 * GET /api/v1/status/{id}/events/: a document's events as server-sent events over a real socket, with an
 * API key (the WebSocket feeds refuse keys). Another document's events stay out; another group's document,
 * a bad id and no key are refused before any stream opens; closing the app ends an open stream.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { emitEvent } from '../webhooks/emit.ts';

let t: TestApp;
let address: string;
let mine: string;
let other: string;

before(async () => {
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const template = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'Events NDA' })).id;
  const send = async () => (await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, template))).json().uuid as string;
  mine = await send();
  other = await send();
});
after(async () => t.close());

/** The next server-sent event of `response` each call (null when the stream ends). */
function eventsOf(response: Response): () => Promise<{ event: string; data: string } | null> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async () => {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event) return { event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' };
        continue; // a comment (keep-alive) or the retry line
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += value;
    }
  };
}

test('a document event reaches the stream as it is committed; another document of the group does not', async () => {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/v1/status/${mine}/events/`, { headers: { authorization: `Bearer ${t.key}` }, signal: controller.signal });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type')!, /^text\/event-stream/);
  const next = eventsOf(response);
  assert.equal((await next())?.event, 'ready');
  // The other document's event first, then this one's: only this one arrives.
  await t.app.store.transaction(() => emitEvent(t.app.store, { object: 'document', event: 'rejected', documentId: other }));
  await t.app.store.transaction(() => emitEvent(t.app.store, { object: 'document', event: 'finalPdfCreated', documentId: mine }));
  const event = (await next())!;
  assert.equal(event.event, 'documentFinalPdfCreated');
  assert.equal(JSON.parse(event.data).data.id, `doc${mine}`);
  controller.abort();
});

test("refused before any stream: no key, a bad id, another group's document", async () => {
  assert.equal((await fetch(`${address}/api/v1/status/${mine}/events/`)).status, 401);
  assert.equal((await call(t.app, t.key, 'GET', '/api/v1/status/not-a-uuid/events/')).statusCode, 404);
  const outsider = await createTenant(t.app, 'Events outsider');
  assert.equal((await call(t.app, outsider.key, 'GET', `/api/v1/status/${mine}/events/`)).statusCode, 404);
});

test('closing the app ends an open stream', async () => {
  const response = await fetch(`${address}/api/v1/status/${mine}/events/`, { headers: { authorization: `Bearer ${t.key}` } });
  const next = eventsOf(response);
  assert.equal((await next())?.event, 'ready');
  const closed = t.app.close();
  assert.equal(await next(), null);
  await closed;
});
