import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { BinderNamer } from './ai-namer.js';
import { generateRecommendations } from './generate.js';
import { claimRun, finishRun, requeueRun } from './runs.js';

export const GENERATE_JOB = 'generate-recommendations';
/** How long a generation that left files still being read waits before looking again. */
const READ_WAIT_SECONDS = 3;

/** Sends generation jobs: at once when the user asks, debounced when items arrive. */
export interface RecommendationScheduler {
  generateNow(ownerId: string): Promise<void>;
  /** New unfiled items arrived: generate once they have settled (sends meanwhile fold into one run). */
  itemsAdded(ownerId: string): Promise<void>;
}

/**
 * `itemsAdded` for callers that must not fail because of it (an upload, an import): a generation that
 * could not be queued is only logged, and runs at the next arrival.
 */
export function itemsAddedQuietly(
  scheduler: RecommendationScheduler,
  log: { warn(obj: object, msg: string): void },
): (ownerId: string) => void {
  return (ownerId) =>
    void scheduler
      .itemsAdded(ownerId)
      .catch((err: unknown) => log.warn({ err }, 'could not queue recommendations'));
}

export function createRecommendationScheduler(
  queue: JobQueue,
  { debounceSeconds }: { debounceSeconds: number },
): RecommendationScheduler {
  return {
    async generateNow(ownerId) {
      await queue.send(GENERATE_JOB, { ownerId, askedAt: Date.now() }, { singletonKey: `now:${ownerId}` });
    },
    async itemsAdded(ownerId) {
      await queue.send(
        GENERATE_JOB,
        // Any run that starts after the items arrived sees them, debounced or not.
        { ownerId, askedAt: Date.now() },
        { singletonKey: `auto:${ownerId}`, startAfterSeconds: debounceSeconds },
      );
    },
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs generations in this process, one at a time (the engine holds a whole desk in memory). A user's
 * generation never runs twice at once: a job finding one running asks it to go once more instead.
 */
export async function registerRecommendationJobs(
  queue: JobQueue,
  db: Db,
  { namer }: { namer?: BinderNamer } = {},
): Promise<void> {
  await queue.work(
    GENERATE_JOB,
    async (data) => {
      const ownerId = typeof data.ownerId === 'string' ? data.ownerId : null;
      if (!ownerId) throw new Error('A generation job needs an ownerId');
      const askedAt = typeof data.askedAt === 'number' ? data.askedAt : Date.now();
      if ((await claimRun(db, ownerId, askedAt)) !== 'claimed') return;
      let created = 0;
      let unfiled = 0;
      let waiting = 0;
      for (;;) {
        try {
          const result = await generateRecommendations(db, ownerId, { namer });
          created += result.created;
          // A pass asked for again meanwhile looks only at what the first left ungrouped.
          unfiled = Math.max(unfiled, result.unfiled);
          waiting = result.waiting;
        } catch (error) {
          await finishRun(db, ownerId, { error: `Generation failed: ${messageOf(error)}` });
          throw error;
        }
        if ((await finishRun(db, ownerId, { created, unfiled })).again) continue;
        // Files still being read get their turn once read (their own job takes seconds).
        if (waiting > 0) {
          await requeueRun(db, ownerId);
          await queue.send(
            GENERATE_JOB,
            { ownerId, askedAt: Date.now() },
            { singletonKey: `auto:${ownerId}`, startAfterSeconds: READ_WAIT_SECONDS },
          );
        }
        return;
      }
    },
    { concurrency: 1, retryLimit: 1 },
  );
}
