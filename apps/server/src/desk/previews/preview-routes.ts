import { filePreviewSchema } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { PreviewService } from './preview-service.js';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** `GET /api/desk/objects/{id}/preview`: a document, spreadsheet, text or code file made fit to show. */
export async function previewRoutes(app: FastifyInstance, { previews }: { previews: PreviewService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);
  r.get(
    '/objects/:id/preview',
    {
      schema: {
        tags: ['desk'],
        summary:
          "A file's preview: Word, OpenDocument and Markdown as sanitised HTML, spreadsheets and CSV as a table of their first rows, text and code as text; or why it has none",
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: filePreviewSchema,
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request) => previews.preview(currentUser(request), request.params.id),
  );
}
