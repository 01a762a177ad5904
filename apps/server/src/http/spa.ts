import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/v1/'];

/**
 * Serves the built web app: hashed assets cached for good, and index.html (never cached) for every
 * other GET, so the client router draws its own pages, the not-found page included. Unknown API
 * paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string | undefined) {
  const hasSpa = !!webDistDir && existsSync(path.join(webDistDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasSpa) {
    // A share from the phone (the manifest's share target) is taken by the app's service worker, which
    // keeps it for the signed-in page to save with its own token: the server cannot, the token lives in
    // the page. One that reaches the server found no worker (the app never opened in this browser, or
    // its data was cleared): the body is left unread and the page asks to open Easio once and share again.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.post('/share', async (_request, reply) => reply.redirect('/share?error=not-ready', 303));
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p)) || request.url === '/api';
    if (isApi || !hasSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
