/** The demo page (/), the developer portal (/portal/), demo/web under /demo/, the built library under /dist/, and /demo/sample.pdf. */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { ApiError } from '../http/errors.ts';
import { samplePdf } from '../services/sample-pdf.ts';
import { allowFraming } from '../http/security-headers.ts';
import { framingAllowed, type FramedPage } from '../services/page-framing.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.pfb': 'application/octet-stream',
  '.icc': 'application/vnd.iccprofile',
  '.d.ts': 'text/plain; charset=utf-8',
};

/** The file for a request path inside `root`, or undefined when it escapes root or is not a file. */
export function resolveInside(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const rootResolved = path.resolve(root);
  const target = path.resolve(rootResolved, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== rootResolved && !target.startsWith(rootResolved + path.sep)) return undefined;
  try {
    if (!fs.statSync(target).isFile()) return undefined;
    // A symlink inside root must not lead outside it.
    const real = fs.realpathSync(target);
    const realRoot = fs.realpathSync(rootResolved);
    return real.startsWith(realRoot + path.sep) ? real : undefined;
  } catch {
    return undefined;
  }
}

/** Chunk names Vite gives a content hash (`esign-chunk-BBkGekD3.min.js`): their bytes never change under that name. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.min\.m?js$/;
/** Worth compressing when no precompressed copy exists (scripts/precompress.ts makes them for dist/ at build time). */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|wasm|bcmap|pfb|ttf|icc|map)$/i;
const RUNTIME_LIMIT = 4 * 1024 * 1024;

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings an Accept-Encoding header accepts, best first (`q=0` refuses one; `*` stands for the others). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) : 1);
  }
  const weightOf = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((e) => weightOf(e) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

/** Compressed copies made at request time (files without a precompressed one: demo/web/), by file, version and encoding. */
const runtimeCopies = new Map<string, Buffer>();
let runtimeBytes = 0;

/** A compressed body for `file`: its precompressed copy when that is current, else one compressed now (once). */
async function compressedBody(file: string, stat: fs.Stats, encoding: Encoding): Promise<{ path: string; size: number } | Buffer | undefined> {
  const copy = `${file}${SUFFIX[encoding]}`;
  try {
    const copyStat = fs.statSync(copy);
    if (copyStat.isFile() && copyStat.mtimeMs >= stat.mtimeMs) return { path: copy, size: copyStat.size };
  } catch {
    // no precompressed copy
  }
  if (!COMPRESSIBLE.test(file) || stat.size < 1024 || stat.size > RUNTIME_LIMIT) return undefined;
  const key = `${file}\0${stat.mtimeMs}\0${stat.size}\0${encoding}`;
  const cached = runtimeCopies.get(key);
  if (cached) return cached;
  const data = await fs.promises.readFile(file);
  const body =
    encoding === 'br'
      ? await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: data.length > 256 * 1024 ? 6 : 11 } })
      : await gzip(data, { level: 9 });
  if (body.length >= data.length) return undefined;
  // A small bounded cache: the demo's own pages and scripts, a few hundred KB in all.
  if (runtimeBytes + body.length > 32 * 1024 * 1024) {
    runtimeCopies.clear();
    runtimeBytes = 0;
  }
  runtimeCopies.set(key, body);
  runtimeBytes += body.length;
  return body;
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is still this version. */
function notModified(request: FastifyRequest, etag: string, mtimeMs: number): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/**
 * Sends a static file: Brotli or gzip when the client accepts it (a precompressed copy, or compressed once
 * here), `Cache-Control: immutable` for a content-hashed name and validators (ETag, Last-Modified, 304) for
 * every other, so a second visit costs a round trip per file and no bytes.
 */
async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string | undefined, what: string): Promise<FastifyReply> {
  if (!file) throw new ApiError(404, 'not_found', `${what} not found.`);
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const stat = fs.statSync(file);
  reply.type(type).header('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  reply.header('Last-Modified', new Date(stat.mtimeMs).toUTCString());
  let body: { path: string; size: number } | Buffer | undefined;
  let encoding: Encoding | undefined;
  for (const candidate of acceptedEncodings(request.headers['accept-encoding'])) {
    body = await compressedBody(file, stat, candidate);
    if (body) {
      encoding = candidate;
      break;
    }
  }
  if (COMPRESSIBLE.test(file) || fs.existsSync(`${file}.br`)) reply.header('Vary', 'Accept-Encoding');
  // One validator per representation: the compressed bytes differ from the file's.
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  reply.header('ETag', etag);
  if (notModified(request, etag, stat.mtimeMs)) return reply.code(304).send();
  if (!encoding || !body) return reply.header('Content-Length', stat.size).send(fs.createReadStream(file));
  reply.header('Content-Encoding', encoding);
  if (Buffer.isBuffer(body)) return reply.header('Content-Length', body.length).send(body);
  return reply.header('Content-Length', body.size).send(fs.createReadStream(body.path));
}

export default async function staticRoutes(app: App): Promise<void> {
  const { webDir, distDir } = app.config;
  const hidden = { config: { auth: 'public' as const }, schema: { hide: true } };

  app.get('/', hidden, async (request, reply) => sendFile(request, reply, resolveInside(webDir, 'index.html'), 'The demo page (demo/web/index.html)'));

  // The developer portal (docs/portal.md); its script is built into dist/portal/ by `npm run build`.
  app.get('/portal/', hidden, async (request, reply) =>
    sendFile(request, reply, resolveInside(webDir, 'portal.html'), 'The portal page (demo/web/portal.html)'),
  );
  // The GraphQL explorer (docs/graphql.md): GraphiQL from our own build (demo/dist/explorer/, under /dist/), no CDN.
  app.get('/graphql/', hidden, async (request, reply) =>
    sendFile(request, reply, resolveInside(webDir, 'explorer.html'), 'The GraphQL explorer (demo/web/explorer.html)'),
  );
  // The old key-pasting dashboard's address leads to the portal (its API-key tools live on at /demo/webhook-tools.html).
  app.get('/demo/dashboard.html', hidden, async (_request, reply) => reply.redirect('/portal/', 301));

  app.get('/demo/sample.pdf', hidden, async (_request, reply) => {
    const bytes = await samplePdf();
    return reply.type('application/pdf').header('Cache-Control', 'public, max-age=3600').send(Buffer.from(bytes));
  });

  // Hidden routes take any query; only the two framed pages read one (framedPage).
  const wildcard = { ...hidden, schema: { hide: true, params: Type.Object({ '*': Type.String() }), querystring: Type.Record(Type.String(), Type.Unknown()) } };
  app.get('/demo/*', wildcard, async (request, reply) => {
    const rest = request.params['*'] || 'index.html';
    const framed = framedPage(rest, request.query);
    if (framed) allowFraming(reply, await framingAllowed(app.store, framed));
    return sendFile(request, reply, resolveInside(webDir, rest), `/demo/${rest}`);
  });

  // The elements' build (esign-elements/dist), and over it the server package's own (demo/dist: the portal's script).
  const serverDist = path.join(import.meta.dirname, '..', '..', 'dist');
  app.get('/dist/*', wildcard, async (request, reply) => {
    const rest = request.params['*'];
    const file = resolveInside(serverDist, rest) ?? resolveInside(distDir, rest);
    if (!file && !fs.existsSync(distDir)) {
      throw new ApiError(404, 'not_built', 'The component library is not built yet: run `npm run build`, then reload.');
    }
    return sendFile(request, reply, file, `/dist/${rest}`);
  });
}

/** The pages a group may let other sites frame, and what names their group (see services/page-framing.ts). */
function framedPage(rest: string, query: Record<string, unknown>): FramedPage | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (rest === 'sign.html' || rest === 'review.html') return { signer: text(query.signer) };
  if (rest === 'editor.html') return { template: text(query.template) };
  return undefined;
}
