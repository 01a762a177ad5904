import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { objects, users } from '../../db/schema.js';
import type { ImportedItem } from '../source.js';
import type { MoveInPlan } from './moved-in.js';

const nameKey = (parent: string, name: string) => `${parent}\u0000${name.trim().toLowerCase()}`;

/**
 * Folders of the export that are already on the desk by name (a "Recipes" drawer made by hand, or by
 * moving in from another browser) are used rather than doubled: the export's folder is not made, and
 * what it holds lands in the one there. Folders this app made before are the export's own, kept as they are.
 */
export async function mergeWithDesk(db: Db, ownerId: string, plan: MoveInPlan): Promise<MoveInPlan> {
  const [owner] = await db.select({ root: users.rootFolder }).from(users).where(eq(users.id, ownerId));
  if (!owner?.root) return plan;
  const rows = await db
    .select({
      id: objects.id,
      name: objects.name,
      parentId: objects.parentId,
      externalId: objects.externalId,
    })
    .from(objects)
    .where(and(eq(objects.ownerId, ownerId), inArray(objects.dataType, ['drawer_object', 'binder_object'])));
  const byName = new Map<string, { id: string; externalId: string | null }[]>();
  const byExternalId = new Map<string, string>();
  for (const row of rows) {
    if (row.externalId) byExternalId.set(row.externalId, row.id);
    const key = nameKey(row.parentId ?? '', row.name);
    byName.set(key, [...(byName.get(key) ?? []), row]);
  }
  /** The export's folders already there under another name than theirs: external id → object id. */
  const merged = new Map<string, string>();
  const keep = (items: ImportedItem[], parentOf: (item: ImportedItem) => string | null) =>
    items.flatMap((item) => {
      const parent = parentOf(item);
      const there = parent ? byName.get(nameKey(parent, item.name)) : undefined;
      // Made by this move-in before (even renamed since): its own, not merged.
      if (!there?.length || byExternalId.has(item.externalId)) return [item];
      merged.set(item.externalId, (there[0] as { id: string }).id);
      return [];
    });
  const placed = (item: ImportedItem): ImportedItem => {
    const folder = item.placeIn ? merged.get(item.placeIn) : undefined;
    return folder ? { ...item, placeInFolder: folder } : item;
  };
  const drawers = keep(plan.drawers, () => owner.root);
  const binders = keep(plan.binders, (b) =>
    b.placeIn ? (merged.get(b.placeIn) ?? byExternalId.get(b.placeIn) ?? null) : null,
  ).map(placed);
  return { ...plan, drawers, binders, entries: plan.entries.map(placed) };
}
