import { z } from 'zod';
import { parseEach, ShapeIssue } from '../imports/parse-each.js';
import { parseExportJson } from './export-json.js';
import { type MovedIn, type MovedInEntry, MoveInError } from './moved-in.js';

const id = z.union([z.number().int(), z.string().min(1).max(100)]).transform(String);
const date = z
  .string()
  .nullish()
  .transform((v) => {
    const d = v ? new Date(v) : null;
    return d && !Number.isNaN(d.getTime()) ? d : null;
  });
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

const linkSchema = z.object({
  id,
  name: text,
  url: z.string().nullish(),
  description: text,
  type: z.string().nullish(),
  textContent: z.string().nullish(),
  createdAt: date,
  importDate: date,
  tags: z.array(z.object({ name: z.string() })).nullish(),
});

const collectionSchema = z.object({
  id,
  name: text,
  parentId: id.nullish(),
  links: z.array(linkSchema).default([]),
});

/** What Linkwarden's "Export data" writes (`migration/exportData.ts`): the user with their collections. */
const backupSchema = z.object({ collections: z.array(z.unknown()) });

const notLinkwarden = (path: string, why: string) =>
  new MoveInError(`This is not a Linkwarden export (${path || 'the file'}: ${why})`);

/**
 * A Linkwarden backup: collections (nested by `parentId`) as folders, each link with its name,
 * description, tags and date (when it was first saved, `importDate`, else when it was added).
 */
export async function parseLinkwarden(
  json: string,
  pace: () => Promise<void> = async () => {},
): Promise<MovedIn> {
  const parsed = backupSchema.safeParse(parseExportJson(json, 'Linkwarden'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notLinkwarden(issue?.path.join('.') ?? '', issue?.message ?? 'unexpected shape');
  }
  let collections: z.infer<typeof collectionSchema>[];
  try {
    collections = await parseEach(parsed.data.collections, collectionSchema, 'collections', pace);
  } catch (error) {
    if (error instanceof ShapeIssue) throw notLinkwarden(error.path, error.why);
    throw error;
  }
  const known = new Set(collections.map((c) => c.id));
  const entries: MovedInEntry[] = collections.flatMap((c) =>
    c.links.map((link) => ({
      key: `link:${link.id}`,
      url: link.url ?? null,
      // A PDF or image uploaded to Linkwarden has no address, and its export holds no file.
      ...(!link.url && {
        refusal: `An uploaded ${link.type && link.type !== 'url' ? link.type : 'file'}: the export holds no file to import`,
      }),
      title: link.name,
      note: link.description || null,
      tags: (link.tags ?? []).map((t) => t.name),
      createdAt: link.importDate ?? link.createdAt,
      folder: `collection:${c.id}`,
    })),
  );
  return {
    folders: collections.map((c) => ({
      key: `collection:${c.id}`,
      name: c.name,
      // A collection shared with the user has a parent of someone else's: it is a top-level one here.
      parent: c.parentId && known.has(c.parentId) ? `collection:${c.parentId}` : null,
    })),
    entries,
  };
}
