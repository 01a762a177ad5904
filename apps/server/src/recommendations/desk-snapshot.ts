import type { EngineBinder, EngineItem, FiledItem, FilingEvent } from '@easio/engine';
import { MAX_TEXT_CHARS } from '@easio/engine';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

/** What the engine is given of one user's desk. */
export interface DeskSnapshot {
  binders: EngineBinder[];
  filed: FiledItem[];
  unfiled: EngineItem[];
  events: FilingEvent[];
  existingTags: string[];
  /** Unfiled files still being read (their text not yet extracted): left for a later run. */
  waiting: number;
}

interface ItemRow {
  id: string;
  data_type: string;
  source: string;
  name: string;
  url: string | null;
  mime_type: string | null;
  text: string | null;
  tags: string[];
  item_date: number;
  email_from: string | null;
  email_subject: string | null;
  folder_hint: string | null;
  binder_id: string | null;
  reading: boolean;
}

/** A file still marked as being read after this long was cut off (its job is retried): taken as it is. */
const READING_AT_MOST = sql.raw(`interval '30 minutes'`);

const FOLDERS = sql.raw(`('root_object', 'drawer_object', 'binder_object')`);

function toEngineItem(row: ItemRow): EngineItem {
  const hint = row.folder_hint ? `\n${row.folder_hint}` : '';
  return {
    id: row.id,
    kind: row.data_type,
    name: row.name,
    source: row.source,
    mimeType: row.mime_type,
    url: row.url,
    text: row.text === null && !hint ? null : `${row.text ?? ''}${hint}`,
    tags: row.tags,
    date: Number(row.item_date),
    email: row.email_from || row.email_subject ? { from: row.email_from, subject: row.email_subject } : null,
  };
}

/**
 * The user's binders (with their drawers), the items filed in binders, the unfiled items lying on the
 * desk itself, their filing history and the tags in use. Texts are cut where the engine would cut them.
 * Unfiled files whose text is still being extracted are left out (and counted): proposing them now
 * would file them by name alone.
 */
export async function loadDeskSnapshot(db: Db, ownerId: string, rootId: string): Promise<DeskSnapshot> {
  const binders = await queryRows<{ id: string; name: string; drawer_id: string; drawer_name: string }>(
    db,
    sql`SELECT b.id, b.name, d.id AS drawer_id, d.name AS drawer_name
        FROM objects b JOIN objects d ON d.id = b.parent_id AND d.owner_id = b.owner_id
        WHERE b.owner_id = ${ownerId} AND b.data_type = 'binder_object' AND d.data_type = 'drawer_object'
        ORDER BY b.id`,
  );
  const binderIds = new Set(binders.map((b) => b.id));
  const items = await queryRows<ItemRow>(
    db,
    sql`SELECT o.id, o.data_type, o.source, o.name, o.url, o.mime_type,
          left(o.content, ${sql.raw(String(MAX_TEXT_CHARS))}) AS text, o.tags,
          (extract(epoch FROM o.item_date) * 1000)::float8 AS item_date,
          o.metadata->>'from' AS email_from, o.metadata->>'subject' AS email_subject,
          o.metadata->>'folder_path' AS folder_hint,
          CASE WHEN o.parent_id = ${rootId} THEN NULL ELSE o.parent_id END AS binder_id,
          (o.job_state IN ('pending', 'running') AND o.updated_at > now() - ${READING_AT_MOST}) AS reading
        FROM objects o
        WHERE o.owner_id = ${ownerId} AND o.data_type NOT IN ${FOLDERS}
          AND (o.parent_id = ${rootId} OR o.parent_id IN (
            SELECT id FROM objects WHERE owner_id = ${ownerId} AND data_type = 'binder_object'))
        ORDER BY o.id`,
  );
  const filed: FiledItem[] = [];
  const unfiled: EngineItem[] = [];
  let waiting = 0;
  for (const row of items) {
    if (row.binder_id === null && row.reading) waiting += 1;
    else if (row.binder_id === null) unfiled.push(toEngineItem(row));
    else if (binderIds.has(row.binder_id)) filed.push({ ...toEngineItem(row), binderId: row.binder_id });
  }
  const events = await queryRows<{ object_id: string; binder_id: string; kind: FilingEvent['kind'] }>(
    db,
    sql`SELECT object_id, binder_id, kind FROM filing_events WHERE owner_id = ${ownerId} ORDER BY id`,
  );
  const tags = await queryRows<{ tag: string }>(
    db,
    sql`SELECT tag FROM objects, unnest(tags) AS tag
        WHERE owner_id = ${ownerId} AND cardinality(tags) > 0
        GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 500`,
  );
  return {
    binders: binders.map((b) => ({
      id: b.id,
      name: b.name,
      drawerId: b.drawer_id,
      drawerName: b.drawer_name,
    })),
    filed,
    unfiled,
    events: events.map((e) => ({ objectId: e.object_id, binderId: e.binder_id, kind: e.kind })),
    existingTags: tags.map((t) => t.tag),
    waiting,
  };
}
