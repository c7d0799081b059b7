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
}

export async function fixtureMiddleware(ctx: KoaLikeContext, next: () => Promise<unknown>): Promise<unknown> {
  if (!ctx.path.startsWith('/fixtures/')) return next();
  const name = basename(decodeURIComponent(ctx.path.slice('/fixtures/'.length)));
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
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', 'no-store');
  const range = /^bytes=(\d+)-(\d*)$/.exec(ctx.get('Range') || '');
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(bytes.length - 1, range[2] ? Number(range[2]) : bytes.length - 1);
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
    ctx.body = bytes.subarray(start, end + 1);
  } else {
    ctx.status = 200;
    ctx.body = bytes;
  }
  return undefined;
}
