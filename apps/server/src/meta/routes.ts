import { type PublicConfig, publicConfigSchema } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.js';

/** `/api/config` and `/api/health`: what this server offers, and whether it is up. */
export async function metaRoutes(
  app: FastifyInstance,
  { publicConfig, database }: { publicConfig: PublicConfig; database: Database },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/config',
    {
      schema: {
        tags: ['meta'],
        summary: 'Which sources this server has configured',
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig,
  );
  r.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const, database: database.kind };
    },
  );
}
