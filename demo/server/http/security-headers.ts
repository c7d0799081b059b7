/**
 * Browser-facing headers on every answer (@fastify/helmet): a Content-Security-Policy without
 * inline scripts and without 'unsafe-eval', `nosniff`, a Referrer-Policy, and a frame policy.
 *
 * Framing is decided per page: the signing, review and editor pages may be framed by other sites
 * only when their group allows it (`xframe_allow`); every other page, and any page whose group
 * cannot be told, is never framed. The route that serves a page sets the decision with
 * `allowFraming(reply, true)`; the default is deny. docs/security.md explains each header.
 */
import helmet from '@fastify/helmet';
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

export async function installSecurityHeaders(app: FastifyInstance, baseUrl: string): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // pdf.js decodes JPEG 2000, JBIG2 and ICC colours in WebAssembly: 'wasm-unsafe-eval' allows
        // compiling wasm only, not eval() or new Function().
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Lit and pdf.js position things with style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'blob:', 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Relaxed per answer in onSend below (helmet computes its headers before the route runs).
        frameAncestors: ["'none'"],
      },
    },
    // The CSP above decides framing; X-Frame-Options repeats "never" for browsers without CSP 2.
    frameguard: false,
    // Components on a customer's page fetch PDFs and the library from here.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS.
    strictTransportSecurity: baseUrl.startsWith('https:') ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!frameable(reply.raw)) {
      reply.header('X-Frame-Options', 'DENY');
      return;
    }
    const csp = reply.getHeader('Content-Security-Policy');
    if (typeof csp === 'string') reply.header('Content-Security-Policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
  });
}
