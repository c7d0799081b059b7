/**
 * Load for fault tests, the fault bench and the soak run (issue 28): sends and signings through real
 * server processes, every answer recorded with its status, time and Retry-After, every request bounded
 * (a request that outlives the bound is a hang). What was acknowledged (2xx) is kept, so the caller can
 * check afterwards that all of it is in the database.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pngDataUrl } from './pdf.ts';

/** No request may take longer than this, even mid-outage (docs/operations.md states the bound). */
export const REQUEST_BOUND_MS = 15_000;

export interface Answer {
  op: string;
  /** HTTP status; 0 when the bound passed (a hang), -1 when the connection failed (the process died). */
  status: number;
  ms: number;
  retryAfter: string | null;
  location: string | null;
  code: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the answer it expects
  json: any;
}

export async function timedCall(baseUrl: string, key: string, op: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a PDF)
    }
    const code = (json as { error?: { code?: string } } | null)?.error?.code;
    return {
      op,
      status: res.status,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
      location: res.headers.get('location'),
      code,
      json,
    };
  } catch (error) {
    const hang = (error as Error).name === 'TimeoutError';
    return { op, status: hang ? 0 : -1, ms: performance.now() - started, retryAfter: null, location: null, code: (error as Error).message, json: null };
  }
}

/** An answer a fault may give: 2xx, or 503/507 with Retry-After (503) and an error code. Anything else is a defect. */
export function isCleanAnswer(answer: Answer): boolean {
  if (answer.status >= 200 && answer.status < 300) return true;
  if (answer.status === 503) return answer.retryAfter !== null && typeof answer.code === 'string';
  if (answer.status === 507) return typeof answer.code === 'string';
  return false;
}

export interface SentDocument {
  documentId: string;
  recipientId: string;
}

export function sendBody(groupId: string, templateId: string, name: string): unknown {
  return {
    group: `/api/v1/group/${groupId}/`,
    name,
    templatepdf: `/api/v1/templatepdf/${templateId}/`,
    tag: name,
    signers: [{ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', order: 0 }],
  };
}

/** One send; the document when it was acknowledged (201). */
export async function trySend(
  baseUrl: string,
  key: string,
  groupId: string,
  templateId: string,
  name: string,
  answers: Answer[],
): Promise<SentDocument | undefined> {
  const answer = await timedCall(baseUrl, key, 'send', 'POST', '/api/v1/document/', sendBody(groupId, templateId, name));
  answers.push(answer);
  if (answer.status !== 201) return undefined;
  return { documentId: answer.json.uuid ?? answer.json.id, recipientId: answer.json.signer_objects?.[0]?.uuid ?? answer.json.signers?.[0]?.uuid };
}

const SIGNATURE = pngDataUrl(120, 40, (x, y) => (Math.abs(y - 20 - Math.sin(x / 9) * 12) < 2 ? 0x202080ff : 0));

/**
 * A signer's whole path (sign link, link session, view, complete), each step retried while it answers
 * 503/507 (or the connection fails) until `deadline`. 'completed' when the completion was acknowledged
 * (200), or when a retried completion finds it already done (the earlier attempt committed before the
 * database went away under its answer); 'gave-up' otherwise.
 */
export async function signWithRetries(
  baseUrl: string,
  key: string,
  recipientId: string,
  answers: Answer[],
  deadline: number,
): Promise<'completed' | 'gave-up'> {
  const step = async (op: string, token: string, method: string, path: string, body?: unknown): Promise<Answer | undefined> => {
    for (;;) {
      const answer = await timedCall(baseUrl, token, op, method, path, body);
      answers.push(answer);
      if (answer.status !== 503 && answer.status !== 507 && answer.status !== -1) return answer;
      if (Date.now() > deadline) return undefined;
      await sleep(100);
    }
  };
  const link = await step('sign-link', key, 'GET', `/api/v1/signer/${recipientId}/sign-link/`);
  if (link?.status !== 200) return 'gave-up';
  const session = await step('link-session', '', 'POST', `/api/v1/signer/${recipientId}/link-session/`, { link: link.json.link });
  if (session?.status !== 200) return 'gave-up';
  const token: string = session.json.token;
  const view = await step('signing-view', token, 'GET', `/api/v1/signer/${recipientId}/signing/`);
  if (view?.status !== 200) return 'gave-up';
  const values: Record<string, string> = {};
  for (const f of view.json.fields as { uuid: string; element_type: string; editable?: boolean }[]) {
    if (f.editable !== false) values[f.uuid] = f.element_type === 'signature' ? SIGNATURE : 'typed';
  }
  let retried = false;
  for (;;) {
    const done = await timedCall(baseUrl, token, 'complete', 'POST', `/api/v1/signer/${recipientId}/complete/`, { values });
    answers.push(done);
    if (done.status === 200) return 'completed';
    // A completion whose answer was lost to the outage, retried: the document says whether it committed.
    if (retried && done.status >= 400 && done.status < 500) {
      const doc = await timedCall(baseUrl, key, 'check', 'GET', `/api/v1/signer/${recipientId}/`);
      return doc.status === 200 && doc.json?.document_status >= 20 ? 'completed' : 'gave-up';
    }
    if (done.status !== 503 && done.status !== 507 && done.status !== -1) return 'gave-up';
    if (Date.now() > deadline) return 'gave-up';
    retried = true;
    await sleep(100);
  }
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
