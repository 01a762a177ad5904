import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description of every call; must be registered before the routes it describes. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Easio API',
        version: '1.0.0',
        description:
          'Errors are JSON `{detail}`. Authenticate with `Authorization: Bearer <access_token>` from `/api/auth/token`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
