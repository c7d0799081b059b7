/**
 * The soak run's operations against real server processes, each timed: a REST send, a signer's whole
 * path, a final-PDF download, a GraphQL batch (create, queue two documents, start) and a conversion
 * (an upload URL, then a Word, spreadsheet, HTML or text file in turn PUT to it and converted). Every call is bounded by
 * fault-load.ts's REQUEST_BOUND_MS, so a hang shows as an error, never as a stuck run.
 */
import { docx, xlsx } from '../../demo/server/convert/office-files.ts';
import { decodeId, encodeId } from '../../demo/server/graphql/ids.ts';
import { documentInput, SEND_BATCH, SEND_BATCH_DOCUMENT, START_BATCH, TASK } from '../../test/support/server/graphql-batches.ts';
import { REQUEST_BOUND_MS, signWithRetries, timedCall, trySend, type Answer, type SentDocument } from '../../test/support/server/fault-load.ts';

export interface Target {
  baseUrl: string;
  key: string;
  groupId: string;
  templateId: string;
}

export interface Timed<T> {
  ok: boolean;
  ms: number;
  value?: T;
  detail?: string;
}

async function timed<T>(work: () => Promise<T | undefined>, why: () => string): Promise<Timed<T>> {
  const started = performance.now();
  try {
    const value = await work();
    return { ok: value !== undefined, ms: performance.now() - started, value, detail: value === undefined ? why() : undefined };
  } catch (error) {
    return { ok: false, ms: performance.now() - started, detail: (error as Error).message };
  }
}

const lastProblem = (answers: Answer[]) => {
  const bad = answers.filter((a) => a.status < 200 || a.status >= 300).pop();
  return bad ? `${bad.op} answered ${bad.status} ${bad.code ?? ''}` : 'no answer';
};

export function send(target: Target, name: string): Promise<Timed<SentDocument>> {
  const answers: Answer[] = [];
  return timed(
    () => trySend(target.baseUrl, target.key, target.groupId, target.templateId, name, answers),
    () => lastProblem(answers),
  );
}

/** The signer's path (link, session, view, complete) with no retries beyond fault-load's own. */
export function sign(target: Target, recipientId: string): Promise<Timed<true>> {
  const answers: Answer[] = [];
  return timed(
    async () => ((await signWithRetries(target.baseUrl, target.key, recipientId, answers, Date.now() + REQUEST_BOUND_MS)) === 'completed' ? true : undefined),
    () => lastProblem(answers),
  );
}

/** The final PDF: 200 and bytes that start with %PDF-. */
export function download(target: Target, documentId: string): Promise<Timed<number>> {
  let why = '';
  return timed(
    async () => {
      const res = await fetch(`${target.baseUrl}/api/v1/pdf/${documentId}/`, {
        headers: { authorization: `Bearer ${target.key}` },
        signal: AbortSignal.timeout(REQUEST_BOUND_MS),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status === 200 && bytes.subarray(0, 5).toString() === '%PDF-') return bytes.length;
      why = `download answered ${res.status}`;
      return undefined;
    },
    () => why,
  );
}

async function gql(target: Target, query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await timedCall(target.baseUrl, target.key, 'graphql', 'POST', '/graphql', { query, variables });
  if (answer.status !== 200 || answer.json?.errors) throw new Error(`GraphQL answered ${answer.status} ${JSON.stringify(answer.json?.errors ?? answer.code)}`);
  return answer.json.data as Record<string, unknown>;
}

/** A batch of `count` documents created, queued and started; answers the task id. */
export function startBatch(target: Target, count: number): Promise<Timed<string>> {
  return timed(
    async () => {
      const batchId = (await gql(target, SEND_BATCH, { input: { groupId: encodeId('grp', target.groupId), batchName: 'Soak' } })).sendBatch as string;
      for (let n = 1; n <= count; n++) {
        await gql(target, SEND_BATCH_DOCUMENT, { input: { batchId, sendOrder: n, document: documentInput(target.groupId, target.templateId, n) } });
      }
      return (await gql(target, START_BATCH, { input: { batchId } })).startBatch as string;
    },
    () => 'no task id',
  );
}

/** The task's documents (REST ids) once COMPLETED; undefined while it runs; throws when it FAILED. */
export async function batchDocuments(target: Target, taskId: string): Promise<string[] | undefined> {
  const task = (await gql(target, TASK, { id: taskId })).task as { report: { status: string; documents: string[]; errors: string[] } };
  if (task.report.status === 'FAILED') throw new Error(`batch task ${taskId} failed: ${task.report.errors.join('; ')}`);
  if (task.report.status !== 'COMPLETED') return undefined;
  return task.report.documents.map((id) => decodeId('doc', id) ?? id);
}

/** The kinds of file a sender converts, in turn: Word, a spreadsheet, HTML and plain text, each with a text tag. */
const TO_CONVERT: Uint8Array[] = [
  docx([[['Soak agreement. '], ['Signed by the parties below.', true]], [['Sign here: <<t=signature;r=1>>']]]),
  xlsx([[[['Item']], [['Amount']]], [[['Soak services']], [['1200']]], [[['Sign here: <<t=signature;r=1>>']]]]),
  new TextEncoder().encode(
    '<!doctype html><html><head><meta charset="utf-8"><title>Soak</title></head><body><h1>Soak agreement</h1><p>Signed by the parties below.</p><p>Sign here: <<t=signature;r=1>></p></body></html>',
  ),
  new TextEncoder().encode('Soak agreement\n\nSigned by the parties below.\n\nSign here: <<t=signature;r=1>>\n'),
];
let conversions = 0;

/** The next file of TO_CONVERT through the upload flow: mint a URL, PUT the file, the server converts it into a template. */
export function convert(target: Target): Promise<Timed<string>> {
  const file = TO_CONVERT[conversions++ % TO_CONVERT.length]!;
  let why = '';
  return timed(
    async () => {
      const minted = await timedCall(target.baseUrl, target.key, 'convert', 'POST', '/api/v1/uploads/', {
        group: `/api/v1/group/${target.groupId}/`,
        title: 'Soak conversion',
        process_tags: true,
      });
      if (minted.status !== 201) {
        why = `upload URL answered ${minted.status} ${minted.code ?? ''}`;
        return undefined;
      }
      const res = await fetch(`${target.baseUrl}${new URL(minted.json.upload_url as string).pathname}`, {
        method: 'PUT',
        body: Buffer.from(file),
        headers: { 'content-type': 'application/octet-stream' },
        signal: AbortSignal.timeout(REQUEST_BOUND_MS * 4),
      });
      const text = await res.text();
      if (res.status === 201) return (JSON.parse(text) as { resource: { uid: string } }).resource.uid;
      why = `conversion answered ${res.status} ${text.slice(0, 200)}`;
      return undefined;
    },
    () => why,
  );
}
