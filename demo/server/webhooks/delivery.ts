/**
 * One HTTP attempt: POST the exact body with its signature headers, never follow a redirect,
 * give up after a deadline, and keep a bounded piece of the answer for the log. The SSRF check
 * runs inside the socket's DNS lookup, so the address checked is the address connected to (DNS
 * rebinding after registration is refused), and the connected peer is checked once more.
 */
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { bareHost, checkAddresses, classifyAddress, parseCallbackUrl } from './ssrf.ts';

export interface AttemptRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Development mode: loopback and private addresses allowed. */
  allowPrivate: boolean;
  /** How much of the response body to keep (characters). */
  maxResponseChars: number;
  /** DNS resolution (every address of a host), replaceable in tests; default the system resolver. */
  resolve?: Resolve;
}

export interface AttemptResult {
  status: number | null;
  responseBody: string;
  error: string | null;
  durationMs: number;
}

const USER_AGENT = 'esign-elements-webhooks/1.0';

type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * The connection's DNS lookup: every address the host resolves to is judged (a host answering a
 * public and a private address is refused), and the socket connects only to addresses so judged.
 */
function guardedLookup(allowPrivate: boolean, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const addresses = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const problem = checkAddresses(hostname, addresses, allowPrivate);
        if (problem) return callback(Object.assign(new Error(problem.message), { code: 'EWEBHOOKSSRF' }), '', 0);
        if (options.all) return callback(null, addresses as never);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export function attemptDelivery(request: AttemptRequest): Promise<AttemptResult> {
  const started = performance.now();
  const done = (status: number | null, responseBody: string, error: string | null): AttemptResult => ({
    status,
    responseBody,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const parsed = parseCallbackUrl(request.url);
  if (!parsed.ok) return Promise.resolve(done(null, '', parsed.message));
  const url = parsed.url;
  const host = bareHost(url);
  if (isIP(host) && !request.allowPrivate) {
    const kind = classifyAddress(host);
    if (kind) return Promise.resolve(done(null, '', `callback address ${host} is ${kind}; only public addresses are allowed`));
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(request.body)),
          'User-Agent': USER_AGENT,
          ...request.headers,
        },
        lookup: guardedLookup(request.allowPrivate, request.resolve ?? systemResolve),
        // A fresh connection per attempt: every attempt resolves, judges and connects again (no pooled socket skips the check).
        agent: false,
      },
      (res) => {
        // The status decides the outcome; the body is only for the log. Once enough of it is
        // kept (or the receiver is slow to finish it), answer with what we have.
        const status = res.statusCode ?? null;
        const redirect = status !== null && status >= 300 && status < 400;
        const note = redirect ? `redirect to ${res.headers.location ?? '(no location)'} not followed` : null;
        const chunks: Buffer[] = [];
        let kept = 0;
        const text = (truncated: boolean) => {
          let body = Buffer.concat(chunks).toString('utf8');
          if (truncated || body.length > request.maxResponseChars) body = `${body.slice(0, request.maxResponseChars)}… [truncated]`;
          return body;
        };
        onTimeout = () => {
          finish(done(status, text(true), note));
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept > request.maxResponseChars * 4) {
            finish(done(status, text(true), note));
            res.destroy();
          }
        });
        res.on('end', () => finish(done(status, text(false), note)));
        res.on('error', () => finish(done(status, text(true), note)));
      },
    );
    // Belt and braces: the peer actually connected to must be an address the guard allows.
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        const kind = request.allowPrivate ? null : classifyAddress(peer);
        if (kind) req.destroy(Object.assign(new Error(`connected to ${peer} (${kind}); only public addresses are allowed`), { code: 'EWEBHOOKSSRF' }));
      });
    });
    let onTimeout = () => {
      req.destroy(Object.assign(new Error(`no answer within ${request.timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    };
    const timer = setTimeout(() => onTimeout(), request.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code && !error.message.includes(error.code) ? ` (${error.code})` : '';
      finish(done(null, '', `${error.message}${code}`));
    });
    req.end(request.body);
  });
}

/** 2xx is success; everything else (3xx not followed, 4xx, 5xx, no answer) is a failed attempt. */
export function isSuccess(result: AttemptResult): boolean {
  return result.status !== null && result.status >= 200 && result.status < 300;
}
