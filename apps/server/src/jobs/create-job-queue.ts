import type { Database } from '../db/client.js';
import type { JobQueue } from './job-queue.js';
import { executorFor } from './pg-boss-db.js';
import { type JobQueueOptions, PgBossJobQueue } from './pg-boss-job-queue.js';

export type { JobQueueOptions } from './pg-boss-job-queue.js';

/**
 * Jobs kept in `database` (schema `pgboss`, created on first start) through the app's own connection:
 * its pool on PostgreSQL, its one session on PGlite (whose job tables it analyzes itself: PGlite runs no
 * autovacuum). The queue never closes the database.
 */
export function createJobQueue(database: Database, options?: JobQueueOptions): JobQueue {
  return new PgBossJobQueue(executorFor(database), {
    analyzeJobTables: database.kind === 'pglite',
    ...options,
  });
}
