/**
 * Serves /work/shared/fixtures/pdfs at `/fixtures/<name>` for browser tests, with
 * HTTP range requests (as pdf.js uses them) and `?delay=<ms>` to imitate a slow link.
 * Koa-style middleware for @web/test-runner's dev server.
 */
import { readFile } from 'node:fs/promises';
import { resolve, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.ESIGN_FIXTURES ?? resolve(fileURLToPath(new URL('../../', import.meta.url)), '../shared/fixtures/pdfs');

interface KoaLikeContext {
  path: string;
  query: Record<string, string | string[] | undefined>;
  get(name: string): string;
  set(name: string, value: string): void;
  status: number;
  body: unknown;
  /** koa-compress's switch: compressed bodies make pdf.js give up range requests. */
  compress?: boolean;
}

/** Fields the REST stand-in returns for template `tracemonkey`. */
export const REST_STUB_FIELDS = [
  { page: 1, ax: 0.1, ay: 0.1, bx: 0.4, by: 0.15, element_type: 'signature', signer: 1, value: '', label: 'Sign here' },
  { page: 2, ax: 0.5, ay: 0.5, bx: 0.8, by: 0.55, element_type: 'text', signer: 2, value: 'Filled', label: 'Name' },
];

/**
 * `/rest/api/v1/templatepdf/<fixture name without .pdf>/` (and `/fields/`): a stand-in for the server's two
 * template endpoints, accepting only `Authorization: Bearer good-token` (401 otherwise), so the viewer's REST
 * path is tested without the demo server.
 */
async function restStub(ctx: KoaLikeContext): Promise<boolean> {
  const match = /^\/rest\/api\/v1\/templatepdf\/([\w-]+)\/(fields\/)?$/.exec(ctx.path);
  if (!match) return false;
  ctx.set('Cache-Control', 'no-store');
  if (ctx.get('Authorization') !== 'Bearer good-token') {
    ctx.status = 401;
    ctx.set('Content-Type', 'application/json');
    ctx.body = JSON.stringify({ error: 'unauthorized', message: 'The token has expired.' });
    return true;
  }
  if (match[2]) {
    ctx.status = 200;
    ctx.set('Content-Type', 'application/json');
    ctx.body = JSON.stringify(REST_STUB_FIELDS);
    return true;
  }
  return false;
}

/** What was asked of each fixture: whole-file requests, range requests and the bytes they carried. */
const stats = new Map<string, { full: number; ranges: number; rangeBytes: number }>();

export async function fixtureMiddleware(ctx: KoaLikeContext, next: () => Promise<unknown>): Promise<unknown> {
  if (await restStub(ctx)) return undefined;
  // `/fixture-stats/<name>` answers the counters for <name>; `?reset` zeroes them.
  if (ctx.path.startsWith('/fixture-stats/')) {
    const name = basename(decodeURIComponent(ctx.path.slice('/fixture-stats/'.length)));
    if ('reset' in ctx.query) stats.delete(name);
    ctx.set('Content-Type', 'application/json');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = JSON.stringify(stats.get(name) ?? { full: 0, ranges: 0, rangeBytes: 0 });
    return undefined;
  }
  const restPdf = /^\/rest\/api\/v1\/templatepdf\/([\w-]+)\/$/.exec(ctx.path);
  if (!restPdf && !ctx.path.startsWith('/fixtures/')) return next();
  // `/fixtures/<name>` may leave out `.pdf`: the test runner marks every path with an extension as cacheable
  // for a year, and a browser cache answering range requests would hide what the viewer asked for.
  const asked = restPdf ? restPdf[1] : basename(decodeURIComponent(ctx.path.slice('/fixtures/'.length)));
  const name = asked.includes('.') ? asked : `${asked}.pdf`;
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(root, name));
  } catch {
    ctx.status = 404;
    ctx.body = 'not found';
    return undefined;
  }
  const delay = Number(ctx.query.delay ?? 0);
  if (delay > 0) await new Promise((r) => setTimeout(r, Math.min(delay, 10000)));
  ctx.compress = false;
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', 'no-store');
  const range = /^bytes=(\d+)-(\d*)$/.exec(ctx.get('Range') || '');
  const counters = stats.get(name) ?? { full: 0, ranges: 0, rangeBytes: 0 };
  stats.set(name, counters);
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(bytes.length - 1, range[2] ? Number(range[2]) : bytes.length - 1);
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
    ctx.body = bytes.subarray(start, end + 1);
    counters.ranges++;
    counters.rangeBytes += end + 1 - start;
  } else {
    counters.full++;
    ctx.status = 200;
    ctx.body = bytes;
  }
  return undefined;
}
