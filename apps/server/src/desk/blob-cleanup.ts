import { inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import type { BlobStore } from '../storage/blob-store.js';

/**
 * Takes, until the transaction ends, a lock per blob key. Removing a blob and committing a new object
 * that uses the same bytes (a re-upload of a file being deleted) both hold it, so neither can slip
 * between the other's check and its action. Keys are locked in order, so two holders never deadlock.
 */
export async function lockBlobKeys(tx: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const list = sql.join(
    [...new Set(keys)].map((k) => sql`${k}`),
    sql`, `,
  );
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM (SELECT unnest(ARRAY[${list}]::text[]) AS k ORDER BY 1) AS keys`,
  );
}

/** Keys among these that some object still points at, as its bytes or its thumbnail. */
async function keysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ blob: objects.blobKey, thumb: objects.thumbnailKey })
    .from(objects)
    .where(or(inArray(objects.blobKey, keys), inArray(objects.thumbnailKey, keys)));
  return new Set(rows.flatMap((r) => [r.blob, r.thumb].filter((k): k is string => k !== null)));
}

/** Removes those of `keys` that no object uses, under their locks; answers how many went. */
async function removeUnused(
  db: Db,
  blobs: BlobStore,
  keys: string[],
  onError: (key: string, err: unknown) => void,
): Promise<number> {
  if (keys.length === 0) return 0;
  return db.transaction(async (tx) => {
    await lockBlobKeys(tx, keys);
    const used = await keysInUse(tx, keys);
    let removed = 0;
    for (const key of keys.filter((k) => !used.has(k))) {
      try {
        await blobs.delete(key);
        removed += 1;
      } catch (err) {
        onError(key, err);
      }
    }
    return removed;
  });
}

/**
 * After a delete commits: removes the blobs no object uses any more (a duplicate kept as a link shares
 * its original's bytes). A failure here only leaves an orphan, which the sweep removes later.
 */
export function createBlobReleaser(db: Db, blobs: BlobStore, log: FastifyBaseLogger) {
  return async ({ blobKeys, thumbnailKeys }: { blobKeys: string[]; thumbnailKeys: string[] }) => {
    const keys = [...new Set([...blobKeys, ...thumbnailKeys])];
    await removeUnused(db, blobs, keys, (key, err) =>
      log.warn({ err, key }, 'blob not removed; the sweep will'),
    ).catch((err: unknown) => log.warn({ err }, 'blobs not released; the sweep will'));
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
    removed += await removeUnused(db, blobs, batch, (_key, err) => {
      throw err;
    });
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
