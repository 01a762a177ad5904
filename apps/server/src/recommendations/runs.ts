import type { GenerationState, GenerationStatus } from '@easio/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

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
  const [row] = await queryRows<RunRow>(
    db,
    sql`SELECT state, (extract(epoch FROM requested_at) * 1000)::float8 AS requested_at,
          (extract(epoch FROM finished_at) * 1000)::float8 AS finished_at, created, unfiled, error
        FROM recommendation_runs WHERE owner_id = ${ownerId}`,
  );
  return toStatus(row);
}

/**
 * Marks a generation as asked for, unless one is queued or running already (asking twice makes one
 * run). The caller sends the job whenever the answer is `queued`: the queue keeps one waiting job per
 * user, so sending again is harmless and a queued state never waits on a job that was lost.
 */
export async function requestRun(db: Db, ownerId: string): Promise<GenerationStatus> {
  await queryRows(
    db,
    sql`INSERT INTO recommendation_runs AS r (owner_id, state, requested_at) VALUES (${ownerId}, 'queued', now())
        ON CONFLICT (owner_id) DO UPDATE SET state = 'queued', requested_at = now(), error = NULL
        WHERE r.state IN ('done', 'failed') OR (r.state = 'running' AND r.started_at < ${stale})
        RETURNING 1`,
  );
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
  const [claimed] = await queryRows<{ state: string }>(
    db,
    sql`INSERT INTO recommendation_runs AS r (owner_id, state, requested_at, started_at)
        VALUES (${ownerId}, 'running', now(), now())
        ON CONFLICT (owner_id) DO UPDATE SET state = 'running', started_at = now(), again = false, error = NULL
        WHERE (r.state <> 'running' AND (r.state = 'queued' OR r.started_at IS NULL OR r.started_at < ${asked}))
          OR r.started_at < ${stale}
        RETURNING state`,
  );
  if (claimed) return 'claimed';
  const [told] = await queryRows(
    db,
    sql`UPDATE recommendation_runs SET again = true
        WHERE owner_id = ${ownerId} AND state = 'running' AND started_at < ${asked} RETURNING 1`,
  );
  return told ? 'busy' : 'covered';
}

/** Records the end of a run; answers whether another was asked for meanwhile (then it stays running). */
export async function finishRun(
  db: Db,
  ownerId: string,
  outcome: { created: number; unfiled: number } | { error: string },
): Promise<{ again: boolean }> {
  const [again] = await queryRows<{ again: boolean }>(
    db,
    sql`UPDATE recommendation_runs SET again = false, started_at = now()
        WHERE owner_id = ${ownerId} AND again RETURNING again`,
  );
  if (again && !('error' in outcome)) return { again: true };
  if ('error' in outcome) {
    await queryRows(
      db,
      sql`UPDATE recommendation_runs SET state = 'failed', finished_at = now(), error = ${outcome.error}
          WHERE owner_id = ${ownerId} RETURNING 1`,
    );
  } else {
    await queryRows(
      db,
      sql`UPDATE recommendation_runs SET state = 'done', finished_at = now(), created = ${outcome.created},
            unfiled = ${outcome.unfiled}, error = NULL
          WHERE owner_id = ${ownerId} RETURNING 1`,
    );
  }
  return { again: false };
}

/** Marks a finished run as asked for again (a follow-up is on its way): clients keep watching. */
export async function requeueRun(db: Db, ownerId: string): Promise<void> {
  await queryRows(
    db,
    sql`UPDATE recommendation_runs SET state = 'queued', requested_at = now()
        WHERE owner_id = ${ownerId} AND state = 'done' RETURNING 1`,
  );
}
