/**
 * A tiny static file server for e2e pages that must not depend on the demo server (the CDN script-tag
 * page serves dist/ the way any static host or CDN would). Listens on 127.0.0.1, port 0.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
};

export interface StaticServer {
  url: string;
  /** Every path requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves `pages` (path → HTML) and `mounts` (URL prefix ending in `/` → directory). `cors` adds
 * `Access-Control-Allow-Origin: *`, as public CDNs do (module scripts from another origin need it).
 */
export async function startStaticServer(options: { mounts: Record<string, string>; pages?: Record<string, string>; cors?: boolean }): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (options.cors) response.setHeader('Access-Control-Allow-Origin', '*');
    const page = options.pages?.[path];
    if (page !== undefined) {
      response.writeHead(200, { 'Content-Type': TYPES['.html'] }).end(page);
      return;
    }
    for (const [prefix, dir] of Object.entries(options.mounts)) {
      if (!path.startsWith(prefix)) continue;
      const root = resolve(dir);
      const file = resolve(root, `./${path.slice(prefix.length)}`);
      if (!file.startsWith(root + sep)) break;
      try {
        const { size } = statSync(file);
        response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': size });
        createReadStream(file).pipe(response);
        return;
      } catch {
        break;
      }
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end(`not found: ${path}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
