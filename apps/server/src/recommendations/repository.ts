import { and, desc, eq, not, sql } from 'drizzle-orm';
import { textArray, uuidArray } from '../db/array-params.js';
import { type Db, queryRows } from '../db/client.js';
import {
  type AcceptRecord,
  type ObjectRow,
  objects,
  type RecommendationRow,
  recommendations,
} from '../db/schema.js';

/** At most this many open recommendations are listed (newest first). */
export const LIST_MAX = 200;

export function createRecommendationRepository(db: Db) {
  return {
    async listOpen(ownerId: string): Promise<RecommendationRow[]> {
      return db
        .select()
        .from(recommendations)
        .where(and(eq(recommendations.ownerId, ownerId), not(recommendations.ignored)))
        .orderBy(desc(recommendations.id))
        .limit(LIST_MAX);
    },

    /** The owner's items among `ids` that still lie unfiled on the desk (directly in `rootId`). */
    async unfiledItems(ownerId: string, rootId: string, ids: string[]): Promise<ObjectRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(objects)
        .where(
          and(
            eq(objects.ownerId, ownerId),
            eq(objects.parentId, rootId),
            sql`${objects.id} = ANY(${uuidArray(ids)})`,
          ),
        );
    },

    /** The recommendation, locked until the transaction ends (so it is accepted or deleted once). */
    async lockOwned(ownerId: string, id: number): Promise<RecommendationRow | undefined> {
      const [row] = await db
        .select()
        .from(recommendations)
        .where(and(eq(recommendations.ownerId, ownerId), eq(recommendations.id, id)))
        .for('update');
      return row;
    },

    /** Closes it: dismissed, or accepted with what the accept did (`record`, so it can be undone). */
    async close(id: number, accepted: AcceptRecord | null): Promise<void> {
      await db
        .update(recommendations)
        .set({ ignored: true, acceptedAt: accepted ? sql`now()` : null, acceptRecord: accepted })
        .where(eq(recommendations.id, id));
    },

    /** Opens an accepted one again (its accept undone). */
    async reopen(id: number): Promise<void> {
      await db
        .update(recommendations)
        .set({ ignored: false, acceptedAt: null, acceptRecord: null })
        .where(eq(recommendations.id, id));
    },

    /**
     * Puts the items still in `binderId` back on the desk (`rootId`) with the tags they had; answers
     * how many went back.
     */
    async unfile(
      ownerId: string,
      rootId: string,
      binderId: string,
      items: AcceptRecord['items'],
    ): Promise<number> {
      let moved = 0;
      for (const item of items) {
        const rows = await queryRows(
          db,
          sql`UPDATE objects SET parent_id = ${rootId}, tags = ${textArray(item.tags)}, updated_at = now()
              WHERE owner_id = ${ownerId} AND id = ${item.id} AND parent_id = ${binderId} RETURNING 1`,
        );
        moved += rows.length;
      }
      return moved;
    },

    /** Deletes a folder the accept made, if nothing is in it now (not even in the Trash). */
    async dropIfEmpty(ownerId: string, folderId: string): Promise<void> {
      await queryRows(
        db,
        sql`DELETE FROM objects f WHERE f.owner_id = ${ownerId} AND f.id = ${folderId}
              AND NOT EXISTS (SELECT 1 FROM objects c WHERE c.parent_id = f.id OR c.trashed_from = f.id)
            RETURNING 1`,
      );
    },

    /** The user's folder of this kind and name in `parentId` (names compare trimmed, case-insensitive). */
    async findFolder(
      ownerId: string,
      parentId: string,
      dataType: 'drawer_object' | 'binder_object',
      name: string,
    ): Promise<ObjectRow | undefined> {
      const [row] = await db
        .select()
        .from(objects)
        .where(
          and(
            eq(objects.ownerId, ownerId),
            eq(objects.parentId, parentId),
            eq(objects.dataType, dataType),
            sql`lower(btrim(${objects.name})) = lower(${name})`,
          ),
        )
        .orderBy(objects.createdAt, objects.id)
        .limit(1);
      return row;
    },

    async createFolder(
      ownerId: string,
      parentId: string,
      dataType: 'drawer_object' | 'binder_object',
      name: string,
    ): Promise<ObjectRow> {
      const [row] = await db.insert(objects).values({ ownerId, parentId, dataType, name }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Moves the items into the binder and adds the tags each lacks; answers how many moved. */
    async fileInto(ownerId: string, ids: string[], binderId: string, tags: string[]): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`UPDATE objects SET parent_id = ${binderId}, updated_at = now(),
              tags = tags || ARRAY(SELECT t FROM unnest(${textArray(tags)}) WITH ORDINALITY AS n(t, i)
                                   WHERE NOT t = ANY(tags) ORDER BY i)
            WHERE owner_id = ${ownerId} AND id = ANY(${uuidArray(ids)})
            RETURNING id`,
      );
      return rows.length;
    },
  };
}

export type RecommendationRepository = ReturnType<typeof createRecommendationRepository>;
