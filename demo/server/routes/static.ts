/** The demo page (/), the developer portal (/portal/), demo/web under /demo/, the built library under /dist/, and /demo/sample.pdf. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { ApiError } from '../http/errors.ts';
import { samplePdf } from '../services/sample-pdf.ts';
import { allowFraming } from '../http/security-headers.ts';
import { framingAllowed, type FramedPage } from '../services/page-framing.ts';

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

function sendFile(reply: FastifyReply, file: string | undefined, what: string): FastifyReply {
  if (!file) throw new ApiError(404, 'not_found', `${what} not found.`);
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return reply.type(type).header('Cache-Control', 'no-cache').send(fs.createReadStream(file));
}

export default async function staticRoutes(app: App): Promise<void> {
  const { webDir, distDir } = app.config;
  const hidden = { config: { auth: 'public' as const }, schema: { hide: true } };

  app.get('/', hidden, async (_request, reply) => sendFile(reply, resolveInside(webDir, 'index.html'), 'The demo page (demo/web/index.html)'));

  // The developer portal (docs/portal.md); its script is built into dist/portal/ by `npm run build`.
  app.get('/portal/', hidden, async (_request, reply) => sendFile(reply, resolveInside(webDir, 'portal.html'), 'The portal page (demo/web/portal.html)'));
  // The GraphQL explorer (docs/graphql.md): our own page, no CDN.
  app.get('/graphql/', hidden, async (_request, reply) =>
    sendFile(reply, resolveInside(webDir, 'explorer.html'), 'The GraphQL explorer (demo/web/explorer.html)'),
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
    return sendFile(reply, resolveInside(webDir, rest), `/demo/${rest}`);
  });

  // The elements' build (esign-elements/dist), and over it the server package's own (demo/dist: the portal's script).
  const serverDist = path.join(import.meta.dirname, '..', '..', 'dist');
  app.get('/dist/*', wildcard, async (request, reply) => {
    const rest = request.params['*'];
    const file = resolveInside(serverDist, rest) ?? resolveInside(distDir, rest);
    if (!file && !fs.existsSync(distDir)) {
      throw new ApiError(404, 'not_built', 'The component library is not built yet: run `npm run build`, then reload.');
    }
    return sendFile(reply, file, `/dist/${rest}`);
  });
}

/** The pages a group may let other sites frame, and what names their group (see services/page-framing.ts). */
function framedPage(rest: string, query: Record<string, unknown>): FramedPage | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (rest === 'sign.html' || rest === 'review.html') return { signer: text(query.signer) };
  if (rest === 'editor.html') return { template: text(query.template) };
  return undefined;
}
