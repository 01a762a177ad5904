import type { GenerationState, GenerationStatus } from '@easio/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { recommendationRuns as runs } from '../db/schema.js';

/** A run still marked running after this long was cut off by a crash or a restart: it may be taken over. */
export const STALE_RUN_MINUTES = 15;

interface RunRow {
  state: GenerationState;
  requested_at: number | null;
  finished_at: number | null;
  created: number;
  unfiled: number;
  error: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toStatus(row: RunRow | undefined): GenerationStatus {
  if (!row)
    return { state: 'idle', requested_at: null, finished_at: null, created: 0, unfiled: 0, error: null };
  return {
    state: row.state,
    requested_at: iso(row.requested_at),
    finished_at: iso(row.finished_at),
    created: row.created,
    unfiled: row.unfiled,
    error: row.error,
  };
}

const stale = sql.raw(`now() - interval '${STALE_RUN_MINUTES} minutes'`);

/** The user's generation state, with no side effect. */
export async function runStatus(db: Db, ownerId: string): Promise<GenerationStatus> {
  const [row] = await db
    .select({
      state: sql<GenerationState>`${runs.state}`,
      requested_at: sql<number | null>`(extract(epoch FROM ${runs.requestedAt}) * 1000)::float8`,
      finished_at: sql<number | null>`(extract(epoch FROM ${runs.finishedAt}) * 1000)::float8`,
      created: runs.created,
      unfiled: runs.unfiled,
      error: runs.error,
    })
    .from(runs)
    .where(eq(runs.ownerId, ownerId));
  return toStatus(row);
}

/**
 * Marks a generation as asked for, unless one is queued or running already (asking twice makes one
 * run). The caller sends the job whenever the answer is `queued`: the queue keeps one waiting job per
 * user, so sending again is harmless and a queued state never waits on a job that was lost.
 */
export async function requestRun(db: Db, ownerId: string): Promise<GenerationStatus> {
  await db
    .insert(runs)
    .values({ ownerId, state: 'queued', requestedAt: sql`now()` })
    .onConflictDoUpdate({
      target: runs.ownerId,
      set: { state: 'queued', requestedAt: sql`now()`, error: null },
      setWhere: sql`${runs.state} IN ('done', 'failed') OR (${runs.state} = 'running' AND ${runs.startedAt} < ${stale})`,
    });
  return runStatus(db, ownerId);
}

/**
 * Takes the user's generation for this process, for a job asked for at `askedAt` (epoch ms). A run
 * that started after that ask already saw what it wanted seen: the job is then `covered`. When a run
 * that started before it is still going, that run is told to go once more when done (so the items
 * that arrived meanwhile are seen) and the job is `busy`.
 */
export async function claimRun(
  db: Db,
  ownerId: string,
  askedAt: number,
): Promise<'claimed' | 'covered' | 'busy'> {
  const asked = sql`to_timestamp(${askedAt / 1000})`;
  const [claimed] = await db
    .insert(runs)
    .values({ ownerId, state: 'running', requestedAt: sql`now()`, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: runs.ownerId,
      set: { state: 'running', startedAt: sql`now()`, again: false, error: null },
      setWhere: sql`(${runs.state} <> 'running'
          AND (${runs.state} = 'queued' OR ${runs.startedAt} IS NULL OR ${runs.startedAt} < ${asked}))
        OR ${runs.startedAt} < ${stale}`,
    })
    .returning({ state: runs.state });
  if (claimed) return 'claimed';
  const [told] = await db
    .update(runs)
    .set({ again: true })
    .where(and(eq(runs.ownerId, ownerId), eq(runs.state, 'running'), lt(runs.startedAt, asked)))
    .returning({ ownerId: runs.ownerId });
  return told ? 'busy' : 'covered';
}

/** Records the end of a run; answers whether another was asked for meanwhile (then it stays running). */
export async function finishRun(
  db: Db,
  ownerId: string,
  outcome: { created: number; unfiled: number } | { error: string },
): Promise<{ again: boolean }> {
  const [again] = await db
    .update(runs)
    .set({ again: false, startedAt: sql`now()` })
    .where(and(eq(runs.ownerId, ownerId), eq(runs.again, true)))
    .returning({ ownerId: runs.ownerId });
  if (again && !('error' in outcome)) return { again: true };
  if ('error' in outcome) {
    await db
      .update(runs)
      .set({ state: 'failed', finishedAt: sql`now()`, error: outcome.error })
      .where(eq(runs.ownerId, ownerId));
  } else {
    await db
      .update(runs)
      .set({
        state: 'done',
        finishedAt: sql`now()`,
        created: outcome.created,
        unfiled: outcome.unfiled,
        error: null,
      })
      .where(eq(runs.ownerId, ownerId));
  }
  return { again: false };
}

/** Marks a finished run as asked for again (a follow-up is on its way): clients keep watching. */
export async function requeueRun(db: Db, ownerId: string): Promise<void> {
  await db
    .update(runs)
    .set({ state: 'queued', requestedAt: sql`now()` })
    .where(and(eq(runs.ownerId, ownerId), eq(runs.state, 'done')));
}
