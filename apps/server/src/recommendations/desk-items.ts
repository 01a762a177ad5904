import type { EngineBinder, EngineItem, FilingEvent } from '@easio/engine';
import { MAX_TEXT_CHARS } from '@easio/engine';
import { sql } from 'drizzle-orm';
import { uuidArray } from '../db/array-params.js';
import { type Db, queryRows } from '../db/client.js';

/** What the engine is given of one user's desk besides its items (read in pages: `readDeskItems`). */
export interface DeskContext {
  binders: EngineBinder[];
  events: FilingEvent[];
  existingTags: string[];
}

/** Items read per page: a large desk's texts are never all in memory at once. */
export const DESK_PAGE = 500;

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
  own_date: boolean;
  email_from: string | null;
  email_to: string | null;
  email_subject: string | null;
  folder_hint: string | null;
  binder_id: string | null;
  reading: boolean;
}

/**
 * A file whose text is still being extracted (never null). One still marked so after 30 minutes was cut off (its
 * job is retried): taken as it is.
 */
const READING = sql.raw(
  `(coalesce(o.job_state IN ('pending', 'running'), false) AND o.updated_at > now() - interval '30 minutes')`,
);

const FOLDERS = sql.raw(`('root_object', 'drawer_object', 'binder_object')`);

function toEngineItem(row: ItemRow): EngineItem {
  return {
    id: row.id,
    kind: row.data_type,
    name: row.name,
    source: row.source,
    mimeType: row.mime_type,
    url: row.url,
    text: row.text,
    tags: row.tags,
    date: Number(row.item_date),
    ownDate: row.own_date,
    email:
      row.email_from || row.email_to || row.email_subject
        ? { from: row.email_from, to: row.email_to, subject: row.email_subject }
        : null,
    folder: row.folder_hint,
  };
}

/** The user's binders (with their drawers), their filing history and the tags in use. */
export async function loadDeskContext(db: Db, ownerId: string): Promise<DeskContext> {
  const binders = await queryRows<{ id: string; name: string; drawer_id: string; drawer_name: string }>(
    db,
    sql`SELECT b.id, b.name, d.id AS drawer_id, d.name AS drawer_name
        FROM objects b JOIN objects d ON d.id = b.parent_id AND d.owner_id = b.owner_id
        WHERE b.owner_id = ${ownerId} AND b.data_type = 'binder_object' AND d.data_type = 'drawer_object'
        ORDER BY b.id`,
  );
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
    events: events.map((e) => ({ objectId: e.object_id, binderId: e.binder_id, kind: e.kind })),
    existingTags: tags.map((t) => t.tag),
  };
}

/** The unfiled items lying on the desk itself (ids only), and whether each is a file still being read. */
export async function listUnfiled(
  db: Db,
  ownerId: string,
  rootId: string,
): Promise<{ id: string; reading: boolean }[]> {
  return queryRows(
    db,
    sql`SELECT o.id, ${READING} AS reading
        FROM objects o
        WHERE o.owner_id = ${ownerId} AND o.parent_id = ${rootId} AND o.data_type NOT IN ${FOLDERS}
        ORDER BY o.id`,
  );
}

/**
 * Every item filed in one of `binderIds` and every unfiled item on the desk itself, each handed to
 * `visit` with its binder (null when unfiled): their ids first, then the items by id in pages of
 * `DESK_PAGE`, so a large desk's texts are never all in memory and every page is found through the
 * primary key. Texts are cut where the engine would cut them. Unfiled files whose text is still
 * being extracted are skipped: proposing them now would file them by name alone. An item moved
 * meanwhile is handed over where it is now.
 */
export async function readDeskItems(
  db: Db,
  ownerId: string,
  { rootId, binderIds }: { rootId: string; binderIds: readonly string[] },
  visit: (item: EngineItem, binderId: string | null) => void,
  pageSize = DESK_PAGE,
): Promise<void> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`SELECT o.id FROM objects o
        WHERE o.owner_id = ${ownerId} AND o.data_type NOT IN ${FOLDERS}
          AND o.parent_id = ANY(${uuidArray([rootId, ...binderIds])})
          AND NOT (o.parent_id = ${rootId} AND ${READING})
        ORDER BY o.id`,
  );
  const readPage = (start: number) =>
    queryRows<ItemRow>(
      db,
      sql`SELECT o.id, o.data_type, o.source, o.name, o.url, o.mime_type,
            left(o.content, ${sql.raw(String(MAX_TEXT_CHARS))}) AS text, o.tags,
            (extract(epoch FROM o.item_date) * 1000)::float8 AS item_date,
            o.source_created_at IS NOT NULL AS own_date,
            o.metadata->>'from' AS email_from,
            nullif(concat_ws(', ', nullif(o.metadata->>'to', ''), nullif(o.metadata->>'cc', '')), '') AS email_to,
            o.metadata->>'subject' AS email_subject,
            o.metadata->>'folder_path' AS folder_hint,
            CASE WHEN o.parent_id = ${rootId} THEN NULL ELSE o.parent_id END AS binder_id,
            ${READING} AS reading
          FROM objects o
          WHERE o.id = ANY(${uuidArray(ids.slice(start, start + pageSize).map((row) => row.id))})
            AND o.owner_id = ${ownerId} AND o.data_type NOT IN ${FOLDERS}
          ORDER BY o.id`,
    );
  // The next page is asked for before this one is counted, so a database server works meanwhile
  // (its failure is still thrown where it is awaited; handled here so it is never left unhandled).
  const ask = (start: number) => {
    const page = readPage(start);
    page.catch(() => undefined);
    return page;
  };
  let next = ids.length > 0 ? ask(0) : null;
  for (let start = 0; next; start += pageSize) {
    const rows = await next;
    next = start + pageSize < ids.length ? ask(start + pageSize) : null;
    for (const row of rows) {
      if (row.binder_id === null && row.reading) continue;
      visit(toEngineItem(row), row.binder_id);
    }
  }
}
