import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type ObjectRow, objects, type SourceConnectionRow } from '../db/schema.js';
import { lockBlobKeys } from '../desk/blob-cleanup.js';
import { createDeskRepository } from '../desk/repository.js';
import { type BlobStore, BlobTooLargeError, type StoredBlob } from '../storage/blob-store.js';
import type { ImportedItem } from './source.js';

export type StoreOutcome =
  | { kind: 'skipped' }
  | {
      kind: 'imported';
      objectId: string;
      created: boolean;
      processBytes: boolean;
      previewLink: boolean;
      released: string[];
    };

export interface StoreDeps {
  db: Db;
  blobs: BlobStore;
  maxBytes: number;
  /** Links that ask for it (`ImportedItem.previewLink`) wait for a preview of their page. */
  previewLinks: boolean;
}

type Existing = Pick<
  ObjectRow,
  'id' | 'blobKey' | 'thumbnailKey' | 'metadata' | 'connectionId' | 'externalId'
>;

/** Where a connection's items go. */
export interface StoreTarget {
  connection: SourceConnectionRow;
  deskSource: string;
  /** The owner's desk: new items land there, unfiled. */
  rootId: string;
  /** The page's items as stored, looked up in one query beforehand (absent: not stored yet). */
  known?: Map<string, Existing>;
}

const existingColumns = {
  id: objects.id,
  blobKey: objects.blobKey,
  thumbnailKey: objects.thumbnailKey,
  metadata: objects.metadata,
  connectionId: objects.connectionId,
  externalId: objects.externalId,
};

/** The stored items among these external ids, in one query. */
export async function lookUpStored(db: Db, target: Omit<StoreTarget, 'known'>, externalIds: string[]) {
  const known = new Map<string, Existing>();
  if (externalIds.length === 0) return known;
  const rows = await db
    .select(existingColumns)
    .from(objects)
    .where(
      and(
        eq(objects.ownerId, target.connection.ownerId),
        eq(objects.source, target.deskSource),
        inArray(objects.externalId, externalIds),
      ),
    );
  for (const row of rows) if (row.externalId) known.set(row.externalId, row);
  return known;
}

async function findExisting(db: Db, target: StoreTarget, externalId: string): Promise<Existing | undefined> {
  if (target.known) return target.known.get(externalId);
  return (await lookUpStored(db, target, [externalId])).get(externalId);
}

/**
 * Stores one record of a source: a new item lands unfiled on the desk; a known one (same owner,
 * source and external id) is updated where it is, wherever the user filed it; an unchanged one
 * (same version) is skipped without fetching anything. The bytes stream into the blob store first,
 * so the object is written whole or not at all.
 */
export async function storeImportedItem(
  deps: StoreDeps,
  target: StoreTarget,
  item: ImportedItem,
): Promise<StoreOutcome> {
  const { db, blobs } = deps;
  const { connection, deskSource } = target;
  const existing = await findExisting(db, target, item.externalId);
  if (existing && existing.metadata.version === item.version) {
    // Unchanged; after a reconnect it belongs to the new connection (whose disconnect may delete it).
    if (existing.connectionId !== connection.id) {
      await db.update(objects).set({ connectionId: connection.id }).where(eq(objects.id, existing.id));
    }
    return { kind: 'skipped' };
  }

  if (item.body && item.size != null && item.size > deps.maxBytes) throw new BlobTooLargeError(deps.maxBytes);
  const blob: StoredBlob | null = item.body
    ? await blobs.put(await item.body(), {
        ownerId: connection.ownerId,
        maxBytes: deps.maxBytes,
        nameHint: item.name,
      })
    : null;
  const text = item.text ? await item.text() : null;
  const previewLink = deps.previewLinks && item.previewLink === true && !blob && item.url != null;

  return db.transaction(async (tx) => {
    if (blob) {
      await lockBlobKeys(tx, [blob.key]);
      if ((await blobs.size(blob.key)) === null) throw new Error('The stored bytes were removed meanwhile');
    }
    const repo = createDeskRepository(tx);
    const link = item.attachmentOf ? await attachmentLink(tx, target, item.attachmentOf) : {};
    const original = blob ? await repo.findFileBySha(connection.ownerId, blob.sha256) : undefined;
    const sameBytes = original && original.id !== existing?.id ? original : undefined;
    const values = {
      dataType: item.dataType,
      name: item.name,
      url: item.url ?? null,
      mimeType: blob?.mimeType ?? item.mimeType ?? null,
      size: blob?.size ?? null,
      sha256: blob?.sha256 ?? null,
      blobKey: blob?.key ?? null,
      metadata: { ...(sameBytes?.metadata ?? {}), ...item.metadata, ...link, version: item.version },
      sourceCreatedAt: item.sourceCreatedAt ?? null,
      connectionId: connection.id,
      duplicateOf: sameBytes?.id ?? null,
      ...bytesFields(blob, existing, sameBytes, text ?? item.content ?? null),
      ...(previewLink && { jobState: 'pending', jobError: null }),
      updatedAt: sql`now()`,
    };
    if (existing) {
      await tx.update(objects).set(values).where(eq(objects.id, existing.id));
      const keptThumbnail = 'thumbnailKey' in values ? values.thumbnailKey : existing.thumbnailKey;
      const released = [existing.blobKey, existing.thumbnailKey].filter(
        (k): k is string => k !== null && k !== blob?.key && k !== keptThumbnail,
      );
      return {
        kind: 'imported',
        objectId: existing.id,
        created: false,
        processBytes: !previewLink && values.jobState === 'pending',
        previewLink,
        released,
      } as const;
    }
    const [row] = await tx
      .insert(objects)
      .values({
        ...values,
        ownerId: connection.ownerId,
        parentId: target.rootId,
        source: deskSource,
        externalId: item.externalId,
      })
      .returning({ id: objects.id });
    if (!row) throw new Error('insert returned no row');
    return {
      kind: 'imported',
      objectId: row.id,
      created: true,
      processBytes: !previewLink && values.jobState === 'pending',
      previewLink,
      released: [],
    } as const;
  });
}

/** Removes the connection's items at these paths or under them (a deleted folder names only itself). */
export function removeImportedPaths(
  db: Db,
  connection: SourceConnectionRow,
  paths: string[],
): Promise<Removed> {
  const under = paths.map((p) => `${p.replace(/[\\%_]/g, '\\$&')}/%`);
  return removeWhere(
    db,
    connection.ownerId,
    paths.length > 0,
    and(
      eq(objects.ownerId, connection.ownerId),
      eq(objects.connectionId, connection.id),
      or(
        inArray(sql`${objects.metadata}->>'path_lower'`, paths),
        sql`${objects.metadata}->>'path_lower' LIKE ANY(${sql`ARRAY[${sql.join(
          under.map((u) => sql`${u}`),
          sql`, `,
        )}]::text[]`})`,
      ),
    ),
  );
}

/** Removes the connection's items of each scope whose key is no longer among those the provider holds. */
export async function removeAbsent(
  db: Db,
  connection: SourceConnectionRow,
  present: { scope: string; keys: string[] }[],
): Promise<Removed> {
  const total: Removed = { count: 0, blobKeys: [], thumbnailKeys: [] };
  for (const { scope, keys } of present) {
    const gone = await removeWhere(
      db,
      connection.ownerId,
      true,
      and(
        eq(objects.ownerId, connection.ownerId),
        eq(objects.connectionId, connection.id),
        sql`${objects.metadata}->>'sync_scope' = ${scope}`,
        sql`${objects.metadata}->>'sync_key' NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
      ),
    );
    total.count += gone.count;
    total.blobKeys.push(...gone.blobKeys);
    total.thumbnailKeys.push(...gone.thumbnailKeys);
  }
  return total;
}

/** What an attachment keeps of its e-mail: the e-mail's external id, and its object's id when stored. */
async function attachmentLink(tx: Db, target: StoreTarget, parent: string) {
  const found = (await lookUpStored(tx, target, [parent])).get(parent);
  return { attachment_of: parent, email_id: found?.id ?? null };
}

/** Removes the items the provider deleted, with their attachments; answers how many went and the blob keys they held. */
export function removeImportedItems(
  db: Db,
  connection: SourceConnectionRow,
  deskSource: string,
  externalIds: string[],
): Promise<Removed> {
  return removeWhere(
    db,
    connection.ownerId,
    externalIds.length > 0,
    and(
      eq(objects.ownerId, connection.ownerId),
      eq(objects.source, deskSource),
      or(
        inArray(objects.externalId, externalIds),
        inArray(sql`${objects.metadata}->>'attachment_of'`, externalIds),
      ),
    ),
  );
}

type Removed = { count: number; blobKeys: string[]; thumbnailKeys: string[] };

/** Deletes the owner's objects matching `where` in one transaction; answers the blob keys they held. */
async function removeWhere(db: Db, ownerId: string, any: boolean, where: SQL | undefined): Promise<Removed> {
  if (!any) return { count: 0, blobKeys: [], thumbnailKeys: [] };
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: objects.id }).from(objects).where(where);
    if (rows.length === 0) return { count: 0, blobKeys: [], thumbnailKeys: [] };
    return createDeskRepository(tx).deleteSubtrees(
      ownerId,
      rows.map((r) => r.id),
    );
  });
}

/**
 * What processing (text, thumbnail, EXIF) knows of the bytes: copied from another object with the same
 * bytes, kept when the bytes did not change, or to be done (`pending`) for new bytes.
 */
function bytesFields(
  blob: StoredBlob | null,
  existing: Existing | undefined,
  sameBytes: ObjectRow | undefined,
  text: string | null,
) {
  if (!blob) return { content: text, jobState: null, jobError: null, thumbnailKey: null };
  if (sameBytes) {
    return {
      content: text ?? sameBytes.content,
      jobState: sameBytes.jobState,
      jobError: sameBytes.jobError,
      thumbnailKey: sameBytes.thumbnailKey,
    };
  }
  if (existing?.blobKey === blob.key) return text === null ? {} : { content: text };
  return { content: text, jobState: 'pending', jobError: null, thumbnailKey: null };
}
