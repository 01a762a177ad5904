import type { ConnectionService } from '@easio/shared';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createSourcesRepository } from './repository.js';
import type { SyncRunner } from './sync-runner.js';

export const SYNC_JOB = 'source-sync';

export interface SyncScheduler {
  /** Queues a sync of the connection (one at a time per connection: a second ask while queued folds in). */
  syncNow(connectionId: string): Promise<void>;
}

export function createSyncScheduler(queue: JobQueue, db: Db): SyncScheduler {
  const repo = createSourcesRepository(db);
  return {
    async syncNow(connectionId) {
      await repo.markQueued(connectionId);
      await queue.send(SYNC_JOB, { connectionId }, { singletonKey: connectionId });
    },
  };
}

/**
 * The job worker's side of `syncNow`: runs syncs in this process, at most two at once, each retried after a
 * crash, resuming from its cursor. Registered with every other job kind by `registerJobHandlers` (services.ts).
 * After the last attempt the connection says why it stopped (a sync whose process died every time would
 * otherwise stay `syncing`), and is tried again after SYNC_EVERY_MINUTES like any failed one.
 */
export async function registerSyncJobs(queue: JobQueue, runner: SyncRunner, db: Db): Promise<void> {
  const repo = createSourcesRepository(db);
  await queue.work(
    SYNC_JOB,
    async (data) => {
      if (typeof data.connectionId !== 'string') throw new Error('A sync job needs a connectionId');
      await runner.sync(data.connectionId);
    },
    {
      retryLimit: 3,
      concurrency: 2,
      onFinalFailure: async (data, error) => {
        if (typeof data.connectionId === 'string') await repo.finishSync(data.connectionId, error.message);
      },
    },
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
  const due = await createSourcesRepository(db).dueForSync(services, minutes);
  for (const id of due) await scheduler.syncNow(id);
  return due.length;
}
