import {
  type AcceptResult,
  type acceptRecommendationSchema,
  FILES_MOVED_MESSAGE,
  type GenerationStatus,
  type Recommendation,
  type RecommendedItem,
  type UndoAcceptResult,
} from '@easio/shared';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import type { AcceptRecord, RecommendationRow, UserRow } from '../db/schema.js';
import { forgetFilings, recordFilings } from '../desk/filing-events.js';
import { rootOf } from '../desk/root-folder.js';
import type { UrlSigner } from '../desk/signed-urls.js';
import { HttpError } from '../http/http-error.js';
import type { RecommendationScheduler } from './jobs.js';
import { createRecommendationRepository, type RecommendationRepository } from './repository.js';
import { requestRun, runStatus } from './runs.js';

const notFound = () => new HttpError(404, 'Recommendation not found');

/** Trimmed, without repeats (the first spelling kept), case-insensitively. */
function distinctTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function createRecommendationService({
  db,
  signer,
  scheduler,
}: {
  db: Db;
  signer: UrlSigner;
  scheduler: RecommendationScheduler;
}) {
  const repo = createRecommendationRepository(db);

  /** Refuses an accept of a closed recommendation, of items it does not hold, or of items gone since. */
  async function checkAccept(
    txRepo: RecommendationRepository,
    user: UserRow,
    rec: RecommendationRow,
    ids: string[],
  ) {
    if (rec.ignored) {
      throw new HttpError(
        409,
        rec.acceptedAt ? 'This recommendation was already accepted' : 'This recommendation was deleted',
      );
    }
    const proposed = new Set(rec.objectIds);
    const foreign = ids.filter((id) => !proposed.has(id));
    if (foreign.length > 0) {
      throw new HttpError(422, `${foreign.length} of the items are not in this recommendation`);
    }
    const present = await txRepo.unfiledItems(user.id, rootOf(user), ids);
    if (present.length !== ids.length) {
      throw new HttpError(
        409,
        `${ids.length - present.length} of the items were deleted or filed since this was proposed; refresh and try again`,
      );
    }
  }

  return {
    async generate(user: UserRow): Promise<GenerationStatus> {
      rootOf(user);
      const status = await requestRun(db, user.id);
      if (status.state === 'queued') await scheduler.generateNow(user.id);
      return status;
    },

    status(user: UserRow): Promise<GenerationStatus> {
      return runStatus(db, user.id);
    },

    /** Open recommendations, newest first, each with the items still unfiled (empty ones left out). */
    async list(user: UserRow): Promise<Recommendation[]> {
      const root = rootOf(user);
      const recs = await repo.listOpen(user.id);
      const items = await repo.unfiledItems(
        user.id,
        root,
        recs.flatMap((r) => r.objectIds),
      );
      const byId = new Map(items.map((o) => [o.id, o]));
      return recs.flatMap((r) => {
        const kept: RecommendedItem[] = r.objectIds.flatMap((id) => {
          const o = byId.get(id);
          if (!o) return [];
          return [
            {
              id: o.id,
              name: o.name,
              data_type: o.dataType as RecommendedItem['data_type'],
              source: o.source as RecommendedItem['source'],
              mime_type: o.mimeType,
              url: o.url,
              item_date: o.itemDate.toISOString(),
              thumbnail_url: o.thumbnailKey ? signer.url(o.ownerId, o.id, 'thumbnail') : null,
            },
          ];
        });
        if (kept.length === 0) return [];
        return [
          {
            id: r.id,
            object_count: kept.length,
            object_ids: kept.map((k) => k.id),
            drawer_name_options: r.drawerNameOptions,
            binder_name_options: r.binderNameOptions,
            tags: r.tags,
            ignored: r.ignored,
            binder_id: r.binderId,
            score: r.score,
            created_at: r.createdAt.toISOString(),
            items: kept,
          },
        ];
      });
    },

    /**
     * Files the kept items in the chosen drawer and binder (made when missing, reused by name when
     * present), adds the tags, records the filings and closes the recommendation: all or nothing.
     */
    async accept(user: UserRow, input: z.output<typeof acceptRecommendationSchema>): Promise<AcceptResult> {
      const root = rootOf(user);
      const ids = [...new Set(input.object_ids)];
      return db.transaction(async (tx) => {
        const txRepo = createRecommendationRepository(tx);
        const rec = await txRepo.lockOwned(user.id, input.id);
        if (!rec) throw notFound();
        await checkAccept(txRepo, user, rec, ids);
        const foundDrawer = await txRepo.findFolder(user.id, root, 'drawer_object', input.drawer_name);
        const drawer =
          foundDrawer ?? (await txRepo.createFolder(user.id, root, 'drawer_object', input.drawer_name));
        const foundBinder = await txRepo.findFolder(user.id, drawer.id, 'binder_object', input.binder_name);
        const binder =
          foundBinder ?? (await txRepo.createFolder(user.id, drawer.id, 'binder_object', input.binder_name));
        const before = await txRepo.unfiledItems(user.id, root, ids);
        const record: AcceptRecord = {
          binderId: binder.id,
          items: before.map((o) => ({ id: o.id, tags: o.tags })),
          createdDrawer: foundDrawer ? null : drawer.id,
          createdBinder: foundBinder ? null : binder.id,
        };
        const moved = await txRepo.fileInto(user.id, ids, binder.id, distinctTags(input.tags));
        await recordFilings(tx, user.id, ids, binder.id, 'accepted', rec.id);
        // What the user unticked was taken out of the group: not proposed for this binder again.
        const kept = new Set(ids);
        const takenOut = rec.objectIds.filter((id) => !kept.has(id));
        await recordFilings(tx, user.id, takenOut, binder.id, 'dismissed', rec.id);
        await txRepo.close(rec.id, record);
        return { message: FILES_MOVED_MESSAGE, drawer_id: drawer.id, binder_id: binder.id, moved };
      });
    },

    /**
     * Undoes an accept exactly: its items still in the binder go back on the desk with the tags they
     * had, what it recorded for the engine is forgotten, the drawer and binder it made go if nothing is
     * in them, and the recommendation is open again.
     */
    async undoAccept(user: UserRow, id: number): Promise<UndoAcceptResult> {
      const root = rootOf(user);
      return db.transaction(async (tx) => {
        const txRepo = createRecommendationRepository(tx);
        const rec = await txRepo.lockOwned(user.id, id);
        if (!rec) throw notFound();
        if (!rec.acceptedAt || !rec.acceptRecord)
          throw new HttpError(409, 'This recommendation is not accepted');
        const record = rec.acceptRecord;
        const moved = await txRepo.unfile(user.id, root, record.binderId, record.items);
        await forgetFilings(tx, user.id, rec.id);
        if (record.createdBinder) await txRepo.dropIfEmpty(user.id, record.createdBinder);
        if (record.createdDrawer) await txRepo.dropIfEmpty(user.id, record.createdDrawer);
        await txRepo.reopen(rec.id);
        return { id: rec.id, moved };
      });
    },

    /**
     * Dismisses the recommendation: a proposal for an existing binder counts against that pairing,
     * and its items are not proposed together again (`generateRecommendations`).
     */
    async remove(user: UserRow, id: number): Promise<{ id: number; ignored: true }> {
      return db.transaction(async (tx) => {
        const txRepo = createRecommendationRepository(tx);
        const rec = await txRepo.lockOwned(user.id, id);
        if (!rec) throw notFound();
        if (rec.ignored) {
          throw new HttpError(
            409,
            rec.acceptedAt
              ? 'This recommendation was already accepted'
              : 'This recommendation was already deleted',
          );
        }
        if (rec.binderId) await recordFilings(tx, user.id, rec.objectIds, rec.binderId, 'dismissed', rec.id);
        await txRepo.close(rec.id, null);
        return { id: rec.id, ignored: true as const };
      });
    },
  };
}

export type RecommendationService = ReturnType<typeof createRecommendationService>;
