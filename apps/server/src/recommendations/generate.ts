import { DeskTrainer, type EngineItem, type RecommendedGroup } from '@easio/engine';
import { RECOMMENDATION_NAME_MAX, TAG_MAX } from '@easio/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { recommendations } from '../db/schema.js';
import type { BinderNamer } from './ai-namer.js';
import { listUnfiled, loadDeskContext, readDeskItems } from './desk-items.js';

/** Stored with each recommendation, so proposals of an older engine can be told apart. */
export const MODEL_VERSION = 'easio-engine-2';

/** New groups a model is asked to name per run, surest first (each ask may take seconds). */
const NAMED_PER_RUN = 20;

/** Puts the namer's name first among each new group's binder-name options (the surest groups first). */
async function refineNames(
  groups: RecommendedGroup[],
  namer: BinderNamer,
  names: Map<string, string>,
  existingBinders: string[],
): Promise<RecommendedGroup[]> {
  const out: RecommendedGroup[] = [];
  let asked = 0;
  for (const g of groups) {
    if (g.binderId !== null || asked >= NAMED_PER_RUN) {
      out.push(g);
      continue;
    }
    asked += 1;
    const itemNames = g.objectIds.flatMap((id) => names.get(id) ?? []);
    const better = await namer.name({ binderNameOptions: g.binderNameOptions, itemNames }, existingBinders);
    out.push(better ? { ...g, binderNameOptions: [better, ...g.binderNameOptions] } : g);
  }
  return out;
}

const clip = (names: string[], max: number) => [
  ...new Set(names.map((n) => n.trim().slice(0, max)).filter((n) => n.length > 0)),
];

/**
 * One generation for one user: trains the engine on their desk, asks it about the unfiled items that
 * no open recommendation holds yet, and stores the new groups (the surest gets the highest id, so it
 * is listed first). A new group of a single item is not proposed: one item is not a binder.
 * Answers how many unfiled items were considered, how many groups were stored, and how many files
 * were left for later because their text is still being read.
 */
export async function generateRecommendations(
  db: Db,
  ownerId: string,
  { namer }: { namer?: BinderNamer } = {},
): Promise<{ unfiled: number; created: number; waiting: number }> {
  const [user] = await queryRows<{ root_folder: string | null }>(
    db,
    sql`SELECT root_folder FROM users WHERE id = ${ownerId}`,
  );
  if (!user?.root_folder) return { unfiled: 0, created: 0, waiting: 0 };
  const rootId = user.root_folder;

  // Open recommendations and dismissed ones (accepted ones are closed too: what was unticked in them
  // is a dismissal of that item for that binder, recorded as a filing event when accepted).
  const past = await queryRows<{ object_ids: string[]; ignored: boolean }>(
    db,
    sql`SELECT object_ids, ignored
        FROM recommendations WHERE owner_id = ${ownerId} AND (NOT ignored OR accepted_at IS NULL)`,
  );
  const inOpen = new Set(past.filter((r) => !r.ignored).flatMap((r) => r.object_ids));
  // Items turned down together are never proposed together in a new group again (those proposed
  // for a binder are also refused for it: the dismissal's filing events, which the engine reads).
  const apart = past.filter((r) => r.ignored && r.object_ids.length > 1).map((r) => r.object_ids);

  // Which items to ask about, before reading any text: often none.
  const onDesk = await listUnfiled(db, ownerId, rootId);
  const waiting = onDesk.filter((u) => u.reading).length;
  const asked = new Set(onDesk.filter((u) => !u.reading && !inOpen.has(u.id)).map((u) => u.id));
  if (asked.size === 0) return { unfiled: 0, created: 0, waiting };

  const context = await loadDeskContext(db, ownerId);
  const binderIds = new Set(context.binders.map((b) => b.id));
  const trainer = new DeskTrainer({ binders: context.binders.length });
  // What is kept of the items asked about once their text is counted: no text.
  const fresh: EngineItem[] = [];
  await readDeskItems(db, ownerId, { rootId, binderIds: [...binderIds] }, (item, binderId) => {
    if (binderId === null) {
      trainer.addUnfiled(item);
      if (asked.has(item.id)) fresh.push({ ...item, text: null });
    } else if (binderIds.has(binderId)) trainer.addFiled({ ...item, binderId });
  });
  // Filed or read meanwhile: nothing left to ask about.
  if (fresh.length === 0) return { unfiled: 0, created: 0, waiting };
  const engine = trainer.train(context);
  let groups = engine
    .recommend(fresh, { existingTags: context.existingTags, apart })
    .filter((g) => g.binderId !== null || g.objectIds.length > 1);
  if (groups.length === 0) return { unfiled: fresh.length, created: 0, waiting };
  if (namer) {
    const names = new Map(fresh.map((item) => [item.id, item.name]));
    groups = await refineNames(groups, namer, names, [...new Set(context.binders.map((b) => b.name))]);
  }

  // Inserted surest last, so that newest-id-first lists the surest first.
  const rows = [...groups].reverse().map((g) => ({
    ownerId,
    objectIds: g.objectIds,
    drawerNameOptions: clip(g.drawerNameOptions, RECOMMENDATION_NAME_MAX),
    binderNameOptions: clip(g.binderNameOptions, RECOMMENDATION_NAME_MAX),
    tags: clip(g.tags, TAG_MAX),
    binderId: g.binderId,
    score: Math.max(0, Math.min(1, g.score)),
    modelVersion: MODEL_VERSION,
  }));
  await db.insert(recommendations).values(rows);
  return { unfiled: fresh.length, created: rows.length, waiting };
}
