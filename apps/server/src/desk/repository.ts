import type { Crumb } from '@easio/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { type ObjectRow, objects } from '../db/schema.js';
import { type ListedRow, type ListOptions, listObjects } from './listing.js';

export type NewObject = typeof objects.$inferInsert;
export type ObjectPatch = Partial<
  Pick<ObjectRow, 'name' | 'binderState' | 'content' | 'url' | 'tags' | 'metadata'>
>;

/**
 * The files that keep these bytes (by sha256) for a user: files with a blob, not in the Trash. Ordered by
 * `ORIGINAL_FIRST`, the first is the one a new copy is reported as a duplicate of.
 */
export function filesWithBytes(ownerId: string, hashes: string[]) {
  return and(
    eq(objects.ownerId, ownerId),
    inArray(objects.sha256, hashes),
    eq(objects.dataType, 'file_object'),
    isNotNull(objects.blobKey),
    isNull(objects.trashedAt),
  );
}

/** The original before its duplicates, then the oldest. */
export const ORIGINAL_FIRST = [sql`${objects.duplicateOf} IS NOT NULL`, objects.createdAt] as const;

/** Every query filters on the owner: another user's ids simply are not there. */
export function createDeskRepository(db: Db) {
  return {
    async findOwned(ownerId: string, id: string): Promise<ObjectRow | undefined> {
      const [row] = await db
        .select()
        .from(objects)
        .where(and(eq(objects.ownerId, ownerId), eq(objects.id, id)));
      return row;
    },

    async findManyOwned(ownerId: string, ids: string[]): Promise<ObjectRow[]> {
      return db
        .select()
        .from(objects)
        .where(and(eq(objects.ownerId, ownerId), inArray(objects.id, ids)));
    },

    /** The folder and its ancestors, root first. */
    async path(ownerId: string, folderId: string): Promise<Crumb[]> {
      return queryRows<Crumb>(
        db,
        sql`
        WITH RECURSIVE up AS (
          SELECT id, parent_id, name, data_type, 0 AS depth FROM objects WHERE owner_id = ${ownerId} AND id = ${folderId}
          UNION ALL
          SELECT o.id, o.parent_id, o.name, o.data_type, up.depth + 1
          FROM objects o JOIN up ON o.id = up.parent_id AND o.owner_id = ${ownerId}
          WHERE up.depth < 10
        )
        SELECT id, name, data_type FROM up ORDER BY depth DESC`,
      );
    },

    /** These folders and all their ancestors, for drawing many paths with one query. */
    async folderAncestry(
      ownerId: string,
      folderIds: string[],
    ): Promise<(Crumb & { parent_id: string | null })[]> {
      if (folderIds.length === 0) return [];
      return queryRows(
        db,
        sql`
        WITH RECURSIVE up AS (
          SELECT id, parent_id, name, data_type, 0 AS depth FROM objects
          WHERE owner_id = ${ownerId} AND id IN (${sql.join(
            folderIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          UNION
          SELECT o.id, o.parent_id, o.name, o.data_type, 0 FROM objects o
          JOIN up ON o.id = up.parent_id AND o.owner_id = ${ownerId}
        )
        SELECT DISTINCT id, parent_id, name, data_type FROM up`,
      );
    },

    /** A page of a folder's children or of the desk's items: see listing.ts. */
    list(ownerId: string, options: ListOptions): Promise<ListedRow[]> {
      return listObjects(db, ownerId, options);
    },

    /** How many objects sit directly in each of these folders. */
    async childCounts(ownerId: string, folderIds: string[]): Promise<Map<string, number>> {
      if (folderIds.length === 0) return new Map();
      const rows = await db
        .select({ parentId: objects.parentId, n: sql<number>`count(*)::int` })
        .from(objects)
        .where(and(eq(objects.ownerId, ownerId), inArray(objects.parentId, folderIds)))
        .groupBy(objects.parentId);
      return new Map(rows.map((r) => [r.parentId ?? '', r.n]));
    },

    async insert(values: NewObject[]): Promise<ObjectRow[]> {
      if (values.length === 0) return [];
      return db.insert(objects).values(values).returning();
    },

    /** Changes it only while it is still at `version`, when one is given (else undefined). */
    async update(
      ownerId: string,
      id: string,
      patch: ObjectPatch,
      version?: number,
    ): Promise<ObjectRow | undefined> {
      const [row] = await db
        .update(objects)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(
          and(
            eq(objects.ownerId, ownerId),
            eq(objects.id, id),
            version === undefined ? undefined : eq(objects.version, version),
          ),
        )
        .returning();
      return row;
    },

    async moveAll(ownerId: string, ids: string[], targetId: string): Promise<number> {
      const rows = await db
        .update(objects)
        .set({ parentId: targetId, updatedAt: sql`now()` })
        .where(and(eq(objects.ownerId, ownerId), inArray(objects.id, ids)))
        .returning({ id: objects.id });
      return rows.length;
    },

    /** Deletes the objects and everything inside them; answers the blob keys they held. */
    async deleteSubtrees(
      ownerId: string,
      ids: string[],
    ): Promise<{ count: number; blobKeys: string[]; thumbnailKeys: string[] }> {
      const held = await queryRows<{ blob_key: string | null; thumbnail_key: string | null }>(
        db,
        sql`
        WITH RECURSIVE down AS (
          SELECT id, blob_key, thumbnail_key FROM objects
          WHERE owner_id = ${ownerId} AND id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          UNION ALL
          SELECT o.id, o.blob_key, o.thumbnail_key FROM objects o JOIN down ON o.parent_id = down.id AND o.owner_id = ${ownerId}
        )
        SELECT blob_key, thumbnail_key FROM down WHERE blob_key IS NOT NULL OR thumbnail_key IS NOT NULL`,
      );
      const deleted = await db
        .delete(objects)
        .where(and(eq(objects.ownerId, ownerId), inArray(objects.id, ids)))
        .returning({ id: objects.id });
      return {
        count: deleted.length,
        blobKeys: [...new Set(held.flatMap((r) => (r.blob_key ? [r.blob_key] : [])))],
        thumbnailKeys: held.flatMap((r) => (r.thumbnail_key ? [r.thumbnail_key] : [])),
      };
    },

    /** The items (not folders) a source connection brought. */
    async connectionItemIds(ownerId: string, connectionId: string): Promise<string[]> {
      const rows = await db
        .select({ id: objects.id })
        .from(objects)
        .where(
          and(
            eq(objects.ownerId, ownerId),
            eq(objects.connectionId, connectionId),
            eq(objects.isFolder, false),
          ),
        );
      return rows.map((r) => r.id);
    },

    /**
     * The drawers and binders a connection made (an export's folders), once its items are gone: those left
     * empty go, binders before the drawers that held them; one the user filed other things into stays.
     */
    async deleteEmptyConnectionFolders(ownerId: string, connectionId: string): Promise<number> {
      let count = 0;
      // A drawer holds binders, which hold items: two rounds empty any folder a connection made.
      for (let round = 0; round < 2; round++) {
        const gone = await db
          .delete(objects)
          .where(
            and(
              eq(objects.ownerId, ownerId),
              eq(objects.connectionId, connectionId),
              eq(objects.isFolder, true),
              sql`NOT EXISTS (SELECT 1 FROM objects AS child WHERE child.parent_id = ${objects.id})`,
            ),
          )
          .returning({ id: objects.id });
        count += gone.length;
        if (gone.length === 0) break;
      }
      return count;
    },

    /** A file of the owner's that has exactly these bytes (the original, not a link). */
    async findFileBySha(ownerId: string, sha256: string): Promise<ObjectRow | undefined> {
      const [row] = await db
        .select()
        .from(objects)
        .where(filesWithBytes(ownerId, [sha256]))
        .orderBy(...ORIGINAL_FIRST)
        .limit(1);
      return row;
    },
  };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
