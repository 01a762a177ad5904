import { sql } from 'drizzle-orm';

/** Our own constants go into the text of the statement (bound as parameters they would need casts). */
export const num = (n: number) => sql.raw(String(n));
export const tsq = (text: string) => sql`to_tsquery('simple', ${text})`;
/** An object's whole indexed text, and its head (name, tags, address): see the migration 0002_search.sql. */
export const doc = sql.raw('"objects"."search_document"');
export const head = sql.raw('"objects"."search_head"');
