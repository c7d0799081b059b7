/**
 * Browser-facing headers on every answer: a Content-Security-Policy without inline scripts and without
 * 'unsafe-eval', `nosniff`, a Referrer-Policy, and a frame policy. They are the same for every answer, so
 * they are computed once when the app is built (@fastify/helmet, used before, rebuilt its middleware and
 * re-parsed the CSP directives on every request: a few percent of a small request's CPU).
 *
 * Framing is decided per page: the signing, review and editor pages may be framed by other sites
 * only when their group allows it (`xframe_allow`); every other page, and any page whose group
 * cannot be told, is never framed. The route that serves a page sets the decision with
 * `allowFraming(reply, true)`; the default is deny. docs/security.md explains each header.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

const FRAMEABLE = Symbol('esign.frameable');
type FramingResponse = ServerResponse & { [FRAMEABLE]?: boolean };

/** Let other sites frame this answer (the group's `xframe_allow` said yes). */
export function allowFraming(reply: FastifyReply, allowed: boolean): void {
  (reply.raw as FramingResponse)[FRAMEABLE] = allowed;
}

function frameable(res: ServerResponse): boolean {
  return (res as FramingResponse)[FRAMEABLE] === true;
}

const CSP_DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  // pdf.js decodes JPEG 2000, JBIG2 and ICC colours in WebAssembly: 'wasm-unsafe-eval' allows
  // compiling wasm only, not eval() or new Function().
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
  // Lit and pdf.js position things with style attributes; styles cannot run code.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['font-src', ["'self'", 'data:']],
  ['connect-src', ["'self'", 'blob:', 'data:']],
  ['worker-src', ["'self'", 'blob:']],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  // Relaxed per answer in onSend below (the route decides after this header is set).
  ['frame-ancestors', ["'none'"]],
];

export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.map(([name, values]) => `${name} ${values.join(' ')}`).join(';');

/** The headers every answer starts with (names lower-case, as Fastify keeps them). */
export function securityHeaders(baseUrl: string): [string, string][] {
  const headers: [string, string][] = [
    ['content-security-policy', CONTENT_SECURITY_POLICY],
    ['cross-origin-opener-policy', 'same-origin'],
    // Components on a customer's page fetch PDFs and the library from here.
    ['cross-origin-resource-policy', 'cross-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-permitted-cross-domain-policies', 'none'],
    // The old XSS auditors could be abused to remove scripts from a page; 0 turns them off.
    ['x-xss-protection', '0'],
  ];
  // HSTS only means something over HTTPS.
  if (baseUrl.startsWith('https:')) headers.push(['strict-transport-security', `max-age=${180 * 24 * 3600}`]);
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, baseUrl: string): void {
  const headers = securityHeaders(baseUrl);
  // Set before the route runs, so a route can still replace one (the open-tracking image's Referrer-Policy).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
  // The CSP above decides framing; X-Frame-Options repeats "never" for browsers without CSP 2.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!frameable(reply.raw)) {
      reply.header('x-frame-options', 'DENY');
    } else {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
    }
    done(null, payload);
  });
}
