import { PassThrough, Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { sql } from 'drizzle-orm';
import { toUserInfo } from '../auth/user-info.js';
import { type Db, queryRows } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { zipEntries } from '../desk/downloads.js';
import type { BlobStore } from '../storage/blob-store.js';

/** Objects read per page while the JSON is written: a large desk is never all in memory. */
const PAGE = 500;

const FOLDER_TYPES = sql.raw(`('root_object', 'drawer_object', 'binder_object')`);

interface ObjectRow {
  id: string;
  parent_id: string | null;
  [column: string]: unknown;
}

/** Each folder's path from the desk (`My Desk/Finance/Invoices`), by id: folders are few. */
async function folderPaths(db: Db, ownerId: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; path: string[] }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id, ARRAY[name] AS path FROM objects
          WHERE owner_id = ${ownerId} AND data_type = 'root_object'
          UNION ALL
          SELECT o.id, tree.path || o.name FROM objects o JOIN tree ON o.parent_id = tree.id
          WHERE o.owner_id = ${ownerId} AND o.data_type IN ${FOLDER_TYPES} AND array_length(tree.path, 1) < 10
        )
        SELECT id, path FROM tree`,
  );
  return new Map(rows.map((r) => [r.id, r.path.join('/')]));
}

/** What `easio.json` says it is: restore reads every version up to its own (README, "Export format"). */
export const EXPORT_FORMAT = 'easio-export';
export const EXPORT_VERSION = 1;

/**
 * The whole account as one JSON document, written piece by piece. `files` is where each object's bytes
 * are in the ZIP, by object id.
 */
async function* accountJson(db: Db, user: UserRow, files: Map<string, string>): AsyncGenerator<string> {
  const paths = await folderPaths(db, user.id);
  const account = { ...toUserInfo(user), created_at: user.createdAt.toISOString() };
  yield `{\n"format": "${EXPORT_FORMAT}",\n"version": ${EXPORT_VERSION},\n"exported_at": ${JSON.stringify(new Date().toISOString())},\n"account": ${JSON.stringify(account)},\n"objects": [`;
  let after: string | null = null;
  let first = true;
  for (;;) {
    const page: ObjectRow[] = await queryRows<ObjectRow>(
      db,
      sql`SELECT id, parent_id, data_type, source, name, url, content, mime_type, size, sha256, external_id,
            metadata, tags, binder_state, duplicate_of, item_date, created_at, updated_at, trashed_at
          FROM objects
          WHERE owner_id = ${user.id} ${after === null ? sql`` : sql`AND id > ${after}`}
          ORDER BY id LIMIT ${PAGE}`,
    );
    for (const row of page) {
      const folder = row.parent_id ? (paths.get(row.parent_id) ?? null) : null;
      const file = files.get(row.id) ?? null;
      yield `${first ? '\n' : ',\n'}${JSON.stringify({ ...row, folder_path: folder, file })}`;
      first = false;
    }
    if (page.length < PAGE) break;
    after = (page[page.length - 1] as ObjectRow).id;
  }
  const recommendations = await queryRows(
    db,
    sql`SELECT id, object_ids, drawer_name_options, binder_name_options, tags, binder_id, ignored, accepted_at,
          score, created_at
        FROM recommendations WHERE owner_id = ${user.id} ORDER BY id`,
  );
  yield `\n],\n"recommendations": ${JSON.stringify(recommendations)}`;
  const history = await queryRows(
    db,
    sql`SELECT object_id, binder_id, kind, recommendation_id, created_at
        FROM filing_events WHERE owner_id = ${user.id} ORDER BY id`,
  );
  yield `,\n"filing_history": ${JSON.stringify(history)}`;
  // The connected sources, never their tokens: what was linked, as which account, and since when.
  const connections = await queryRows(
    db,
    sql`SELECT service, account_email, scopes, settings, state, last_sync_at, created_at
        FROM source_connections WHERE owner_id = ${user.id} ORDER BY service`,
  );
  yield `,\n"source_connections": ${JSON.stringify(connections)}\n}\n`;
}

/** How much an export holds: every item (folders included), the stored files and their bytes. */
export async function exportSize(db: Db, ownerId: string) {
  const [row] = await queryRows<{ items: number; files: number; bytes: string | number | null }>(
    db,
    sql`SELECT count(*)::int AS items,
          count(*) FILTER (WHERE data_type IN ('file_object', 'email_object') AND blob_key IS NOT NULL)::int AS files,
          coalesce(sum(size) FILTER (WHERE data_type IN ('file_object', 'email_object') AND blob_key IS NOT NULL), 0)::bigint AS bytes
        FROM objects WHERE owner_id = ${ownerId}`,
  );
  return { items: row?.items ?? 0, files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Everything of an account as one ZIP stream: `easio.json` (the format and its version, the account,
 * every object with its folder path and the ZIP entry of its bytes, the recommendations and the filing
 * history) and every stored file under `files/`, in
 * its drawer and binder folders. Written as it is read: one page of objects, one file at a time.
 */
export async function exportArchive(db: Db, blobs: BlobStore, user: UserRow): Promise<Readable> {
  const root = user.rootFolder;
  const files = root ? await zipEntries(db, user.id, [root]) : [];
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const out = new PassThrough();
  archive.on('error', (err) => out.destroy(err));
  archive.pipe(out);
  const appended = () => new Promise((resolve) => archive.once('entry', resolve));
  void (async () => {
    let done = appended();
    const paths = new Map(files.map((f) => [f.id, `files/${f.path}`]));
    archive.append(Readable.from(accountJson(db, user, paths)), { name: 'easio.json', date: new Date() });
    await done;
    for (const entry of files) {
      const body = await blobs.get(entry.blobKey).catch(() => null);
      if (!body) continue;
      done = appended();
      archive.append(body, { name: `files/${entry.path}`, date: entry.date });
      await done;
    }
    await archive.finalize();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
