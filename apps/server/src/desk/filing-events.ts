import { sql } from 'drizzle-orm';
import { uuidArray } from '../db/array-params.js';
import { type Db, queryRows } from '../db/client.js';

export type FilingKind = 'moved' | 'accepted' | 'dismissed';

/**
 * Records that these items were filed into (or, dismissed, proposed for) a binder: the engine's
 * training data. Only items of `ownerId` and a binder of theirs are recorded; call it inside the
 * transaction that makes the change, so history and desk never disagree.
 */
export async function recordFilings(
  db: Db,
  ownerId: string,
  objectIds: string[],
  binderId: string,
  kind: FilingKind,
  recommendationId: number | null = null,
): Promise<void> {
  if (objectIds.length === 0) return;
  await queryRows(
    db,
    sql`INSERT INTO filing_events (owner_id, object_id, binder_id, kind, recommendation_id)
        SELECT ${ownerId}, o.id, b.id, ${kind}, ${recommendationId}::bigint
        FROM objects o, objects b
        WHERE o.owner_id = ${ownerId} AND o.id = ANY(${uuidArray(objectIds)})
          AND b.owner_id = ${ownerId} AND b.id = ${binderId} AND b.data_type = 'binder_object'
        RETURNING 1`,
  );
}

/** Forgets what one recommendation's accept or dismissal recorded (the accept was undone). */
export async function forgetFilings(db: Db, ownerId: string, recommendationId: number): Promise<void> {
  await queryRows(
    db,
    sql`DELETE FROM filing_events WHERE owner_id = ${ownerId} AND recommendation_id = ${recommendationId}
        RETURNING 1`,
  );
}
