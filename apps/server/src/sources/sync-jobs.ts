import type { ConnectionService } from '@easio/shared';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sourceConnections } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { SyncRunner } from './sync-runner.js';

export const SYNC_JOB = 'source-sync';

export interface SyncScheduler {
  /** Queues a sync of the connection (one at a time per connection: a second ask while queued folds in). */
  syncNow(connectionId: string): Promise<void>;
}

export function createSyncScheduler(queue: JobQueue, db: Db): SyncScheduler {
  return {
    async syncNow(connectionId) {
      await db
        .update(sourceConnections)
        .set({ state: 'queued', lastError: null, updatedAt: sql`now()` })
        .where(
          and(eq(sourceConnections.id, connectionId), inArray(sourceConnections.state, ['idle', 'failed'])),
        );
      await queue.send(SYNC_JOB, { connectionId }, { singletonKey: connectionId });
    },
  };
}

/** Runs syncs in this process: at most two at once, each retried after a crash, resuming from its cursor. */
export async function registerSyncJobs(queue: JobQueue, runner: SyncRunner): Promise<void> {
  await queue.work(
    SYNC_JOB,
    async (data) => {
      if (typeof data.connectionId !== 'string') throw new Error('A sync job needs a connectionId');
      await runner.sync(data.connectionId);
    },
    { retryLimit: 3, concurrency: 2 },
  );
}

/**
 * Queues a sync for every connection of these services (those that pull) not synced for `minutes`, those
 * whose last sync stopped that long ago, and any left mid-sync by a crash.
 */
export async function queueDueSyncs(
  db: Db,
  scheduler: SyncScheduler,
  minutes: number,
  services: ConnectionService[],
): Promise<number> {
  if (services.length === 0) return 0;
  const due = await db
    .select({ id: sourceConnections.id })
    .from(sourceConnections)
    .where(
      and(
        inArray(sourceConnections.service, services),
        or(
          and(
            eq(sourceConnections.state, 'idle'),
            or(
              isNull(sourceConnections.lastSyncAt),
              lt(sourceConnections.lastSyncAt, sql`now() - make_interval(mins => ${minutes})`),
            ),
          ),
          // One that stopped (a mail server that dropped the line) is tried again, from where it stopped.
          and(
            eq(sourceConnections.state, 'failed'),
            lt(sourceConnections.updatedAt, sql`now() - make_interval(mins => ${minutes})`),
          ),
          and(
            eq(sourceConnections.state, 'syncing'),
            lt(sourceConnections.updatedAt, sql`now() - interval '30 minutes'`),
          ),
        ),
      ),
    );
  for (const { id } of due) await scheduler.syncNow(id);
  return due.length;
}
