import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type ObjectRow, objects, type SourceConnectionRow } from '../db/schema.js';
import { lockBlobKeys } from '../desk/blob-cleanup.js';
import { createDeskRepository, filesWithBytes, ORIGINAL_FIRST } from '../desk/repository.js';
import { intakeItem } from '../intake/item.js';
import { intakeText } from '../intake/text.js';
import { type BlobStore, BlobTooLargeError, type StoredBlob } from '../storage/blob-store.js';
import { insertObjects, type NewObject } from './insert-objects.js';
import { mapLimit } from './map-limit.js';
import type { ImportedItem } from './source.js';

/**
 * Where an item sits at a provider that cannot name its deletions, when it may sit in several places at
 * once (an IMAP message in two folders): `metadata.sync_places`, scope → key. Storing it again adds the
 * places it comes with to those it had; `removeAbsent` takes away the places no longer listed, and
 * removes the item once it has none left. (Items in one place only may say `sync_scope` and `sync_key`.)
 */
export const SYNC_PLACES = 'sync_places';
/** An item that only tells where a stored item sits (its `sync_places`): the stored one gains them, nothing is made. */
export const PLACES_ONLY = 'sync_places_only';

type Places = Record<string, string>;

function isPlaces(value: unknown): value is Places {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** The places an item was stored with: its own, or the one place it was kept in before places existed. */
function placesOf(metadata: Record<string, unknown> | undefined): Places {
  if (!metadata) return {};
  if (isPlaces(metadata[SYNC_PLACES])) return metadata[SYNC_PLACES];
  const { sync_scope: scope, sync_key: key } = metadata;
  return typeof scope === 'string' && typeof key === 'string' ? { [scope]: key } : {};
}

/** Another object's metadata, without what says where that object sits at its provider. */
function withoutPlaces(metadata: Record<string, unknown>): Record<string, unknown> {
  const { [SYNC_PLACES]: _places, sync_scope: _scope, sync_key: _key, ...rest } = metadata;
  return rest;
}

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

/** What became of one item of a batch: stored (or skipped), or failed for its own reason alone. */
export type BatchOutcome = StoreOutcome | { kind: 'failed'; error: unknown };

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

/** An item to write: what is stored of it, and its new bytes (already in the blob store) and text. */
export interface PreparedItem {
  item: ImportedItem;
  existing: Existing | undefined;
  places: Places | null;
  blob: StoredBlob | null;
  text: string | null;
  previewLink: boolean;
}

export type Preparation =
  | { kind: 'ready'; prepared: PreparedItem }
  /** Unchanged; `reconnect` names it when it belongs to an older connection (see `claimForConnection`). */
  | { kind: 'skipped'; reconnect: string | null };

/** An item the intake rules refuse (`intakeItem`): its message is the reason, for its owner. */
export class IntakeRefusal extends Error {}

/**
 * Readies one record of a source for `writePrepared`: an unchanged one (same version) is skipped without
 * fetching anything; a new or changed one is held to the intake rules (throwing IntakeRefusal when they
 * refuse it) and has its bytes streamed into the blob store now, so that the rows written afterwards
 * always point at bytes that are there.
 */
export async function prepareImportedItem(
  deps: StoreDeps,
  target: StoreTarget,
  listed: ImportedItem,
): Promise<Preparation> {
  const { db, blobs } = deps;
  const existing = await findExisting(db, target, listed.externalId);
  const places = isPlaces(listed.metadata[SYNC_PLACES]) ? listed.metadata[SYNC_PLACES] : null;
  if (listed.metadata[PLACES_ONLY] === true) {
    if (existing && places) await addPlaces(db, target, listed.externalId, places, true);
    return { kind: 'skipped', reconnect: null };
  }
  if (existing && existing.metadata.version === listed.version) {
    const had = placesOf(existing.metadata);
    if (places && Object.entries(places).some(([scope, key]) => had[scope] !== key)) {
      await addPlaces(db, target, listed.externalId, places, false);
    }
    return {
      kind: 'skipped',
      reconnect: existing.connectionId !== target.connection.id ? existing.id : null,
    };
  }
  const checked = intakeItem(listed);
  if (!checked.ok) throw new IntakeRefusal(checked.reason);
  const { item } = checked;

  if (item.body && item.size != null && item.size > deps.maxBytes) throw new BlobTooLargeError(deps.maxBytes);
  const blob: StoredBlob | null = item.body
    ? await blobs.put(await item.body(), {
        ownerId: target.connection.ownerId,
        maxBytes: deps.maxBytes,
        nameHint: item.name,
      })
    : null;
  const text = item.text ? intakeText(await item.text()) : null;
  const previewLink = deps.previewLinks && item.previewLink === true && !blob && item.url != null;
  return { kind: 'ready', prepared: { item, existing, places, blob, text, previewLink } };
}

/** Unchanged items kept from an older connection now belong to this one (whose disconnect may delete them). */
export async function claimForConnection(db: Db, connection: SourceConnectionRow, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(objects)
    .set({ connectionId: connection.id })
    .where(and(eq(objects.ownerId, connection.ownerId), inArray(objects.id, ids)));
}

/** What a duplicate takes from the file whose bytes it shares. */
type Original = Pick<ObjectRow, 'id' | 'metadata' | 'content' | 'jobState' | 'jobError' | 'thumbnailKey'>;

/**
 * Writes prepared items in one transaction: a new item lands unfiled on the desk (all of them in one
 * multi-row insert), a known one (same owner, source and external id) is updated where it is, wherever the
 * user filed it. Answers an outcome per item, in order; an item whose bytes were removed meanwhile fails
 * alone. Throws when the transaction fails as a whole (its caller then writes the items one by one).
 */
export async function writePrepared(
  deps: StoreDeps,
  target: StoreTarget,
  batch: PreparedItem[],
): Promise<BatchOutcome[]> {
  if (batch.length === 0) return [];
  const { db, blobs } = deps;
  const { connection, deskSource } = target;
  return db.transaction(async (tx) => {
    const keys = batch.flatMap((p) => (p.blob ? [p.blob.key] : []));
    await lockBlobKeys(tx, keys);
    const present = await mapLimit([...new Set(keys)], 8, async (key) =>
      (await blobs.size(key)) === null ? null : key,
    );
    const there = new Set(present.filter((k): k is string => k !== null));
    const parents = await lookUpStored(tx, target, [
      ...new Set(batch.flatMap((p) => (p.item.attachmentOf ? [p.item.attachmentOf] : []))),
    ]);
    const folders = await lookUpStored(tx, target, [
      ...new Set(batch.flatMap((p) => (p.item.placeIn ? [p.item.placeIn] : []))),
    ]);
    const ownFolders = await foldersOf(tx, connection.ownerId, [
      ...new Set(batch.flatMap((p) => (p.item.placeInFolder ? [p.item.placeInFolder] : []))),
    ]);
    const stored = await originalsOf(tx, connection.ownerId, [
      ...new Set(batch.flatMap((p) => (p.blob ? [p.blob.sha256] : []))),
    ]);
    // Files of this batch that later ones with the same bytes (and none stored before) are kept as links to.
    const earlier = new Map<string, Original>();
    const rows: NewObject[] = [];
    const outcomes: BatchOutcome[] = [];
    for (const { item, existing, places, blob, text, previewLink } of batch) {
      if (blob && !there.has(blob.key)) {
        outcomes.push({ kind: 'failed', error: new Error('The stored bytes were removed meanwhile') });
        continue;
      }
      // What an attachment keeps of its e-mail: the e-mail's external id, and its object's id when stored.
      const link = item.attachmentOf
        ? { attachment_of: item.attachmentOf, email_id: parents.get(item.attachmentOf)?.id ?? null }
        : {};
      const original = blob ? (stored.get(blob.sha256) ?? earlier.get(blob.sha256)) : undefined;
      const sameBytes = original && original.id !== existing?.id ? original : undefined;
      const values = {
        dataType: item.dataType,
        name: item.name,
        url: item.url ?? null,
        mimeType: blob?.mimeType ?? item.mimeType ?? null,
        size: blob?.size ?? null,
        sha256: blob?.sha256 ?? null,
        blobKey: blob?.key ?? null,
        metadata: {
          ...withoutPlaces(sameBytes?.metadata ?? {}),
          ...item.metadata,
          ...(places && { [SYNC_PLACES]: { ...placesOf(existing?.metadata), ...places } }),
          ...link,
          version: item.version,
        },
        sourceCreatedAt: item.sourceCreatedAt ?? null,
        connectionId: connection.id,
        duplicateOf: sameBytes?.id ?? null,
        ...bytesFields(blob, existing, sameBytes, text ?? item.content ?? null),
        ...(previewLink && { jobState: 'pending', jobError: null }),
        updatedAt: sql`now()`,
      };
      const id = existing?.id ?? randomUUID();
      if (blob && !original && item.dataType === 'file_object') {
        earlier.set(blob.sha256, {
          id,
          metadata: values.metadata,
          content: values.content ?? null,
          jobState: values.jobState ?? null,
          jobError: values.jobError ?? null,
          thumbnailKey: values.thumbnailKey ?? null,
        });
      }
      const processBytes = !previewLink && values.jobState === 'pending';
      if (existing) {
        // The source's date, when it gives one, is the date again; without one, a date processing read
        // from the bytes (EXIF, the document's text) stays rather than falling back to when it arrived.
        const date = values.sourceCreatedAt
          ? { dateSource: null }
          : {
              sourceCreatedAt: sql<Date | null>`CASE WHEN ${objects.dateSource} IS NOT NULL THEN ${objects.sourceCreatedAt} END`,
            };
        await tx
          .update(objects)
          .set({ ...values, ...date })
          .where(eq(objects.id, existing.id));
        const keptThumbnail = 'thumbnailKey' in values ? values.thumbnailKey : existing.thumbnailKey;
        const released = [existing.blobKey, existing.thumbnailKey].filter(
          (k): k is string => k !== null && k !== blob?.key && k !== keptThumbnail,
        );
        outcomes.push({
          kind: 'imported',
          objectId: id,
          created: false,
          processBytes,
          previewLink,
          released,
        });
        continue;
      }
      rows.push({
        id,
        ownerId: connection.ownerId,
        parentId:
          (item.placeInFolder && ownFolders.has(item.placeInFolder) && item.placeInFolder) ||
          (item.placeIn && folders.get(item.placeIn)?.id) ||
          target.rootId,
        dataType: values.dataType,
        source: deskSource,
        name: values.name,
        url: values.url,
        content: values.content ?? null,
        mimeType: values.mimeType,
        size: values.size,
        blobKey: values.blobKey,
        sha256: values.sha256,
        externalId: item.externalId,
        metadata: values.metadata,
        sourceCreatedAt: values.sourceCreatedAt,
        duplicateOf: values.duplicateOf,
        thumbnailKey: values.thumbnailKey ?? null,
        connectionId: values.connectionId,
        jobState: values.jobState ?? null,
        jobError: values.jobError ?? null,
        tags: item.tags ?? [],
      });
      outcomes.push({
        kind: 'imported',
        objectId: id,
        created: true,
        processBytes,
        previewLink,
        released: [],
      });
    }
    await insertObjects(tx, rows);
    return outcomes;
  });
}

/** Which of these ids are drawers or binders of the owner's, in one query. */
async function foldersOf(db: Db, ownerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: objects.id })
    .from(objects)
    .where(and(eq(objects.ownerId, ownerId), inArray(objects.id, ids), eq(objects.isFolder, true)));
  return new Set(rows.map((r) => r.id));
}

/** The file each of these hashes is kept as, first of its bytes (`ORIGINAL_FIRST`, as `findFileBySha` picks), in one query. */
async function originalsOf(db: Db, ownerId: string, hashes: string[]): Promise<Map<string, Original>> {
  const found = new Map<string, Original>();
  if (hashes.length === 0) return found;
  const rows = await db
    .selectDistinctOn([objects.sha256], {
      id: objects.id,
      sha256: objects.sha256,
      metadata: objects.metadata,
      content: objects.content,
      jobState: objects.jobState,
      jobError: objects.jobError,
      thumbnailKey: objects.thumbnailKey,
    })
    .from(objects)
    .where(filesWithBytes(ownerId, hashes))
    .orderBy(objects.sha256, ...ORIGINAL_FIRST);
  for (const { sha256, ...row } of rows) if (sha256) found.set(sha256, row);
  return found;
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

/**
 * Adds places to a stored item and to the items made of it: its attachments (`attachment_of`) and, with
 * `parts`, the items stored in its stead under `<id>#n` (an e-mail's files imported alone).
 */
async function addPlaces(db: Db, target: StoreTarget, externalId: string, places: Places, parts: boolean) {
  const had = sql`COALESCE(${objects.metadata}->'sync_places', CASE WHEN ${objects.metadata}->>'sync_scope' IS NOT NULL
    THEN jsonb_build_object(${objects.metadata}->>'sync_scope', ${objects.metadata}->>'sync_key') ELSE '{}'::jsonb END)`;
  await db
    .update(objects)
    .set({
      metadata: sql`jsonb_set(${objects.metadata} - 'sync_scope' - 'sync_key', '{sync_places}', ${had} || ${JSON.stringify(places)}::jsonb)`,
    })
    .where(
      and(
        eq(objects.ownerId, target.connection.ownerId),
        eq(objects.source, target.deskSource),
        or(
          eq(objects.externalId, externalId),
          sql`${objects.metadata}->>'attachment_of' = ${externalId}`,
          parts ? sql`starts_with(${objects.externalId}, ${`${externalId}#`})` : undefined,
        ),
      ),
    );
}

/**
 * Removes the connection's items of each scope whose key is no longer among those the provider holds;
 * an item in several places (`sync_places`) only loses that place, and leaves once it is in none.
 */
export async function removeAbsent(
  db: Db,
  connection: SourceConnectionRow,
  present: { scope: string; keys: string[] }[],
): Promise<Removed> {
  const total: Removed = { count: 0, blobKeys: [], thumbnailKeys: [] };
  const mine = and(eq(objects.ownerId, connection.ownerId), eq(objects.connectionId, connection.id));
  for (const { scope, keys } of present) {
    const listed = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
    const single = await removeWhere(
      db,
      connection.ownerId,
      true,
      and(
        mine,
        sql`${objects.metadata}->'sync_places' IS NULL`,
        sql`${objects.metadata}->>'sync_scope' = ${scope}`,
        sql`${objects.metadata}->>'sync_key' NOT IN ${listed}`,
      ),
    );
    // Taking the place away and removing what is left nowhere go together: no item is left in no place.
    const nowhere = await db.transaction(async (tx) => {
      const left = await tx
        .update(objects)
        .set({
          metadata: sql`jsonb_set(${objects.metadata}, '{sync_places}', (${objects.metadata}->'sync_places') - ${scope}::text)`,
        })
        .where(
          and(
            mine,
            sql`${objects.metadata}->'sync_places'->>${scope}::text IS NOT NULL`,
            sql`${objects.metadata}->'sync_places'->>${scope}::text NOT IN ${listed}`,
          ),
        )
        .returning({ id: objects.id });
      return removeWhere(
        tx,
        connection.ownerId,
        left.length > 0,
        and(
          mine,
          inArray(
            objects.id,
            left.map((r) => r.id),
          ),
          sql`${objects.metadata}->'sync_places' = '{}'::jsonb`,
        ),
      );
    });
    for (const gone of [single, nowhere]) {
      total.count += gone.count;
      total.blobKeys.push(...gone.blobKeys);
      total.thumbnailKeys.push(...gone.thumbnailKeys);
    }
  }
  return total;
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
  sameBytes: Original | undefined,
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
