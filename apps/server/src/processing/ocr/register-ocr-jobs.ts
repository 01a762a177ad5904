import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { objects } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { requeueObjects } from '../../jobs/requeue.js';
import { markOcrFailed, type OcrProcessor } from './ocr-job.js';

export const OCR_JOB = 'ocr-file';

const objectIdOf = (data: Record<string, unknown>) =>
  typeof data.objectId === 'string' ? data.objectId : undefined;

/** Runs OCR in this process, `concurrency` files at once; after the last retry the object shows why it failed. */
export async function registerOcrJobs(
  queue: JobQueue,
  processor: OcrProcessor,
  db: Db,
  concurrency: number,
): Promise<void> {
  await queue.work(
    OCR_JOB,
    async (data) => {
      const objectId = objectIdOf(data);
      if (!objectId) throw new Error('An OCR job needs an objectId');
      await processor(objectId);
    },
    {
      retryLimit: 2,
      concurrency,
      onFinalFailure: async (data, error) => {
        const objectId = objectIdOf(data);
        if (objectId) await markOcrFailed(db, objectId, error);
      },
    },
  );
}

/** Queues OCR of a stored file; a second request while one waits is dropped. */
export async function enqueueOcrJob(queue: JobQueue, objectId: string): Promise<void> {
  await queue.send(OCR_JOB, { objectId }, { singletonKey: objectId });
}

/**
 * Files left waiting for OCR or half read when the process stopped: queued again at start-up, in
 * rounds (one that has a job already, maybe still reading in another process, is not doubled). Answers
 * how many.
 */
export async function requeuePendingOcr(queue: JobQueue, db: Db, signal?: AbortSignal): Promise<number> {
  // Literals: the partial index objects_ocr_pending_idx serves them.
  return requeueObjects(
    queue,
    db,
    { name: OCR_JOB, signal },
    sql`${objects.ocrState} IN ('pending', 'reading')`,
    sql`${objects.duplicateOf} IS NULL`,
  );
}
