import { type DataType, WORKSPACE_RECENT_MAX, type Workspace, type WorkspaceBinder } from '@easio/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

interface FolderRow {
  id: string;
  parent_id: string | null;
  name: string;
  data_type: 'drawer_object' | 'binder_object';
  binder_state: WorkspaceBinder['binder_state'];
  item_count: number;
  last_change: Date | string;
}

interface ChangeRow {
  id: string;
  name: string;
  data_type: DataType;
  updated_at: Date | string;
  folder_id: string;
  folder_name: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * My Workspace: every drawer and binder on the desk (not in the Trash) with how many items each holds
 * and when it or its content last changed, and the latest changes filed in them. Two statements,
 * whatever the number of folders.
 */
export async function loadWorkspace(db: Db, ownerId: string): Promise<Workspace> {
  const [folders, changes] = await Promise.all([
    queryRows<FolderRow>(
      db,
      sql`
      SELECT f.id, f.parent_id, f.name, f.data_type, f.binder_state,
        coalesce(c.items, 0)::int AS item_count,
        greatest(f.updated_at, c.last_change) AS last_change
      FROM objects f
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE NOT o.is_folder) AS items, max(o.updated_at) AS last_change
        FROM objects o
        WHERE o.owner_id = ${ownerId} AND o.parent_id = f.id AND o.trashed_at IS NULL
      ) c ON true
      WHERE f.owner_id = ${ownerId} AND f.data_type IN ('drawer_object', 'binder_object') AND f.trashed_at IS NULL
      ORDER BY f.sort_name COLLATE "C", f.id`,
    ),
    queryRows<ChangeRow>(
      db,
      sql`
      SELECT o.id, o.name, o.data_type, o.updated_at, f.id AS folder_id, f.name AS folder_name
      FROM objects o
      JOIN objects f ON f.id = o.parent_id AND f.owner_id = o.owner_id
      WHERE o.owner_id = ${ownerId} AND NOT o.is_folder AND o.trashed_at IS NULL
        AND f.data_type IN ('drawer_object', 'binder_object')
      ORDER BY o.updated_at DESC, o.id
      LIMIT ${WORKSPACE_RECENT_MAX}`,
    ),
  ]);

  const binders = new Map<string, WorkspaceBinder[]>();
  for (const f of folders) {
    if (f.data_type !== 'binder_object' || !f.parent_id) continue;
    const list = binders.get(f.parent_id) ?? [];
    list.push({
      id: f.id,
      name: f.name,
      binder_state: f.binder_state,
      item_count: f.item_count,
      last_change: iso(f.last_change),
    });
    binders.set(f.parent_id, list);
  }
  const drawers = folders
    .filter((f) => f.data_type === 'drawer_object')
    .map((d) => {
      const inside = binders.get(d.id) ?? [];
      const latest = [d.last_change, ...inside.map((b) => b.last_change)].map(iso).sort().at(-1);
      return {
        id: d.id,
        name: d.name,
        item_count: d.item_count,
        last_change: latest ?? iso(d.last_change),
        binders: inside,
      };
    });
  const recent = changes.map((c) => ({ ...c, updated_at: iso(c.updated_at) }));
  return { drawers, recent };
}
