import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type ObjectRow, objects } from '../db/schema.js';

/** What a preview (or the browser extension) said of a page, in an item's metadata. */
export const PAGE_FACT_KEYS = [
  'description',
  'site_name',
  'favicon',
  'favicon_url',
  'page_title',
  'preview_url',
  'previewed_at',
] as const;

/**
 * A link given another address forgets what was said of the old page (its description, icon, picture, the
 * name its title gave and, for a plain link, its text) and waits for a new preview when there will be one. Answers the row, and the
 * thumbnail it no longer uses.
 */
export async function forgetPagePreview(
  db: Db,
  ownerId: string,
  id: string,
  previewing: boolean,
): Promise<{ row: ObjectRow | undefined; releasedThumbnail: string | null }> {
  const [before] = await db
    .select({ thumbnailKey: objects.thumbnailKey })
    .from(objects)
    .where(and(eq(objects.ownerId, ownerId), eq(objects.id, id)));
  const [row] = await db
    .update(objects)
    .set({
      // A name the old page's title gave (not the user) goes with it: the link is named by its address again.
      name: sql`CASE WHEN ${objects.name} = ${objects.metadata}->>'page_title' THEN coalesce(${objects.url}, ${objects.name}) ELSE ${objects.name} END`,
      metadata: sql`${objects.metadata} - ${sql.raw(`'{${PAGE_FACT_KEYS.join(',')}}'::text[]`)}`,
      content: sql`CASE WHEN ${objects.dataType} = 'url_object' THEN NULL ELSE ${objects.content} END`,
      thumbnailKey: null,
      jobState: previewing ? 'pending' : null,
      jobError: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(objects.ownerId, ownerId), eq(objects.id, id)))
    .returning();
  return { row, releasedThumbnail: before?.thumbnailKey ?? null };
}
