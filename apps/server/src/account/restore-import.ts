import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import { failedSteps, type ImportKind, stepsOf } from '../sources/imports/import-kind.js';
import { pacer } from '../sources/imports/pace.js';
import { openRestoreArchive } from './restore-archive.js';
import { planRestore } from './restore-plan.js';

/** Binders set per statement. */
const STATES_PER_STATEMENT = 1000;

/** The binders' states as exported (work in progress, archive, vault), a statement per state and thousand. */
async function setBinderStates(db: Db, ownerId: string, states: Map<string, string>) {
  const byState = new Map<string, string[]>();
  for (const [id, state] of states) {
    const ids = byState.get(state) ?? [];
    ids.push(id);
    byState.set(state, ids);
  }
  for (const [state, ids] of byState) {
    for (let i = 0; i < ids.length; i += STATES_PER_STATEMENT) {
      await db
        .update(objects)
        .set({ binderState: state })
        .where(
          and(
            eq(objects.ownerId, ownerId),
            eq(objects.source, 'easio'),
            eq(objects.dataType, 'binder_object'),
            inArray(objects.externalId, ids.slice(i, i + STATES_PER_STATEMENT)),
          ),
        );
    }
  }
}

/**
 * An Easio export (the ZIP of Download my data) as an import: checked whole at upload (`easio.json` and
 * the ZIP's entries, a 422 otherwise), then stored as folders level by level (a parent before its
 * children), items, e-mails' attachments, what could not be restored, and the binders' states.
 */
export function restoreImportKind(db: Db, maxTotalBytes: number): ImportKind {
  return {
    async check(file) {
      const archive = await openRestoreArchive(file, { maxTotalBytes }, pacer());
      try {
        const { counts } = planRestore(archive.manifest, archive.files, archive.open);
        return { items: counts.items, files: counts.files };
      } finally {
        archive.close();
      }
    },
    async open(file, ownerId) {
      const archive = await openRestoreArchive(file, { maxTotalBytes }, pacer());
      try {
        const plan = planRestore(archive.manifest, archive.files, archive.open);
        const steps = [
          ...plan.folderLevels.flatMap((level) => stepsOf(level)),
          ...stepsOf(plan.items),
          ...stepsOf(plan.attachments),
          ...failedSteps(plan.failed),
          { items: [], after: () => setBinderStates(db, ownerId, plan.binderStates) },
        ];
        return { steps, close: () => archive.close() };
      } catch (error) {
        archive.close();
        throw error;
      }
    },
  };
}
