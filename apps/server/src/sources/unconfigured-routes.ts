import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const DROPBOX_NOT_CONFIGURED = 'Dropbox is not configured on this server';

/**
 * The spec's Dropbox call, on a server without Dropbox configured: the browser comes back to the app,
 * which shows the reason.
 */
export async function unconfiguredSourceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
