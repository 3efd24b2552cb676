/**
 * A tiny static file server for a built site, on 127.0.0.1 and a free port. Clean URLs resolve the way a
 * static host resolves them (`/a` → `a.html`, `/a/` → `a/index.html`); anything else is a 404 page.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  readonly url: string;
  /** Paths requested that had no file (each answered 404). */
  readonly missing: string[];
  close(): Promise<void>;
}

/** The file a URL path names under `root`, or undefined. */
export function fileFor(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  const abs = normalize(join(root, path));
  if (abs !== root && !abs.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  const candidates = path.endsWith('/') ? [join(abs, 'index.html')] : [abs, `${abs}.html`, join(abs, 'index.html')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

export async function serveStatic(root: string): Promise<StaticServer> {
  const missing: string[] = [];
  const server: Server = createServer((req, res) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileFor(root, req.url ?? '/') : undefined;
    if (!file) {
      missing.push(req.url ?? '');
      const notFound = join(root, '404.html');
      res.writeHead(404, { 'content-type': TYPES['.html']! });
      if (existsSync(notFound)) createReadStream(notFound).pipe(res);
      else res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    missing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
