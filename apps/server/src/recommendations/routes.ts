import {
  acceptRecommendationSchema,
  acceptResultSchema,
  deleteRecommendationSchema,
  deleteResultSchema,
  generationStatusSchema,
  recommendationSchema,
  undoAcceptResultSchema,
  undoAcceptSchema,
} from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import { errorResponses } from '../http/error-responses.js';
import type { RecommendationService } from './service.js';

const errors = errorResponses(400, 401, 404, 409, 422);
const common = { tags: ['recommendations'], security: [{ bearer: [] }] };

/** `/api/recommendations/*`: the engine's filing proposals for the signed-in user, and their review. */
export async function recommendationRoutes(
  app: FastifyInstance,
  { recommendations }: { recommendations: RecommendationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  r.get(
    '/generate_recommendations',
    {
      schema: {
        ...common,
        summary:
          'Queues a generation of recommendations for the unfiled items (one at a time per user: asking ' +
          'while one is queued or running changes nothing) and answers where it stands',
        response: { 200: generationStatusSchema, ...errors },
      },
    },
    (request) => recommendations.generate(currentUser(request)),
  );

  r.get(
    '/generation_status',
    {
      schema: {
        ...common,
        summary: 'Where the last generation stands, without starting one',
        response: { 200: generationStatusSchema, ...errors },
      },
    },
    (request) => recommendations.status(currentUser(request)),
  );

  r.get(
    '/list_recommendations',
    {
      schema: {
        ...common,
        summary: 'Open recommendations (ignored false), newest id first, with the items still unfiled',
        response: { 200: z.array(recommendationSchema), ...errors },
      },
    },
    (request) => recommendations.list(currentUser(request)),
  );

  r.post(
    '/accept_recommendation',
    {
      schema: {
        ...common,
        summary:
          'Files the kept items in the chosen drawer and binder (made when missing) with the tags; ' +
          'items left out stay unfiled',
        body: acceptRecommendationSchema,
        response: { 200: acceptResultSchema, ...errors },
      },
    },
    (request) => recommendations.accept(currentUser(request), request.body),
  );

  r.post(
    '/delete_recommendation',
    {
      schema: {
        ...common,
        summary: 'Dismisses a recommendation: it is not proposed again in the same form',
        body: deleteRecommendationSchema,
        response: { 200: deleteResultSchema, ...errors },
      },
    },
    (request) => recommendations.remove(currentUser(request), request.body.id),
  );

  r.post(
    '/undo_accept',
    {
      schema: {
        ...common,
        summary:
          'Undoes an accept: the items still in its binder go back on the desk with the tags they had, ' +
          'a drawer or binder it made goes when empty, and the recommendation is open again',
        body: undoAcceptSchema,
        response: { 200: undoAcceptResultSchema, ...errors },
      },
    },
    (request) => recommendations.undoAccept(currentUser(request), request.body.id),
  );
}
