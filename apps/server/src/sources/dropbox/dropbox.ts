import { z } from 'zod';
import { ItemError } from '../provider-errors.js';
import type { Connector, ImportedItem, SyncPage } from '../source.js';
import type { DropboxApi } from './dropbox-api.js';

const PAGE_SIZE = 500;

const entrySchema = z.discriminatedUnion('.tag', [
  z.object({
    '.tag': z.literal('file'),
    id: z.string(),
    name: z.string(),
    path_lower: z.string().optional(),
    path_display: z.string().optional(),
    rev: z.string(),
    size: z.number(),
    client_modified: z.string().optional(),
    server_modified: z.string().optional(),
    content_hash: z.string().optional(),
    is_downloadable: z.boolean().optional(),
  }),
  z.object({
    '.tag': z.literal('folder'),
    id: z.string().optional(),
    name: z.string(),
    path_lower: z.string().optional(),
  }),
  z.object({ '.tag': z.literal('deleted'), name: z.string(), path_lower: z.string().optional() }),
]);
type Entry = z.infer<typeof entrySchema>;
type FileEntry = Extract<Entry, { '.tag': 'file' }>;

const listSchema = z.object({ entries: z.array(entrySchema), cursor: z.string(), has_more: z.boolean() });
const cursorSchema = z.object({ cursor: z.string() });

/** "Taxes/2025" for "/Taxes/2025/return.pdf". */
const folderOf = (pathDisplay: string | undefined) => (pathDisplay ?? '').split('/').slice(1, -1).join('/');

/**
 * Dropbox: the first sync lists the whole account (`files/list_folder`, recursive) page by page; later
 * ones go on from the saved cursor (`list_folder/continue`), so only what changed is read; a cursor
 * Dropbox resets starts a full listing again (files are keyed by their Dropbox id: nothing doubles).
 * Deletions name paths (a deleted folder names only itself), so removals go by path, and a file's
 * folders become its `folder_path`.
 */
export function createDropboxConnector(api: DropboxApi): Connector {
  function itemOf(file: FileEntry): ImportedItem | null {
    const modified = file.client_modified ?? file.server_modified;
    return {
      externalId: file.id,
      dataType: 'file_object',
      name: file.name,
      size: file.size,
      metadata: {
        folder_path: folderOf(file.path_display),
        path_lower: file.path_lower ?? null,
        dropbox: { path: file.path_display ?? null, content_hash: file.content_hash ?? null },
      },
      sourceCreatedAt: modified ? new Date(modified) : null,
      version: file.rev,
      body: async () => {
        if (file.is_downloadable === false)
          throw new ItemError('Dropbox does not let this file be downloaded');
        return api.download(file.id);
      },
    };
  }

  function pageOf(list: z.infer<typeof listSchema>): SyncPage {
    const items: ImportedItem[] = [];
    const removedPaths: string[] = [];
    for (const entry of list.entries) {
      if (entry['.tag'] === 'file') {
        const item = itemOf(entry);
        if (item) items.push(item);
      } else if (entry['.tag'] === 'deleted' && entry.path_lower) removedPaths.push(entry.path_lower);
    }
    return { items, removed: [], removedPaths, cursor: { cursor: list.cursor } };
  }

  async function* listAll(): AsyncGenerator<SyncPage> {
    let list = await api.rpc(
      'files/list_folder',
      { path: '', recursive: true, include_deleted: false, limit: PAGE_SIZE },
      listSchema,
    );
    yield pageOf(list);
    while (list.has_more) {
      list = await api.rpc('files/list_folder/continue', { cursor: list.cursor }, listSchema);
      yield pageOf(list);
    }
  }

  return {
    async *pages(saved) {
      const parsed = saved ? cursorSchema.safeParse(saved) : null;
      if (!parsed?.success) {
        yield* listAll();
        return;
      }
      let cursor = parsed.data.cursor;
      for (;;) {
        let list: z.infer<typeof listSchema>;
        try {
          list = await api.rpc('files/list_folder/continue', { cursor }, listSchema);
        } catch (error) {
          if (error instanceof ItemError && error.reason.startsWith('reset')) {
            yield* listAll();
            return;
          }
          throw error;
        }
        yield pageOf(list);
        if (!list.has_more) return;
        cursor = list.cursor;
      }
    },

    async fetchItem(externalId) {
      try {
        const entry = await api.rpc('files/get_metadata', { path: externalId }, entrySchema);
        return entry['.tag'] === 'file' ? itemOf(entry) : null;
      } catch (error) {
        if (error instanceof ItemError && error.reason.startsWith('path/not_found')) return null;
        throw error;
      }
    },
  };
}
