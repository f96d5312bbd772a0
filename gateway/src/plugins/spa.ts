import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite's content-hashed build output: safe to cache for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): revalidate every time, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>PowerPool</title></head>
<body>
<h1>PowerPool's web app is not built</h1>
<p>The gateway found no <code>index.html</code> to serve. Run <code>npm run build:web</code>, then reload this page.</p>
</body>
</html>
`;

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function isUnder(urlPath: string, prefix: string): boolean {
  return urlPath === prefix || urlPath.startsWith(`${prefix}/`);
}

export interface SpaOptions {
  webDistDir: string;
}

/**
 * Serve the built SPA: files from `webDistDir` (hashed `/assets/*` cached for a year, the rest
 * revalidated; brotli or gzip made at build time when the browser accepts it), and `index.html` for any other GET outside /api and /dev-idp (client-side
 * routes), via the not-found handler. Also answers every other unknown request with a JSON 404.
 * Call on the root instance: it sets the not-found handler.
 */
export async function spa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const root = path.resolve(options.webDistDir);
  const assetsDir = path.join(root, 'assets') + path.sep;
  const indexFile = path.join(root, 'index.html');

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes `.br` and `.gz` beside each text file (web/build/precompress.ts): the one the
    // browser accepts is sent, the plain file otherwise. The reply depends on Accept-Encoding, so
    // caches are told (Vary); an ETag is the sent file's own.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(request.url);
    if (isUnder(urlPath, '/api')) {
      return reply.code(404).send({ error: 'not_found', message: `No API route ${request.method} ${urlPath}` });
    }
    // A missing hashed asset (an old tab after a deploy) must fail as a 404, not as HTML served as JS.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isUnder(urlPath, '/dev-idp') && !isUnder(urlPath, '/assets');
    if (!isPage) {
      return reply.code(404).send({ error: 'not_found', message: `Not found: ${request.method} ${urlPath}` });
    }
    try {
      await access(indexFile);
    } catch {
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    return reply.code(200).sendFile('index.html');
  });
}
