import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { objects, users } from '../../db/schema.js';
import type { ImportedItem } from '../source.js';
import type { MoveInPlan } from './moved-in.js';

const nameKey = (parent: string, name: string) => `${parent}\u0000${name.trim().toLowerCase()}`;

/** Which of an export's items to store, and where, once folders already on the desk are taken into account. */
export interface DeskMerge {
  /** A batch of the plan's items as stored: folders already there left out, what they held placed in them. */
  apply(items: ImportedItem[]): ImportedItem[];
}

/**
 * Folders of the export that are already on the desk by name (a "Recipes" drawer made by hand, or by
 * moving in from another browser) are used rather than doubled: the export's folder is not made, and
 * what it holds lands in the one there. Folders this app made before are the export's own, kept as they are.
 * Worked out once for the whole plan, applied batch by batch (so an import's steps stay the same in number).
 */
export async function mergeWithDesk(db: Db, ownerId: string, plan: MoveInPlan): Promise<DeskMerge> {
  const [owner] = await db.select({ root: users.rootFolder }).from(users).where(eq(users.id, ownerId));
  if (!owner?.root) return { apply: (items) => items };
  const rows = await db
    .select({
      id: objects.id,
      name: objects.name,
      parentId: objects.parentId,
      externalId: objects.externalId,
    })
    .from(objects)
    .where(and(eq(objects.ownerId, ownerId), inArray(objects.dataType, ['drawer_object', 'binder_object'])));
  const byName = new Map<string, string>();
  const byExternalId = new Map<string, string>();
  for (const row of rows) {
    if (row.externalId) byExternalId.set(row.externalId, row.id);
    const key = nameKey(row.parentId ?? '', row.name);
    if (!byName.has(key)) byName.set(key, row.id);
  }
  /** The export's folders already there under another name than theirs: external id → object id. */
  const merged = new Map<string, string>();
  const note = (items: ImportedItem[], parentOf: (item: ImportedItem) => string | null) => {
    for (const item of items) {
      const parent = parentOf(item);
      const there = parent ? byName.get(nameKey(parent, item.name)) : undefined;
      // Made by this move-in before (even renamed since): its own, not merged.
      if (there && !byExternalId.has(item.externalId)) merged.set(item.externalId, there);
    }
  };
  note(plan.drawers, () => owner.root);
  note(plan.binders, (b) =>
    b.placeIn ? (merged.get(b.placeIn) ?? byExternalId.get(b.placeIn) ?? null) : null,
  );
  return {
    apply: (items) =>
      items.flatMap((item) => {
        if (merged.has(item.externalId)) return [];
        const folder = item.placeIn ? merged.get(item.placeIn) : undefined;
        return [folder ? { ...item, placeInFolder: folder } : item];
      }),
  };
}
