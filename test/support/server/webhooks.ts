/**
 * Test helpers for the webhook area: a real HTTP receiver on 127.0.0.1 that checks both
 * signatures of every request, and a seeded database (users, groups, memberships).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { openStore } from '../../../demo/server/store/index.ts';
import type { Store } from '../../../demo/server/store/index.ts';
import { verifyWebhook } from '../../../src/webhooks/verify.ts';
import { generatePdf } from '../generate-pdf.ts';
import assert from 'node:assert/strict';
import { call } from './app.ts';
import type { TestApp } from './app.ts';
import type { DocumentSnapshot } from '../../../demo/server/webhooks/payload.ts';

export interface ReceivedRequest {
  body: string;
  json: { id: string; object: string; event: string; data: Record<string, unknown> } & Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  signatureValid: boolean | null;
  hmacValid: boolean | null;
  at: number;
  /** The status the receiver answered with. */
  status: number;
  /** Path and query the request was sent to. */
  url: string;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** Decides the status of each request (default 200). */
  respond: (request: ReceivedRequest, index: number) => number;
  /** Milliseconds to hold each answer (a slow receiver keeps deliveries in flight). */
  delayMs: number;
  /** Requests read but not answered yet. */
  inFlight: number;
  /** Resolves once `predicate(received)` holds, or rejects after `timeoutMs`. */
  waitFor(predicate: (received: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(options: { certificatePem?: () => string | undefined; hmacSecret?: string; port?: number } = {}): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const receiver: Receiver = {
    url: '',
    received,
    respond: () => 200,
    delayMs: 0,
    inFlight: 0,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(received)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver: condition not met within ${timeoutMs} ms (${received.length} requests so far)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const certificate = options.certificatePem?.();
      const signatureValid = certificate ? verifyWebhook({ body, headers: req.headers, certificate }).ok : null;
      const hmacValid = options.hmacSecret ? verifyWebhook({ body, headers: req.headers, hmacSecret: options.hmacSecret }).ok : null;
      const entry: ReceivedRequest = {
        body,
        json: JSON.parse(body),
        headers: req.headers,
        signatureValid,
        hmacValid,
        at: Date.now(),
        status: 0,
        url: req.url ?? '',
      };
      const status = receiver.respond(entry, received.length);
      entry.status = status;
      receiver.inFlight++;
      const answer = () => {
        receiver.inFlight--;
        received.push(entry);
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : `failing on purpose (${status})`);
        for (const waiter of [...waiters]) waiter();
      };
      if (receiver.delayMs > 0) setTimeout(answer, receiver.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** Polls `check` until it returns true (or throws its last failure after `timeoutMs`). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface SeededDb {
  store: Store;
  dir: string;
  adminId: string;
  memberId: string;
  groupA: string;
  groupB: string;
  cleanup(): Promise<void>;
}

/** A fresh database with two groups: `adminId` is admin of both, `memberId` a plain member of A. */
export async function seedDatabase(): Promise<SeededDb> {
  const dir = mkdtempSync(join(tmpdir(), 'esign-webhooks-'));
  const store = await openStore(dir);
  const adminId = (await store.users.create({ email: 'admin@example.com' })).id;
  const memberId = (await store.users.create({ email: 'member@example.com' })).id;
  const groupA = (await store.groups.create('Group A', {}, null)).id;
  const groupB = (await store.groups.create('Group B', {}, null)).id;
  await store.users.addToGroup(adminId, groupA, true);
  await store.users.addToGroup(adminId, groupB, true);
  await store.users.addToGroup(memberId, groupA, false);
  return {
    store,
    dir,
    adminId,
    memberId,
    groupA,
    groupB,
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A document snapshot in `groupId` with two recipients. */
export function sampleSnapshot(groupId: string, overrides: Partial<DocumentSnapshot> = {}): DocumentSnapshot {
  return {
    uuid: randomUUID(),
    name: 'Contract',
    groupId,
    groupSlug: 'group',
    status: 10,
    statusText: 'available',
    tag: 'tag-0',
    recipients: [
      { uuid: randomUUID(), email: 'one@example.com', order: 0, status: 10, statusText: 'sent', firstname: 'One', lastname: 'Signer', role: 'signer' },
      { uuid: randomUUID(), email: 'two@example.com', order: 1, status: 10, statusText: 'sent', firstname: 'Two', lastname: 'Signer', role: 'signer' },
    ],
    ...overrides,
  };
}

/** Uploads a one-page template with a signature field and sends it to one signer, through the API. */
export async function sendTestDocument(t: TestApp, key: string, groupId: string, tag: string) {
  const pdf = Buffer.from(await generatePdf({ pages: 1 })).toString('base64');
  const upload = await call(t.app, key, 'POST', '/api/v1/templatepdf/', { group: `/api/v1/group/${groupId}/`, title: 'T', pdf_file: pdf });
  assert.equal(upload.statusCode, 201, upload.body);
  const templateId = String(upload.headers.location).match(/templatepdf\/([^/]+)\//)![1];
  const fields = await call(t.app, key, 'POST', `/api/v1/templatepdf/${templateId}/fields/`, [
    { ax: 0.1, ay: 0.8, bx: 0.4, by: 0.85, page: 1, element_type: 'signature', signer: 1 },
  ]);
  assert.ok(fields.statusCode < 300, fields.body);
  const sent = await call(t.app, key, 'POST', '/api/v1/document/', {
    group: `/api/v1/group/${groupId}/`,
    name: `Doc ${tag}`,
    templatepdf: `/api/v1/templatepdf/${templateId}/`,
    tag,
    tag1: `${tag}-1`,
    tag2: `${tag}-2`,
    signers: [{ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', order: 0 }],
  });
  assert.equal(sent.statusCode, 201, sent.body);
  const body = sent.json();
  return { documentId: body.uuid as string, recipientId: body.signer_objects[0].uuid as string };
}
