import { z } from 'zod';
import { ItemError, SyncError } from '../provider-errors.js';
import type { Connector, ImportedItem, SyncPage } from '../source.js';
import type { GoogleApi } from './google-api.js';

const FOLDER = 'application/vnd.google-apps.folder';
const PAGE_SIZE = 200;
/** Plain text kept for search from an exported Google Doc. */
const MAX_TEXT_CHARS = 1_000_000;
/** Folders above a file looked up at most this deep (cycles and pathological trees end here). */
const MAX_DEPTH = 32;

const FILE_FIELDS =
  'id,name,mimeType,parents,createdTime,modifiedTime,size,md5Checksum,version,webViewLink,trashed';

const driveFile = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  mimeType: z.string().default('application/octet-stream'),
  parents: z.array(z.string()).optional(),
  createdTime: z.string().optional(),
  modifiedTime: z.string().optional(),
  size: z.coerce.number().optional(),
  md5Checksum: z.string().optional(),
  version: z.string().optional(),
  webViewLink: z.string().optional(),
  trashed: z.boolean().optional(),
});
type DriveFile = z.infer<typeof driveFile>;

const fileList = z.object({ nextPageToken: z.string().optional(), files: z.array(driveFile).default([]) });
const changeList = z.object({
  nextPageToken: z.string().optional(),
  newStartPageToken: z.string().optional(),
  changes: z
    .array(
      z.object({
        fileId: z.string().optional(),
        removed: z.boolean().optional(),
        file: driveFile.optional(),
      }),
    )
    .default([]),
});
const startToken = z.object({ startPageToken: z.string().min(1) });

/** Google's own formats, exported: bytes as PDF, and text for search. */
const EXPORTS: Record<string, { text: string | null }> = {
  'application/vnd.google-apps.document': { text: 'text/plain' },
  'application/vnd.google-apps.spreadsheet': { text: 'text/csv' },
  'application/vnd.google-apps.presentation': { text: 'text/plain' },
  'application/vnd.google-apps.drawing': { text: null },
};

const cursorSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('list'), startPageToken: z.string(), listPageToken: z.string().optional() }),
  z.object({ phase: z.literal('changes'), pageToken: z.string() }),
]);

/**
 * Google Drive: a first sync lists every file (`files.list`, page by page), having first noted the
 * change token of that moment; later syncs read `changes.list` from the saved token, so only what
 * changed is fetched. Folders are not items: their names become each file's `folder_path`, which
 * the recommendations read as a strong hint. Trashed or deleted files leave the desk.
 */
export function createDriveConnector(api: GoogleApi): Connector {
  const folders = new Map<string, { name: string; parents: string[] }>();

  const remember = (file: DriveFile) => {
    if (file.mimeType === FOLDER) folders.set(file.id, { name: file.name, parents: file.parents ?? [] });
  };

  async function folderOf(id: string): Promise<{ name: string; parents: string[] } | null> {
    const known = folders.get(id);
    if (known) return known;
    try {
      const file = await api.json(
        `drive/v3/files/${encodeURIComponent(id)}`,
        { fields: 'id,name,mimeType,parents' },
        driveFile,
      );
      remember(file);
      return folders.get(id) ?? null;
    } catch (error) {
      if (error instanceof ItemError) return null; // a folder shared without access: the path stops there
      throw error;
    }
  }

  /** "Work/Taxes" for a file in My Drive › Work › Taxes (the drive's root itself is not named). */
  async function pathOf(file: DriveFile): Promise<string> {
    const names: string[] = [];
    let parent = file.parents?.[0];
    for (let depth = 0; parent && depth < MAX_DEPTH; depth++) {
      const folder = await folderOf(parent);
      if (!folder || folder.parents.length === 0) break;
      names.unshift(folder.name);
      parent = folder.parents[0];
    }
    return names.join('/');
  }

  async function itemOf(file: DriveFile): Promise<ImportedItem | null> {
    if (file.mimeType === FOLDER || file.trashed) return null;
    const id = encodeURIComponent(file.id);
    const folder = await pathOf(file);
    const base = {
      externalId: file.id,
      name: file.name || 'Untitled',
      url: file.webViewLink ?? null,
      metadata: {
        folder_path: folder,
        drive: { mime_type: file.mimeType, web_view_link: file.webViewLink ?? null },
      },
      sourceCreatedAt: file.createdTime ? new Date(file.createdTime) : null,
      version: `${file.modifiedTime ?? ''}|${file.md5Checksum ?? file.version ?? ''}`,
    };
    const exported = EXPORTS[file.mimeType];
    if (exported) {
      const textType = exported.text;
      return {
        ...base,
        dataType: 'file_object',
        body: () => api.stream(`drive/v3/files/${id}/export`, { mimeType: 'application/pdf' }),
        text: textType
          ? () => api.text(`drive/v3/files/${id}/export`, { mimeType: textType }, MAX_TEXT_CHARS)
          : undefined,
      };
    }
    if (file.mimeType.startsWith('application/vnd.google-apps.')) {
      // Forms, sites, maps, shortcuts: nothing to download, kept as a link.
      return { ...base, dataType: 'url_object', url: file.webViewLink ?? null };
    }
    return {
      ...base,
      dataType: 'file_object',
      mimeType: file.mimeType,
      size: file.size ?? null,
      body: () => api.stream(`drive/v3/files/${id}`, { alt: 'media' }),
    };
  }

  async function pageOf(
    files: DriveFile[],
    removedIds: string[],
    cursor: Record<string, unknown>,
  ): Promise<SyncPage> {
    for (const file of files) remember(file);
    const items: ImportedItem[] = [];
    const removed = [...removedIds];
    for (const file of files) {
      if (file.trashed) removed.push(file.id);
      else {
        const item = await itemOf(file);
        if (item) items.push(item);
      }
    }
    return { items, removed, cursor };
  }

  return {
    async *pages(saved) {
      const parsed = saved ? cursorSchema.safeParse(saved) : null;
      let cursor = parsed?.success ? parsed.data : null;
      if (!cursor || cursor.phase === 'list') {
        const start =
          cursor?.startPageToken ??
          (await api.json('drive/v3/changes/startPageToken', {}, startToken)).startPageToken;
        let pageToken = cursor?.listPageToken;
        do {
          const list = await api.json(
            'drive/v3/files',
            {
              pageSize: PAGE_SIZE,
              pageToken,
              q: 'trashed = false',
              fields: `nextPageToken,files(${FILE_FIELDS})`,
            },
            fileList,
          );
          pageToken = list.nextPageToken;
          const next = pageToken
            ? { phase: 'list' as const, startPageToken: start, listPageToken: pageToken }
            : { phase: 'changes' as const, pageToken: start };
          yield await pageOf(list.files, [], next);
        } while (pageToken);
        cursor = { phase: 'changes', pageToken: start };
      }
      // Changes made meanwhile (during the first listing too): updates, new files, trash and deletions.
      let token = cursor.pageToken;
      for (;;) {
        const changes = await api.json(
          'drive/v3/changes',
          {
            pageToken: token,
            pageSize: PAGE_SIZE,
            fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${FILE_FIELDS}))`,
          },
          changeList,
        );
        const files = changes.changes.flatMap((c) => (!c.removed && c.file ? [c.file] : []));
        const gone = changes.changes.flatMap((c) => (c.removed && c.fileId ? [c.fileId] : []));
        const nextToken = changes.nextPageToken ?? changes.newStartPageToken;
        if (!nextToken) throw new SyncError('Google Drive gave no next change token');
        yield await pageOf(files, gone, { phase: 'changes', pageToken: nextToken });
        if (!changes.nextPageToken) return;
        token = nextToken;
      }
    },

    async fetchItem(externalId) {
      try {
        const file = await api.json(
          `drive/v3/files/${encodeURIComponent(externalId)}`,
          { fields: FILE_FIELDS },
          driveFile,
        );
        return await itemOf(file);
      } catch (error) {
        if (error instanceof ItemError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
