import type {
  createFolderSchema,
  createItemSchema,
  DataType,
  DeskObject,
  FolderView,
  listQuerySchema,
  Page,
  Workspace,
} from '@easio/shared';
import { canContain, isFolderType, LINK_TYPES, nameFromText } from '@easio/shared';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import type { ObjectRow, UserRow } from '../db/schema.js';
import { HttpError, notFound } from '../http/http-error.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { changesOf, changesWhatIsRead, editRefusal, type ObjectEdit } from './edits.js';
import { recordFilings } from './filing-events.js';
import { forgetPagePreview } from './forget-page-preview.js';
import { cursorAfter, type ListedRow } from './listing.js';
import { toDeskObject } from './object-view.js';
import { createDeskRepository, type NewObject } from './repository.js';
import { rootOf } from './root-folder.js';
import type { UrlSigner } from './signed-urls.js';
import { createTrashRepository } from './trash-repository.js';
import { placementRefusal } from './tree-rules.js';
import { loadWorkspace } from './workspace.js';

type ListQuery = z.output<typeof listQuerySchema>;
const asList = <T>(v: T | T[] | undefined): T[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

export interface DeskDeps {
  db: Db;
  signer: UrlSigner;
  /** Removes blobs no object uses any more; called after a delete has committed. */
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
  /** New items arrived on the user's desk (recommendations are generated for them, debounced). */
  onItemsAdded: (ownerId: string) => void;
  /** Queues previews of saved links (their page read in the background); null when previews are off. */
  onLinksSaved: ((objectIds: string[]) => Promise<void>) | null;
}

/** The desk tree of one user: every call is scoped to the signed-in owner; other ids are 404. */
export function createDeskService({ db, signer, releaseBlobs, onItemsAdded, onLinksSaved }: DeskDeps) {
  const repo = createDeskRepository(db);

  /** A folder of the user's on the desk (one in the Trash is not found). */
  async function ownedFolder(user: UserRow, id: string): Promise<ObjectRow> {
    const folder = await repo.findOwned(user.id, id);
    if (!folder || !isFolderType(folder.dataType as DataType) || folder.trashedAt) throw notFound();
    return folder;
  }

  /** The folder a new object goes into (the root when none is named), checked against the tree's shape. */
  async function parentFor(
    user: UserRow,
    parentId: string | null | undefined,
    child: DataType,
  ): Promise<ObjectRow> {
    const parent = await ownedFolder(user, parentId ?? rootOf(user));
    if (!canContain(parent.dataType as DataType, child)) {
      throw new HttpError(422, placementRefusal(parent.dataType as DataType, child));
    }
    return parent;
  }

  async function page(user: UserRow, rows: ListedRow[], query: ListQuery): Promise<Page> {
    const folderIds = rows.filter((r) => isFolderType(r.dataType as DataType)).map((r) => r.id);
    const counts = await repo.childCounts(user.id, folderIds);
    const last = rows.length === query.limit ? rows.at(-1) : undefined;
    return {
      items: rows.map((r) => toDeskObject(r, signer, counts.get(r.id))),
      next_cursor: last ? encodeCursor(cursorAfter(last, query.sort)) : null,
    };
  }

  const listOptions = (query: ListQuery) => ({
    sort: query.sort,
    order: query.order,
    kinds: asList(query.kind),
    sources: asList(query.source),
    mimePrefix: query.mime,
    savedWith: query.saved_with,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    placed: query.placed === 'true',
    cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit,
  });

  return {
    repo,
    parentFor,

    async folder(user: UserRow, id: string): Promise<FolderView> {
      const folder = await ownedFolder(user, id);
      const [path, counts] = await Promise.all([repo.path(user.id, id), repo.childCounts(user.id, [id])]);
      return { folder: toDeskObject(folder, signer, counts.get(id)), path };
    },

    async children(user: UserRow, folderId: string, query: ListQuery): Promise<Page> {
      await ownedFolder(user, folderId);
      return page(user, await repo.list(user.id, { ...listOptions(query), parentId: folderId }), query);
    },

    /** My Workspace: the drawers and binders with their counts, and the latest changes in them. */
    workspace(user: UserRow): Promise<Workspace> {
      return loadWorkspace(db, user.id);
    },

    async items(user: UserRow, query: ListQuery): Promise<Page> {
      return page(user, await repo.list(user.id, listOptions(query)), query);
    },

    async get(user: UserRow, id: string): Promise<DeskObject> {
      const row = await repo.findOwned(user.id, id);
      if (!row) throw notFound();
      const counts = isFolderType(row.dataType as DataType)
        ? await repo.childCounts(user.id, [id])
        : undefined;
      return toDeskObject(row, signer, counts?.get(id));
    },

    async createFolder(user: UserRow, input: z.output<typeof createFolderSchema>): Promise<DeskObject> {
      const parent = await parentFor(user, input.parent_id, input.data_type);
      const [row] = await repo.insert([
        {
          ownerId: user.id,
          parentId: parent.id,
          dataType: input.data_type,
          name: input.name,
          binderState: input.data_type === 'binder_object' ? (input.binder_state ?? null) : null,
        },
      ]);
      if (!row) throw new Error('insert returned no row');
      return toDeskObject(row, signer, 0);
    },

    /** A note, link, url note or location; `extra` is stored beside what the item is (where it was saved from). */
    async createItem(
      user: UserRow,
      input: z.output<typeof createItemSchema>,
      extra: Record<string, unknown> = {},
    ): Promise<DeskObject> {
      const parent = await parentFor(user, input.parent_id, input.data_type);
      const base: NewObject = { ownerId: user.id, parentId: parent.id, dataType: input.data_type };
      let values: NewObject;
      switch (input.data_type) {
        case 'note_object':
          values = {
            ...base,
            name: input.name ?? nameFromText(input.content, 'Note'),
            content: input.content,
          };
          break;
        case 'url_object':
          values = { ...base, name: input.name ?? input.url, url: input.url };
          break;
        case 'url_note_object':
          values = {
            ...base,
            name: input.name ?? nameFromText(input.content, input.url),
            url: input.url,
            content: input.content,
          };
          break;
        case 'location_object':
          values = {
            ...base,
            name: input.name ?? input.label,
            content: input.address ?? null,
            metadata: {
              latitude: input.latitude,
              longitude: input.longitude,
              label: input.label,
              ...(input.address ? { address: input.address } : {}),
            },
          };
          break;
      }
      const previewed = onLinksSaved !== null && LINK_TYPES.has(input.data_type);
      const [row] = await repo.insert([
        {
          ...values,
          metadata: { ...(values.metadata ?? {}), ...extra },
          ...(previewed && { jobState: 'pending' }),
        },
      ]);
      if (!row) throw new Error('insert returned no row');
      if (previewed) await onLinksSaved([row.id]);
      onItemsAdded(user.id);
      return toDeskObject(row, signer);
    },

    /** With `version`, refused (409) when the object has changed since that version. */
    async update(user: UserRow, id: string, patch: ObjectEdit): Promise<DeskObject> {
      const row = await repo.findOwned(user.id, id);
      if (!row) throw notFound();
      if (row.trashedAt) throw inTrash(row);
      const type = row.dataType as DataType;
      const refusal = editRefusal(type, patch);
      if (refusal) throw new HttpError(422, refusal);
      if (patch.version !== undefined && patch.version !== row.version) {
        throw changedElsewhere(row, patch.version);
      }
      const readdressed = patch.url !== undefined && patch.url !== row.url;
      const { updated, releasedThumbnail } = await db.transaction(async (tx) => {
        const changes = changesOf(row, patch);
        const changed = await createDeskRepository(tx).update(user.id, id, changes, patch.version);
        if (!changed || !readdressed) return { updated: changed, releasedThumbnail: null };
        const forgotten = await forgetPagePreview(tx, user.id, id, onLinksSaved !== null);
        return { updated: forgotten.row, releasedThumbnail: forgotten.releasedThumbnail };
      });
      if (!updated) {
        // Changed (or deleted) between the read above and the write.
        const now = patch.version === undefined ? undefined : await repo.findOwned(user.id, id);
        throw now && patch.version !== undefined ? changedElsewhere(now, patch.version) : notFound();
      }
      if (releasedThumbnail) await releaseBlobs({ blobKeys: [], thumbnailKeys: [releasedThumbnail] });
      if (readdressed && onLinksSaved) await onLinksSaved([id]);
      // The recommendations read an item's words: a new generation sees the edited ones.
      if (!isFolderType(type) && changesWhatIsRead(patch)) onItemsAdded(user.id);
      const counts = isFolderType(type) ? await repo.childCounts(user.id, [id]) : undefined;
      return toDeskObject(updated, signer, counts?.get(id));
    },

    /** Moves all of them or none. */
    async move(user: UserRow, ids: string[], targetId: string): Promise<{ count: number }> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const txRepo = createDeskRepository(tx);
        const target = await txRepo.findOwned(user.id, targetId);
        if (!target || !isFolderType(target.dataType as DataType) || target.trashedAt)
          throw new HttpError(404, 'The destination was not found');
        const rows = await txRepo.findManyOwned(user.id, unique);
        if (rows.length !== unique.length) throw new HttpError(404, missing(unique.length - rows.length));
        const trashed = rows.find((r) => r.trashedAt);
        if (trashed) throw inTrash(trashed);
        for (const row of rows) {
          if (row.id === targetId) throw new HttpError(422, 'A folder cannot go into itself');
          if (!canContain(target.dataType as DataType, row.dataType as DataType)) {
            throw new HttpError(
              422,
              `${placementRefusal(target.dataType as DataType, row.dataType as DataType)} (${row.name})`,
            );
          }
        }
        const count = await txRepo.moveAll(user.id, unique, targetId);
        if (target.dataType === 'binder_object') {
          const items = rows.filter((r) => !isFolderType(r.dataType as DataType)).map((r) => r.id);
          await recordFilings(tx, user.id, items, targetId, 'moved');
        }
        return { count };
      });
    },

    /**
     * Moves all of them (folders with their content) to the Trash, or none: restorable there for
     * `TRASH_DAYS`, deleted for good after (`trash-service.ts`).
     */
    async remove(user: UserRow, ids: string[]): Promise<{ count: number }> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await createDeskRepository(tx).findManyOwned(user.id, unique);
        if (rows.length !== unique.length) throw new HttpError(404, missing(unique.length - rows.length));
        if (rows.some((r) => r.dataType === 'root_object'))
          throw new HttpError(422, 'Your desk itself cannot be deleted');
        const trashed = rows.find((r) => r.trashedAt);
        if (trashed) throw new HttpError(409, `${trashed.name || 'This item'} is already in the Trash`);
        return { count: await createTrashRepository(tx).trash(user.id, unique) };
      });
    },
  };
}

/** Refusal of an edit made on an older version than the object's: nothing is overwritten unseen. */
function changedElsewhere(row: ObjectRow, version: number): HttpError {
  return new HttpError(
    409,
    `${row.name || 'This item'} was changed elsewhere (another tab or device) since version ${version}: load it again, or send your change with version ${row.version} to replace it`,
  );
}

/** Refusal to change what is in the Trash (it is changed back on the desk, once restored). */
function inTrash(row: ObjectRow): HttpError {
  return new HttpError(409, `${row.name || 'This item'} is in the Trash: restore it first`);
}

function missing(n: number): string {
  return n === 1
    ? 'One of the chosen items was not found; nothing was changed'
    : `${n} of the chosen items were not found; nothing was changed`;
}

export type DeskService = ReturnType<typeof createDeskService>;
