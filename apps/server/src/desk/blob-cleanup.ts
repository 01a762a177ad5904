import { inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import type { BlobStore } from '../storage/blob-store.js';

/** Keys among these that some object still points at, as its bytes or its thumbnail. */
async function keysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ blob: objects.blobKey, thumb: objects.thumbnailKey })
    .from(objects)
    .where(or(inArray(objects.blobKey, keys), inArray(objects.thumbnailKey, keys)));
  return new Set(rows.flatMap((r) => [r.blob, r.thumb].filter((k): k is string => k !== null)));
}

/**
 * After a delete commits: removes the blobs no object uses any more (a duplicate kept as a link shares
 * its original's bytes). A failure here only leaves an orphan, which the sweep removes later.
 */
export function createBlobReleaser(db: Db, blobs: BlobStore, log: FastifyBaseLogger) {
  return async ({ blobKeys, thumbnailKeys }: { blobKeys: string[]; thumbnailKeys: string[] }) => {
    const keys = [...new Set([...blobKeys, ...thumbnailKeys])];
    const used = await keysInUse(db, keys);
    await Promise.all(
      keys
        .filter((k) => !used.has(k))
        .map((k) =>
          blobs
            .delete(k)
            .catch((err: unknown) => log.warn({ err, key: k }, 'blob not removed; the sweep will')),
        ),
    );
  };
}

/**
 * Removes blobs that no object points at and that are older than `graceMs` (an upload in flight has
 * stored its bytes but not yet committed its object). Answers how many it removed.
 */
export async function sweepOrphanBlobs(db: Db, blobs: BlobStore, graceMs = 60 * 60 * 1000): Promise<number> {
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const used = await keysInUse(db, batch);
    for (const key of batch.filter((k) => !used.has(k))) {
      await blobs.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const { key, modifiedAt } of blobs.list()) {
    if (modifiedAt.getTime() > cutoff) continue;
    batch.push(key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}
