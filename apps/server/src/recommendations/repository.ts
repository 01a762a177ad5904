import { and, desc, eq, not, sql } from 'drizzle-orm';
import { textArray, uuidArray } from '../db/array-params.js';
import { type Db, queryRows } from '../db/client.js';
import { type ObjectRow, objects, type RecommendationRow, recommendations } from '../db/schema.js';

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

    async close(id: number, accepted: boolean): Promise<void> {
      await db
        .update(recommendations)
        .set({ ignored: true, acceptedAt: accepted ? sql`now()` : null })
        .where(eq(recommendations.id, id));
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
