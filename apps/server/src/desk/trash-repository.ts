import { sql } from 'drizzle-orm';
import { uuidArray } from '../db/array-params.js';
import { type Db, queryRows } from '../db/client.js';

/** The objects and everything inside them, by id (a folder's subtree). */
const subtree = (ownerId: string, ids: string[]) => sql`
  WITH RECURSIVE down AS (
    SELECT id FROM objects WHERE owner_id = ${ownerId} AND id = ANY(${uuidArray(ids)})
    UNION ALL
    SELECT o.id FROM objects o JOIN down ON o.parent_id = down.id AND o.owner_id = ${ownerId}
  )`;

/** A trashed object as the Trash lists it, with the folder it came from. */
export interface TrashedRow {
  id: string;
  trashed_at: Date | string;
  from_id: string | null;
  from_name: string | null;
  from_type: string | null;
}

/** Where deleted objects wait (`trashed_at`) before they go for good. */
export function createTrashRepository(db: Db) {
  return {
    /**
     * Moves the objects, and everything inside them, to the Trash: each is marked with the time;
     * those chosen leave their folder (remembered in `trashed_from`) so nothing on the desk reaches them.
     */
    async trash(ownerId: string, ids: string[]): Promise<number> {
      await queryRows(
        db,
        sql`${subtree(ownerId, ids)}
          UPDATE objects SET trashed_at = now() WHERE owner_id = ${ownerId} AND id IN (SELECT id FROM down)
          RETURNING 1`,
      );
      const moved = await queryRows(
        db,
        sql`UPDATE objects SET trashed_from = parent_id, parent_id = NULL, updated_at = now()
            WHERE owner_id = ${ownerId} AND id = ANY(${uuidArray(ids)}) RETURNING 1`,
      );
      return moved.length;
    },

    /** The deleted objects themselves (not what is inside them), most recently deleted first. */
    async page(ownerId: string, { after, limit }: { after?: string; limit: number }): Promise<TrashedRow[]> {
      const before = after
        ? sql`AND (o.trashed_at, o.id) < (SELECT trashed_at, id FROM objects WHERE owner_id = ${ownerId} AND id = ${after})`
        : sql``;
      return queryRows<TrashedRow>(
        db,
        sql`SELECT o.id, o.trashed_at, f.id AS from_id, f.name AS from_name, f.data_type AS from_type
            FROM objects o
            LEFT JOIN objects f ON f.id = o.trashed_from AND f.owner_id = o.owner_id AND f.trashed_at IS NULL
              AND f.data_type <> 'root_object'
            WHERE o.owner_id = ${ownerId} AND o.trashed_at IS NOT NULL AND o.parent_id IS NULL
              AND o.data_type <> 'root_object' ${before}
            ORDER BY o.trashed_at DESC, o.id DESC
            LIMIT ${limit}`,
      );
    },

    async count(ownerId: string): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM objects
            WHERE owner_id = ${ownerId} AND trashed_at IS NOT NULL AND parent_id IS NULL AND data_type <> 'root_object'`,
      );
      return row?.n ?? 0;
    },

    /** Of these ids, the owner's deleted objects themselves (what can be restored or deleted for good). */
    async findTrashed(
      ownerId: string,
      ids: string[],
    ): Promise<{ id: string; data_type: string; trashed_from: string | null }[]> {
      return queryRows(
        db,
        sql`SELECT id, data_type, trashed_from FROM objects
            WHERE owner_id = ${ownerId} AND id = ANY(${uuidArray(ids)})
              AND trashed_at IS NOT NULL AND parent_id IS NULL AND data_type <> 'root_object'`,
      );
    },

    /** Puts one deleted object back into `parentId`, and everything inside it back on the desk. */
    async restore(ownerId: string, id: string, parentId: string): Promise<void> {
      await queryRows(
        db,
        sql`${subtree(ownerId, [id])}
          UPDATE objects SET trashed_at = NULL WHERE owner_id = ${ownerId} AND id IN (SELECT id FROM down)
          RETURNING 1`,
      );
      await queryRows(
        db,
        sql`UPDATE objects SET parent_id = ${parentId}, trashed_from = NULL, updated_at = now()
            WHERE owner_id = ${ownerId} AND id = ${id} RETURNING 1`,
      );
    },

    /**
     * The deleted objects (of one owner, or all) deleted before `before` (whenever, when null): the
     * ones due to go for good, a thousand at most.
     */
    async due(before: Date | null, ownerId?: string): Promise<{ owner_id: string; id: string }[]> {
      return queryRows(
        db,
        sql`SELECT owner_id, id FROM objects
            WHERE trashed_at IS NOT NULL AND parent_id IS NULL AND data_type <> 'root_object'
              ${before ? sql`AND trashed_at < ${before.toISOString()}::timestamptz` : sql``}
              ${ownerId ? sql`AND owner_id = ${ownerId}` : sql``}
            ORDER BY trashed_at LIMIT 1000`,
      );
    },
  };
}

export type TrashRepository = ReturnType<typeof createTrashRepository>;
