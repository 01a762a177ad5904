import type PgBoss from 'pg-boss';

// Statements on pg-boss's job table that its API lacks: leases renewed and taken back, live keys.

/** pg-boss's schema (its default), named here because leases write its job table directly. */
export const BOSS_SCHEMA = 'pgboss';

/** What a job taken back from a process that stopped renewing it fails with, when it has no attempt left. */
export const LAPSED_MESSAGE = 'The server running the job stopped before it ended';

export interface RunningJob {
  name: string;
  id: string;
}

/**
 * A running job's lease is pg-boss's `expire_in`, counted from `started_on`: renewing it sets it to the
 * time run so far plus `leaseSeconds`. One statement for every job this process runs; a job no longer
 * active (taken back meanwhile) is left alone. Answers the ids renewed.
 */
export async function renewLeases(
  db: PgBoss.Db,
  jobs: RunningJob[],
  leaseSeconds: number,
): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const { rows } = await db.executeSql(
    `UPDATE ${BOSS_SCHEMA}.job AS j
     SET expire_in = (now() - j.started_on) + make_interval(secs => $3::float8)
     FROM unnest($1::text[], $2::uuid[]) AS r(name, id)
     WHERE j.name = r.name AND j.id = r.id AND j.state = 'active'
     RETURNING j.id`,
    [jobs.map((j) => j.name), jobs.map((j) => j.id), leaseSeconds],
  );
  return new Set(rows.map((row) => String(row.id)));
}

/** Jobs taken back at most per pass (the next pass takes the rest). */
const RECLAIM_BATCH = 500;

/**
 * Takes back jobs whose lease lapsed (their process died, or stalled longer than the lease), except
 * those this process runs (`mine`: alive by definition, however late its renewal): one with attempts
 * left goes back to `retry` to run again at once (no backoff: the job did not fail, its process went
 * away), and one without is failed into its dead letter queue as pg-boss fails jobs, so its
 * `onFinalFailure` runs. The attempt counts either way, so a job that kills its process ends. Rows
 * being renewed or taken back by another process are skipped (`SKIP LOCKED`). Answers the kinds (and
 * dead letter queues) that got a job to run.
 */
export async function reclaimLapsedJobs(
  db: PgBoss.Db,
  mine: string[],
  leaseSeconds: number,
): Promise<string[]> {
  const output = JSON.stringify({ message: LAPSED_MESSAGE });
  const { rows } = await db.executeSql(
    `WITH lapsed AS (
       SELECT name, id FROM ${BOSS_SCHEMA}.job
       WHERE state = 'active' AND started_on + expire_in < now() AND NOT (id = ANY($1::uuid[]))
       LIMIT ${RECLAIM_BATCH}
       FOR UPDATE SKIP LOCKED
     ), retried AS (
       UPDATE ${BOSS_SCHEMA}.job AS j
       SET state = 'retry', start_after = now(), output = $2::jsonb
       FROM lapsed AS l
       WHERE j.name = l.name AND j.id = l.id AND j.retry_count < j.retry_limit
       RETURNING j.name
     ), failed AS (
       UPDATE ${BOSS_SCHEMA}.job AS j
       SET state = 'failed', completed_on = now(), output = $2::jsonb
       FROM lapsed AS l
       WHERE j.name = l.name AND j.id = l.id AND j.retry_count >= j.retry_limit
       RETURNING j.name, j.data, j.dead_letter, j.retry_limit, j.keep_until, j.start_after
     ), dead AS (
       INSERT INTO ${BOSS_SCHEMA}.job (name, data, output, retry_limit, keep_until, expire_in)
       SELECT dead_letter, data, $2::jsonb, retry_limit, keep_until + (keep_until - start_after),
         make_interval(secs => $3::float8)
       FROM failed
       WHERE dead_letter IS NOT NULL AND name <> dead_letter
       RETURNING name
     )
     SELECT name FROM retried UNION SELECT name FROM dead`,
    [mine, output, leaseSeconds],
  );
  return rows.map((row) => String(row.name));
}

/**
 * The keys among `keys` that already have a job of kind `name` waiting, retrying or running: the
 * start-up re-queue skips them, so nothing is done twice at once.
 */
export async function keysWithLiveJobs(db: PgBoss.Db, name: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.executeSql(
    `SELECT singleton_key FROM ${BOSS_SCHEMA}.job
     WHERE name = $1 AND state < 'completed' AND singleton_key = ANY($2::text[])`,
    [name, keys],
  );
  return new Set(rows.map((row) => String(row.singleton_key)));
}

/** Archived jobs are kept this long (pg-boss's own default), then dropped. */
const ARCHIVE_KEPT = '7 days';

/** Drops archived jobs over a week old (pg-boss's maintenance did, before leases replaced it). */
export async function dropOldArchive(db: PgBoss.Db): Promise<void> {
  await db.executeSql(
    `DELETE FROM ${BOSS_SCHEMA}.archive WHERE archived_on < now() - interval '${ARCHIVE_KEPT}'`,
    [],
  );
}

/**
 * Indexes pg-boss's job table lacks for what this queue asks of it, made once (any process, under an
 * advisory lock): pg-boss's fetch orders waiting jobs by priority and age, which its own index cannot
 * give, so with 100,000 waiting it sorted them all at every fetch; leases look for active jobs; the
 * re-queue looks keys up. pg-boss creates each queue's table later by copying this one, which brings
 * them along. A pg-boss upgrade that rebuilds the table loses them, and the next start makes them again.
 */
export async function ensureJobIndexes(db: PgBoss.Db): Promise<void> {
  await db.executeSql(
    `BEGIN;
     SELECT pg_advisory_xact_lock(hashtext('easio_job_indexes'));
     CREATE INDEX IF NOT EXISTS easio_job_fetch_i ON ${BOSS_SCHEMA}.job (name, priority DESC, created_on, id)
       WHERE state < 'active';
     CREATE INDEX IF NOT EXISTS easio_job_active_i ON ${BOSS_SCHEMA}.job (name, started_on) WHERE state = 'active';
     CREATE INDEX IF NOT EXISTS easio_job_key_i ON ${BOSS_SCHEMA}.job (name, singleton_key)
       WHERE state < 'completed';
     COMMIT;`,
    [],
  );
}

/**
 * On PGlite, which never runs autovacuum: analyzes pg-boss's tables that autovacuum would (changed by more
 * than 50 rows and a tenth since their last analysis), so the planner knows a queue holds 100,000 jobs and
 * fetches through the index above rather than sorting them.
 */
export async function analyzeChangedJobTables(db: PgBoss.Db): Promise<void> {
  const { rows } = await db.executeSql(
    `SELECT relname FROM pg_stat_user_tables
     WHERE schemaname = '${BOSS_SCHEMA}' AND n_mod_since_analyze > 50 + 0.1 * n_live_tup`,
    [],
  );
  for (const row of rows) await db.executeSql(`ANALYZE ${BOSS_SCHEMA}."${String(row.relname)}"`, []);
}
