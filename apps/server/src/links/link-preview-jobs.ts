import { LINK_TYPES } from '@easio/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { objectJob, requeueObjects } from '../jobs/requeue.js';
import { type LinkPreviewer, markPreviewFailed } from './link-preview.js';

export const LINK_PREVIEW_JOB = 'preview-link';

const objectIdOf = (data: Record<string, unknown>) =>
  typeof data.objectId === 'string' ? data.objectId : undefined;

/** Runs link previews in this process; after the last retry the link shows why it has none. */
export async function registerLinkPreviewJobs(
  queue: JobQueue,
  previewer: LinkPreviewer,
  db: Db,
): Promise<void> {
  await queue.work(
    LINK_PREVIEW_JOB,
    async (data) => {
      const objectId = objectIdOf(data);
      if (!objectId) throw new Error('A link preview job needs an objectId');
      await previewer(objectId);
    },
    {
      retryLimit: 2,
      // Pages are waited for, not computed: a few at once.
      concurrency: 4,
      onFinalFailure: async (data, error) => {
        const objectId = objectIdOf(data);
        if (objectId) await markPreviewFailed(db, objectId, error);
      },
    },
  );
}

/** Queues previews of saved links (a second request for a link while one waits is dropped). */
export async function enqueueLinkPreviews(queue: JobQueue, objectIds: string[]): Promise<void> {
  await queue.sendMany(LINK_PREVIEW_JOB, objectIds.map(objectJob));
}

/**
 * Links saved but never previewed (the process died first): queued again at start-up, in rounds (one
 * that has a job already is not doubled). Answers how many.
 */
export async function requeuePendingPreviews(queue: JobQueue, db: Db, signal?: AbortSignal): Promise<number> {
  // `= 'pending'` written as a literal: the partial index objects_job_pending_idx serves it.
  return requeueObjects(
    queue,
    db,
    { name: LINK_PREVIEW_JOB, signal },
    sql`${objects.jobState} = 'pending'`,
    inArray(objects.dataType, [...LINK_TYPES]),
  );
}
