import {
  canContain,
  type DataType,
  type DeskObject,
  type restoreSchema,
  type TrashPage,
  type trashQuerySchema,
} from '@easio/shared';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { toDeskObject } from './object-view.js';
import { createDeskRepository } from './repository.js';
import { rootOf } from './root-folder.js';
import type { UrlSigner } from './signed-urls.js';
import { createTrashRepository, type TrashRepository } from './trash-repository.js';

const DAY_MS = 86_400_000;

/** Deletes these trashed objects of one owner, and everything inside them, for good; then their blobs go. */
async function purgeObjects(
  db: Db,
  releaseBlobs: TrashDeps['releaseBlobs'],
  ownerId: string,
  ids: string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.transaction((tx) => createDeskRepository(tx).deleteSubtrees(ownerId, ids));
  await releaseBlobs(result);
  return result.count;
}

export interface TrashDeps {
  db: Db;
  signer: UrlSigner;
  /** Days an item stays in the Trash before it is deleted for good. */
  trashDays: number;
  /** Removes blobs no object uses any more; called after a delete has committed. */
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
}

/**
 * The Trash of one user: what was deleted (folders with everything inside), listed, restored where it
 * was (or onto the desk when that folder is gone), or deleted for good: by hand, all at once, or
 * `trashDays` after it was deleted.
 */
export function createTrashService({ db, signer, trashDays, releaseBlobs }: TrashDeps) {
  const trash = createTrashRepository(db);
  const desk = createDeskRepository(db);

  const purge = (ownerId: string, ids: string[]) => purgeObjects(db, releaseBlobs, ownerId, ids);

  /** These of the user's trashed objects, or a 404 naming how many are not in the Trash. */
  async function trashedOf(repo: TrashRepository, user: UserRow, ids: string[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.findTrashed(user.id, unique);
    if (rows.length !== unique.length) {
      const n = unique.length - rows.length;
      throw new HttpError(
        404,
        n === 1
          ? 'One of the chosen items is not in the Trash; nothing was changed'
          : `${n} of the chosen items are not in the Trash; nothing was changed`,
      );
    }
    return rows;
  }

  return {
    async page(user: UserRow, query: z.output<typeof trashQuerySchema>): Promise<TrashPage> {
      const [rows, total] = await Promise.all([trash.page(user.id, query), trash.count(user.id)]);
      const objects = await desk.findManyOwned(
        user.id,
        rows.map((r) => r.id),
      );
      const byId = new Map(objects.map((o) => [o.id, o]));
      const counts = await desk.childCounts(
        user.id,
        rows.map((r) => r.id),
      );
      const entries = rows.flatMap((r) => {
        const row = byId.get(r.id);
        if (!row) return [];
        const object: DeskObject = toDeskObject(row, signer, counts.get(r.id));
        return [
          {
            object,
            trashed_from:
              r.from_id && r.from_name !== null && r.from_type
                ? { id: r.from_id, name: r.from_name, data_type: r.from_type as DataType }
                : null,
            purge_at: new Date(new Date(r.trashed_at).getTime() + trashDays * DAY_MS).toISOString(),
          },
        ];
      });
      return { entries, next: rows.length === query.limit ? (rows.at(-1)?.id ?? null) : null, total };
    },

    /**
     * Puts them back, all or none: each into the folder it was deleted from when that is still on the
     * desk and may hold it, else onto the desk itself. Answers where each went.
     */
    async restore(
      user: UserRow,
      input: z.output<typeof restoreSchema>,
    ): Promise<{ count: number; restored: { id: string; parent_id: string }[] }> {
      const root = rootOf(user);
      return db.transaction(async (tx) => {
        const txTrash = createTrashRepository(tx);
        const txDesk = createDeskRepository(tx);
        const rows = await trashedOf(txTrash, user, input.ids);
        const restored: { id: string; parent_id: string }[] = [];
        for (const row of rows) {
          const from = row.trashed_from ? await txDesk.findOwned(user.id, row.trashed_from) : undefined;
          const fits =
            from && !from.trashedAt && canContain(from.dataType as DataType, row.data_type as DataType);
          const parentId = fits ? from.id : root;
          await txTrash.restore(user.id, row.id, parentId);
          restored.push({ id: row.id, parent_id: parentId });
        }
        return { count: restored.length, restored };
      });
    },

    /** Deletes them for good, all or none (only what is in the Trash). */
    async deleteForever(user: UserRow, ids: string[]): Promise<{ count: number }> {
      const rows = await trashedOf(trash, user, ids);
      return {
        count: await purge(
          user.id,
          rows.map((r) => r.id),
        ),
      };
    },

    /** Deletes everything in the user's Trash for good. */
    async empty(user: UserRow): Promise<{ count: number }> {
      let count = 0;
      for (;;) {
        const due = await trash.due(null, user.id);
        if (due.length === 0) return { count };
        count += await purge(
          user.id,
          due.map((d) => d.id),
        );
      }
    },
  };
}

/**
 * Deletes for good what has been in any user's Trash longer than `days`, a thousand at a time;
 * answers how many went.
 */
export async function purgeExpiredTrash(
  db: Db,
  days: number,
  releaseBlobs: TrashDeps['releaseBlobs'],
  now = new Date(),
): Promise<number> {
  const trash = createTrashRepository(db);
  const before = new Date(now.getTime() - days * DAY_MS);
  let count = 0;
  for (;;) {
    const due = await trash.due(before);
    if (due.length === 0) return count;
    const byOwner = new Map<string, string[]>();
    for (const d of due) byOwner.set(d.owner_id, [...(byOwner.get(d.owner_id) ?? []), d.id]);
    for (const [ownerId, ids] of byOwner) count += await purgeObjects(db, releaseBlobs, ownerId, ids);
  }
}

export type TrashService = ReturnType<typeof createTrashService>;
