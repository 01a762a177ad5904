import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { createSourcesRepository } from '../repository.js';
import { createImportRepository } from './import-repository.js';
import type { ImportRunner } from './import-runner.js';
import type { KeptUploads } from './kept-uploads.js';

export const IMPORT_JOB = 'import-upload';

/** The `import-upload` job's payload. */
export const importJobSchema = z.object({ importId: z.uuid() });
export type ImportJob = z.infer<typeof importJobSchema>;

/** What the connection says of an import a stopped server cut off. */
export const INTERRUPTED =
  'The server stopped during this import. Resume goes on from where it stopped, without doubling anything.';

export interface ImportScheduler {
  /** Queues the import's job (a second ask while one waits folds into it). */
  queue(importId: string): Promise<void>;
}

export function createImportScheduler(queue: JobQueue): ImportScheduler {
  return {
    async queue(importId) {
      const job: ImportJob = { importId };
      await queue.send(IMPORT_JOB, job, { singletonKey: importId });
    },
  };
}

/**
 * The job worker's side: imports run in this process one at a time (each already paced to leave room for
 * other requests). The runner catches the import's own failures; a job fails only when the database does,
 * and is then retried.
 */
export async function registerImportJobs(queue: JobQueue, runner: ImportRunner): Promise<void> {
  await queue.work(
    IMPORT_JOB,
    async (data) => {
      const job = importJobSchema.parse(data);
      await runner.run(job.importId);
    },
    { retryLimit: 3, concurrency: 1 },
  );
}

/**
 * At start-up (and every minute where several processes share the database): imports left `running` by
 * a worker not heard of since `before` are `interrupted` (their owner sees it, with Resume: an import that
 * took the server down must not be started again by itself at every start); queued ones get their job again
 * (one lost between recording and queueing); kept uploads no unfinished import needs are removed.
 */
export async function reclaimImports(
  db: Db,
  scheduler: ImportScheduler,
  kept: KeptUploads,
  { before }: { before: Date },
): Promise<{ interrupted: number; queued: number; removed: number }> {
  const repo = createImportRepository(db);
  const connections = createSourcesRepository(db);
  const stale = await repo.interruptStale(before, INTERRUPTED);
  for (const { connectionId } of stale) {
    await connections.setImportState(connectionId, 'interrupted', INTERRUPTED);
  }
  const queued = await repo.queuedIds();
  for (const id of queued) await scheduler.queue(id);
  const removed = await kept.sweep((ids) => repo.unfinishedIds(ids));
  return { interrupted: stale.length, queued: queued.length, removed };
}
