// Test support: a tiny real HTTP server for the REST client's tests (Node only).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  type: string | undefined;
  body: string;
}

/** A tiny HTTP server that records requests and answers what each test tells it to. */
export async function withServer(answer: (req: Seen) => { status: number; body: string }, run: (endpoint: string, seen: Seen[]) => Promise<void>) {
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const s = { method: req.method!, url: req.url!, auth: req.headers.authorization, type: req.headers['content-type'], body };
    seen.push(s);
    const a = answer(s);
    res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen);
  } finally {
    await new Promise((r) => server.close(r));
  }
}
