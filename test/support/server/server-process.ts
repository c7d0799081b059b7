/**
 * Test and bench helper: runs the real server (`node demo/server/cli.ts serve`) as a child
 * process on 127.0.0.1 port 0, so it can be killed with SIGKILL and restarted on the same data
 * directory. Also the few API calls the webhook tests and bench need.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../../demo/server/cli.ts', import.meta.url));

export interface ServerProcess {
  baseUrl: string;
  /** The sandbox key printed on the first start of a data directory (undefined on later starts). */
  apiKey: string | undefined;
  groupId: string | undefined;
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Webhook settings for fast tests: tiny retry schedule, short leases, quick polling (development mode comes from --dev). */
export function fastWebhookEnv(schedule = '0,50,100,200,300,400,500,500,500,500,500,500,500,500,500,500,500,500,500,500'): NodeJS.ProcessEnv {
  return {
    ESIGN_WEBHOOK_RETRY_SCHEDULE: schedule,
    ESIGN_WEBHOOK_TIMEOUT_MS: '1000',
    ESIGN_WEBHOOK_LEASE_MS: '1500',
    ESIGN_WEBHOOK_POLL_MS: '25',
  };
}

/** Starts `esign-server serve --dev` (development mode: loopback callbacks allowed) unless `dev` is false. */
export function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}, dev = true): Promise<ServerProcess> {
  const flags = dev ? ['--dev'] : [];
  const child = spawn(process.execPath, [CLI, 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir, ...flags], {
    env: { ...process.env, ESIGN_LOG: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    // 60 s: a start takes seconds alone but over 20 s on a machine shared by many test runs; the bound only turns a hang into a failure.
    const timer = setTimeout(() => fail(new Error(`server did not start within 60 s:\n${out}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const listening = out.match(/listening on (http:\/\/[^\s/]+)\//);
      if (!listening) return;
      clearTimeout(timer);
      resolve({
        baseUrl: listening[1],
        apiKey: out.match(/sandbox API key:\s+(\S+)/)?.[1],
        groupId: out.match(/\/api\/v1\/group\/([0-9a-f-]{36})\//)?.[1],
        child,
        output: () => out,
        async kill(signal: NodeJS.Signals = 'SIGKILL') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code, signal) => fail(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)));
  });
}

/** A production key of the data directory's first admin (sandbox keys allow only 100 calls an hour). */
export function createProductionKey(dataDir: string): string {
  return execFileSync(process.execPath, [CLI, 'api-key', 'create', '--env', 'production', '--data', dataDir], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!
    .trim();
}

export async function api(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test helper: each test reads the answer it expects
): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (e.g. a PEM certificate)
  }
  return { status: res.status, json, headers: res.headers };
}

/** Uploads a one-page template with one signature field for signer 1; returns its id. */
export async function uploadTemplate(baseUrl: string, key: string, groupId: string, pdf: Uint8Array): Promise<string> {
  const res = await api(baseUrl, key, 'POST', '/api/v1/templatepdf/?returnAsJson=1', {
    group: `/api/v1/group/${groupId}/`,
    title: 'Webhook test template',
    pdf_file: Buffer.from(pdf).toString('base64'),
  });
  if (res.status !== 201) throw new Error(`template upload failed: ${res.status} ${JSON.stringify(res.json)}`);
  const location = res.headers.get('location') ?? '';
  const id = location.match(/templatepdf\/([^/]+)\//)?.[1] ?? res.json?.resource?.uid;
  if (!id) throw new Error(`no template id in ${location} / ${JSON.stringify(res.json)}`);
  const fields = await api(baseUrl, key, 'POST', `/api/v1/templatepdf/${id}/fields/`, [
    { ax: 0.1, ay: 0.8, bx: 0.4, by: 0.85, page: 1, element_type: 'signature', signer: 1 },
  ]);
  if (fields.status >= 300) throw new Error(`template fields failed: ${fields.status} ${JSON.stringify(fields.json)}`);
  return id;
}

/** Sends a document from the template to one signer; returns the document and signer ids. */
export async function sendDocument(
  baseUrl: string,
  key: string,
  groupId: string,
  templateId: string,
  name: string,
): Promise<{ documentId: string; recipientId: string }> {
  const res = await api(baseUrl, key, 'POST', '/api/v1/document/', {
    group: `/api/v1/group/${groupId}/`,
    name,
    templatepdf: `/api/v1/templatepdf/${templateId}/`,
    tag: name,
    signers: [{ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', order: 0 }],
  });
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.json)}`);
  const documentId = res.json.uuid ?? res.json.id ?? String(res.headers.get('location')).match(/status\/([^/]+)\//)?.[1];
  const recipientId = res.json.signer_objects?.[0]?.uuid ?? res.json.signers?.[0]?.uuid;
  return { documentId, recipientId };
}
