import { z } from 'zod';
import { parseEach, ShapeIssue } from '../imports/parse-each.js';
import { parseExportJson } from './export-json.js';
import { type MovedIn, type MovedInEntry, type MovedInFolder, MoveInError } from './moved-in.js';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

const bookmarkSchema = z.object({
  /** Seconds since 1970. */
  createdAt: z.number().nullish(),
  title: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  lists: z.array(z.string()).nullish(),
  content: z
    .union([
      z.object({ type: z.literal('link'), url: z.string() }),
      z.object({ type: z.literal('text'), text: z.string() }),
      z.object({
        type: z.literal('asset'),
        assetType: z.string().nullish(),
        sourceUrl: z.string().nullish(),
      }),
    ])
    .nullish(),
  note: z.string().nullish(),
  archived: z.boolean().nullish(),
});

/** What Karakeep's export writes (`packages/shared/import-export/exporters.ts`); its bookmarks checked one by one. */
const exportSchema = z.object({
  bookmarks: z.array(z.unknown()),
  lists: z
    .array(
      z.object({
        id: z.string().min(1).max(200),
        name: text,
        type: z.string().nullish(),
        parentId: z.string().nullish(),
      }),
    )
    .nullish(),
});

type Bookmark = z.infer<typeof bookmarkSchema>;

/** The address and text of a bookmark: a link's address, a note's text, an uploaded file's source. */
function contentOf(
  bookmark: Bookmark,
  index: number,
): Pick<MovedInEntry, 'url' | 'note'> & { refusal?: string } {
  const note = bookmark.note?.trim() || null;
  const content = bookmark.content;
  if (!content)
    return {
      url: null,
      note,
      refusal: 'An uploaded file or image: Karakeep’s export does not hold its file',
    };
  if (content.type === 'link') return { url: content.url, note };
  if (content.type === 'text') return { url: null, note: [content.text, note].filter(Boolean).join('\n\n') };
  // The export holds no file bytes: an asset is kept by where it came from, when known.
  if (content.sourceUrl) return { url: content.sourceUrl, note };
  return {
    url: null,
    note,
    refusal: `An uploaded ${content.assetType ?? 'file'} (entry ${index + 1}): the export holds no file to import`,
  };
}

/**
 * A Karakeep export: manual lists (nested by `parentId`) as folders, each bookmark in its first manual
 * list, its other lists as tags beside its own; links, text notes, and assets by their source address.
 * Smart lists are saved searches without members, and are left out.
 */
export async function parseKarakeep(
  json: string,
  pace: () => Promise<void> = async () => {},
): Promise<MovedIn> {
  const notKarakeep = (path: string, why: string) =>
    new MoveInError(`This is not a Karakeep export (${path || 'the file'}: ${why})`);
  const parsed = exportSchema.safeParse(parseExportJson(json, 'Karakeep'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notKarakeep(issue?.path.join('.') ?? '', issue?.message ?? 'unexpected shape');
  }
  let bookmarks: Bookmark[];
  try {
    bookmarks = await parseEach(parsed.data.bookmarks, bookmarkSchema, 'bookmarks', pace);
  } catch (error) {
    if (error instanceof ShapeIssue) throw notKarakeep(error.path, error.why);
    throw error;
  }
  const lists = (parsed.data.lists ?? []).filter((l) => l.type !== 'smart');
  const byId = new Map(lists.map((l) => [l.id, l]));
  const folders: MovedInFolder[] = lists.map((l) => ({
    key: `list:${l.id}`,
    name: l.name,
    parent: l.parentId && byId.has(l.parentId) ? `list:${l.parentId}` : null,
  }));
  const entries: MovedInEntry[] = [];
  bookmarks.forEach((bookmark, index) => {
    // Karakeep's export carries no id: a bookmark is known by when it was made and what it holds.
    const content = contentOf(bookmark, index);
    const key = `bookmark:${bookmark.createdAt ?? 'undated'}:${content.url ?? content.note?.slice(0, 200) ?? index}`;
    const title = bookmark.title?.trim() || '';
    const inLists = (bookmark.lists ?? []).filter((id) => byId.has(id));
    const [first, ...others] = inLists;
    entries.push({
      key,
      url: content.url,
      title,
      note: content.note,
      tags: [
        ...(bookmark.tags ?? []),
        ...others.map((id) => byId.get(id)?.name ?? ''),
        ...(bookmark.archived ? ['archived'] : []),
      ],
      createdAt:
        bookmark.createdAt != null && Number.isFinite(bookmark.createdAt)
          ? new Date(bookmark.createdAt * 1000)
          : null,
      folder: first ? `list:${first}` : null,
      ...(content.refusal && { refusal: content.refusal }),
    });
  });
  return { folders, entries };
}
