import { CONTENT_PREVIEW_MAX, type DataType, isFolderType, type SortKey, type Source } from '@easio/shared';
import { and, eq, getTableColumns, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type ObjectRow, objects } from '../db/schema.js';
import type { Cursor } from './cursor.js';

/**
 * How each sort key orders rows (before the id tie-break), and how its cursor values are typed. Names
 * sort by `sort_name`, their natural key (see the migration 0018_natural_sort.sql).
 */
const SORTS: Record<SortKey, { exprs: SQL[]; casts: string[] }> = {
  date: { exprs: [sql`${objects.itemDate}`], casts: ['timestamptz'] },
  name: { exprs: [sql`${objects.sortName}`], casts: ['text'] },
  size: { exprs: [sql`coalesce(${objects.size}, -1)`], casts: ['bigint'] },
  kind: { exprs: [sql`${objects.dataType}`, sql`${objects.sortName}`], casts: ['text', 'text'] },
};

export interface ListOptions {
  /** A folder's children; or, when undefined, every item (not folder) of the owner's desk. */
  parentId?: string;
  sort: SortKey;
  order: 'asc' | 'desc';
  kinds?: DataType[];
  sources?: Source[];
  mimePrefix?: string;
  /** Only items saved with this client (`metadata.saved_with`: the browser extension). */
  savedWith?: string;
  /** Only items dated within [from, to). */
  from?: Date;
  to?: Date;
  /** Only items with a latitude and longitude (a photo's EXIF GPS, a saved location). */
  placed?: boolean;
  cursor?: Cursor;
  limit: number;
}

export type ListedRow = ObjectRow;

/** Where the next page starts: after this row, in the sort it was listed by. */
export function cursorAfter(row: ListedRow, sort: SortKey): Cursor {
  return { v: cursorValues(row, sort), id: row.id, f: row.isFolder };
}

function cursorValues(row: ListedRow, sort: SortKey): (string | number)[] {
  switch (sort) {
    case 'date':
      return [row.itemDate.toISOString()];
    case 'name':
      return [row.sortName];
    case 'size':
      return [row.size ?? -1];
    case 'kind':
      return [row.dataType, row.sortName];
  }
}

/**
 * The parts listed, in order: a folder's folders (drawers, binders), then its items, in either order;
 * only the part the cursor is in and those after it; only those the kinds asked for can be in.
 */
function partsToList(options: ListOptions): boolean[] {
  const parts = options.parentId === undefined ? [false] : [true, false];
  return parts.filter(
    (folders) =>
      !(options.cursor && options.cursor.f === false && folders) &&
      (!options.kinds?.length || options.kinds.some((kind) => isFolderType(kind) === folders)),
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What every part of the listing is filtered by. */
function filters(ownerId: string, options: ListOptions): SQL[] {
  // What is in the Trash is listed only there.
  const conditions: (SQL | undefined)[] = [eq(objects.ownerId, ownerId), isNull(objects.trashedAt)];
  if (options.parentId !== undefined) conditions.push(eq(objects.parentId, options.parentId));
  if (options.kinds?.length) conditions.push(inArray(objects.dataType, options.kinds));
  if (options.sources?.length) conditions.push(inArray(objects.source, options.sources));
  if (options.mimePrefix) {
    conditions.push(sql`${objects.mimeType} LIKE ${`${escapeLike(options.mimePrefix)}%`}`);
  }
  if (options.savedWith) conditions.push(sql`${objects.metadata}->>'saved_with' = ${options.savedWith}`);
  if (options.from) conditions.push(gte(objects.itemDate, options.from));
  if (options.to) conditions.push(lt(objects.itemDate, options.to));
  if (options.placed) {
    conditions.push(
      sql`jsonb_typeof(${objects.metadata}->'latitude') = 'number' AND jsonb_typeof(${objects.metadata}->'longitude') = 'number'`,
    );
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * One page of a listing. A folder's folders come first and its items after them whichever the order:
 * each part is one range of the folder's index for the sort (owner, parent, is_folder, key, id), read
 * in the order asked, so a page costs the same in a folder of ten or of 100,000.
 */
export async function listObjects(db: Db, ownerId: string, options: ListOptions): Promise<ListedRow[]> {
  const { exprs, casts } = SORTS[options.sort];
  const dir = options.order === 'asc' ? sql`ASC` : sql`DESC`;
  const orderBy = [...exprs, sql`${objects.id}`].map((e) => sql`${e} ${dir}`);
  const rows: ListedRow[] = [];
  for (const folders of partsToList(options)) {
    const conditions = [...filters(ownerId, options), eq(objects.isFolder, folders)];
    const { cursor } = options;
    if (cursor && cursor.f === folders) {
      const values = cursor.v.map((v, i) => sql`${v}::${sql.raw(casts[i] ?? 'text')}`);
      const op = options.order === 'asc' ? sql`>` : sql`<`;
      conditions.push(
        sql`(${sql.join([...exprs, sql`${objects.id}`], sql`, `)}) ${op} (${sql.join(
          [...values, sql`${cursor.id}::uuid`],
          sql`, `,
        )})`,
      );
    }
    rows.push(
      ...(await db
        .select({
          ...getTableColumns(objects),
          // Lists carry the start of long texts only; one object's call answers all of it.
          content: sql<string | null>`left(${objects.content}, ${CONTENT_PREVIEW_MAX})`,
        })
        .from(objects)
        .where(and(...conditions))
        .orderBy(...orderBy)
        .limit(options.limit - rows.length)),
    );
    if (rows.length === options.limit) break;
  }
  return rows;
}
