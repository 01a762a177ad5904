import { countryGuessSchema } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryOfAddress } from './country-of-address.js';

/**
 * `GET /api/geo/country`: the visitor's country guessed from their address, so the signup form can
 * preselect it without the browser calling any outside lookup service. The address is used for this
 * answer only, never stored. A failed lookup is logged and answers null.
 */
export async function geoRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/geo/country',
    {
      schema: {
        tags: ['meta'],
        summary: "The visitor's country guessed from their IP address (embedded GeoLite2 data), or null",
        response: { 200: countryGuessSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      try {
        return { country: await countryOfAddress(request.ip) };
      } catch (err) {
        request.log.warn({ err }, 'country lookup failed');
        return { country: null };
      }
    },
  );
}
