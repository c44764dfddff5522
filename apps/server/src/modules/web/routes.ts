/**
 * Serves the built React app: hashed assets with a long cache, and for every page path index.html
 * with that page's own <head>. Unknown /api/ paths answer JSON 404, never the app.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { pageHead, renderHead } from './head';

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><p>The web app is not built. Run <code>npm run build</code>.</p></body></html>`;

export const webRoutes: FastifyPluginAsync = async (app) => {
  const dist = app.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_INDEX;

  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
    // wildcard: false gives each built file its own route, so unknown paths reach the page handler.
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/') || url.pathname === '/api' || req.method !== 'GET') {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/')) {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    const head = pageHead(url.pathname, await app.catalog.get());
    const html = template.replace('<!--app-head-->', renderHead(head, app.config.publicUrl));
    return reply
      .code(head.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
};
