import { countryGuessSchema, placeMatchesSchema, placeSearchQuerySchema } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/error-responses.js';
import { countryOfAddress } from './country-of-address.js';
import { bundledGazetteer, searchGazetteer } from './gazetteer.js';

/**
 * `GET /api/geo/places`: the place names a signed-in user searches when setting a location, answered
 * from the bundled gazetteer (gazetteer.ts) in memory, so no outside geocoder learns what they look for.
 *
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

  app.withTypeProvider<ZodTypeProvider>().get(
    '/geo/places',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['meta'],
        summary:
          'Places (towns of 1,000 people or more) whose name starts with what was typed, from data bundled with the server',
        security: [{ bearer: [] }],
        querystring: placeSearchQuerySchema,
        response: { 200: placeMatchesSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      // The same data for everyone, so the browser may keep an answer a while.
      reply.header('cache-control', 'private, max-age=86400');
      const gazetteer = await bundledGazetteer();
      return { places: searchGazetteer(gazetteer, request.query.q, request.query.limit) };
    },
  );
}
