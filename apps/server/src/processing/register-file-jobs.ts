import { LINK_TYPES } from '@easio/shared';
import { notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { objectJob, requeueObjects } from '../jobs/requeue.js';
import { type FileProcessor, markFileJobFailed } from './process-file.js';

export const FILE_JOB = 'process-file';

function objectIdOf(data: Record<string, unknown>): string | undefined {
  return typeof data.objectId === 'string' ? data.objectId : undefined;
}

/** Runs file processing in this process; after the last retry the object shows the reason it failed. */
export async function registerFileJobs(queue: JobQueue, processor: FileProcessor, db: Db): Promise<void> {
  await queue.work(
    FILE_JOB,
    async (data) => {
      const objectId = objectIdOf(data);
      if (!objectId) throw new Error('A file job needs an objectId');
      await processor(objectId);
    },
    {
      retryLimit: 3,
      onFinalFailure: async (data, error) => {
        const objectId = objectIdOf(data);
        if (objectId) await markFileJobFailed(db, objectId, error);
      },
    },
  );
}

/** Queues processing of a stored file; a second request while one waits is dropped. */
export async function enqueueFileJob(queue: JobQueue, objectId: string): Promise<void> {
  await queue.send(FILE_JOB, { objectId }, { singletonKey: objectId });
}

/** Queues processing of stored files, in one statement per thousand (as `enqueueFileJob` each). */
export async function enqueueFileJobs(queue: JobQueue, objectIds: string[]): Promise<void> {
  await queue.sendMany(FILE_JOB, objectIds.map(objectJob));
}

/**
 * Files stored but never processed: the process died between storing them and queueing their job.
 * Queued again at start-up, in rounds (one that has a job already is not doubled). Answers how many.
 */
export async function requeuePendingFiles(queue: JobQueue, db: Db, signal?: AbortSignal): Promise<number> {
  // `= 'pending'` written as a literal: the partial index objects_job_pending_idx serves it.
  return requeueObjects(
    queue,
    db,
    { name: FILE_JOB, signal },
    sql`${objects.jobState} = 'pending'`,
    notInArray(objects.dataType, [...LINK_TYPES]),
  );
}
