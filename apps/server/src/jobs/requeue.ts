import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import type { JobQueue, NewJob } from './job-queue.js';

/** Items read and jobs queued per round of a re-queue. */
export const REQUEUE_BATCH = 1000;

/** A job about one object (`{objectId}`), keyed by it: a second request while one waits is dropped. */
export const objectJob = (objectId: string): NewJob => ({ data: { objectId }, singletonKey: objectId });

/**
 * Queues again, in rounds of `REQUEUE_BATCH` in id order, a job of kind `name` (`objectJob`) for every
 * object that matches every `waiting` condition: those a crash left without one. An object whose key
 * already has a job waiting, retrying or running is skipped, so each ends up queued once. Between rounds
 * the event loop turns: on PGlite a query settles without it turning, so a loop of queries would hold
 * every request back until it ended. `waiting` should match a partial index (written with literals, not
 * parameters, so the planner can use it), or each round reads the table. `signal` stops it between
 * rounds (the server stopping: the next start goes on). Answers how many objects were waiting (so far).
 */
export async function requeueObjects(
  queue: JobQueue,
  db: Db,
  { name, signal }: { name: string; signal?: AbortSignal },
  ...waiting: SQL[]
): Promise<number> {
  let found = 0;
  let after: string | null = null;
  for (;;) {
    const page = await nextPage(db, waiting, after);
    found += page.length;
    if (page.length > 0) {
      await queue.sendMany(
        name,
        page.map((id) => objectJob(id)),
        { skipLive: true },
      );
    }
    after = page.at(-1) ?? null;
    if (page.length < REQUEUE_BATCH || signal?.aborted) return found;
    await nextTurn();
  }
}

/**
 * The next ids after `after`, walking the partial index in id order. Bitmap scans are off for it: on
 * PGlite, which never analyzes, the planner guesses a handful of waiting rows and would read all
 * 100,000, then sort them, for every page.
 */
async function nextPage(db: Db, waiting: SQL[], after: string | null): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const page = await tx
      .select({ id: objects.id })
      .from(objects)
      .where(and(...waiting, after ? gt(objects.id, after) : undefined))
      .orderBy(asc(objects.id))
      .limit(REQUEUE_BATCH);
    return page.map((row) => row.id);
  });
}
