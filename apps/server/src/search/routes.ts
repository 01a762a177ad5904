import {
  SEARCH_APPROXIMATE_HEADER,
  SEARCH_NEXT_OFFSET_HEADER,
  searchRequestSchema,
  searchResultSchema,
} from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import { errorResponses } from '../http/error-responses.js';
import type { SearchService } from './service.js';

const errors = errorResponses(400, 401, 404, 422);

/** `/api/search/*`: finding anything on the signed-in user's desk. */
export async function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  r.post(
    '/items',
    {
      schema: {
        tags: ['search'],
        summary:
          'Items matching text and filters, best first (or by date, name or size); the answer is the bare list, ' +
          `with the \`${SEARCH_NEXT_OFFSET_HEADER}\` header when there are more`,
        security: [{ bearer: [] }],
        body: searchRequestSchema,
        response: { 200: z.array(searchResultSchema), ...errors },
      },
      // The answer is built from typed rows (service.ts), so it is written out as it is: checking up to
      // 200 results against the schema again cost more than the statement itself on a large desk.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const page = await search.search(currentUser(request), request.body);
      if (page.nextOffset !== null) reply.header(SEARCH_NEXT_OFFSET_HEADER, String(page.nextOffset));
      if (page.correctedTo !== null) {
        reply.header(SEARCH_APPROXIMATE_HEADER, encodeURIComponent(page.correctedTo));
      }
      return page.results;
    },
  );
}
