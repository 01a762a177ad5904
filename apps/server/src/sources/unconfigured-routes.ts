import { errorBodySchema } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/http-error.js';

export const GOOGLE_NOT_CONFIGURED = 'Google is not configured on this server';
export const DROPBOX_NOT_CONFIGURED = 'Dropbox is not configured on this server';

const redirectPath = z.object({ redirect_path: z.enum(['login', 'signup', 'my-source']).default('login') });

/**
 * The spec's Google and Dropbox calls, on a server with neither provider configured: API calls answer
 * 503 with a plain reason, and browser navigations come back to the app, which shows that reason.
 */
export async function unconfiguredSourceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const unavailable = (detail: string) => async () => {
    throw new HttpError(503, detail);
  };
  const api = (summary: string) => ({ tags: ['sources'], summary, response: { 503: errorBodySchema } });

  r.get(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Google (browser navigation)',
        querystring: redirectPath,
      },
    },
    async (request, reply) =>
      reply.redirect(`/${request.query.redirect_path}?error=${encodeURIComponent(GOOGLE_NOT_CONFIGURED)}`),
  );
  r.get(
    '/dropbox/get_auth_url/:source',
    {
      schema: {
        tags: ['sources'],
        summary: 'Connect Dropbox (browser navigation)',
        params: z.object({ source: z.string() }),
      },
    },
    async (request, reply) => {
      const back = request.params.source === 'my-source' ? 'my-source' : 'signup';
      return reply.redirect(`/${back}?error=${encodeURIComponent(DROPBOX_NOT_CONFIGURED)}`);
    },
  );
  r.get(
    '/google/get_auth_url/:source',
    { schema: api('Google consent address') },
    unavailable(GOOGLE_NOT_CONFIGURED),
  );
  r.get('/google/store_token', { schema: api('Google OAuth callback') }, unavailable(GOOGLE_NOT_CONFIGURED));
  r.get('/google/import_gdrive', { schema: api('Import Google Drive') }, unavailable(GOOGLE_NOT_CONFIGURED));
}
