import { type Crumb, SEARCH_PREVIEW_MAX } from '@easio/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import { type ObjectRow, objects } from '../db/schema.js';
import { num } from './sql-fragments.js';

/** An object row as a search answers it. */
export type SearchRow = ObjectRow & {
  score: number | null;
  /** The folders from the root down to the one holding the item. */
  path: Crumb[];
  /** Folders: how many objects are directly inside; null for items. */
  childCount: number | null;
  /** Text around the first match in the item's text, with whether it reaches either end. */
  passage: string | null;
  passageAtStart: boolean;
  passageAtEnd: boolean;
};

const TIMESTAMP_KEYS = Object.entries(getTableColumns(objects))
  .filter(([, column]) => column.columnType === 'PgTimestamp')
  .map(([key]) => key);

/**
 * Every column of an object row, named as the row type names it: `size` and timestamps (as epoch
 * milliseconds) come back as numbers on both drivers, text is cut to what a result card shows at most.
 */
export const rowColumns = sql.join(
  Object.entries(getTableColumns(objects)).map(([key, column]) => {
    if (key === 'size') return sql`${column}::float8 AS "size"`;
    if (key === 'content') return sql`left(${column}, ${num(SEARCH_PREVIEW_MAX)}) AS "content"`;
    if (TIMESTAMP_KEYS.includes(key)) {
      return sql`(extract(epoch FROM ${column}) * 1000)::float8 AS ${sql.identifier(key)}`;
    }
    return sql`${column} AS ${sql.identifier(key)}`;
  }),
  sql`, `,
);

/** A row as the statement answers it, turned into the object row it stands for. */
export function toSearchRow(raw: Record<string, unknown>): SearchRow {
  const row: Record<string, unknown> = { ...raw };
  for (const key of TIMESTAMP_KEYS) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : new Date(Number(value));
  }
  return row as SearchRow;
}
