import { readFile } from 'node:fs/promises';
import type { MoveInApp } from '@easio/shared';
import type { Db } from '../../db/client.js';
import { failedSteps, type ImportKind, type ImportStep, stepsOf } from '../imports/import-kind.js';
import { pacer } from '../imports/pace.js';
import { parseBookmarksHtml } from './bookmarks-html.js';
import { parseKarakeep } from './karakeep.js';
import { parseLinkwarden } from './linkwarden.js';
import { mergeWithDesk } from './merge-folders.js';
import { type MoveInPlan, planMoveIn } from './moved-in.js';
import { manifestReader, planPaperless } from './paperless.js';
import { openPaperlessArchive } from './paperless-archive.js';

type LinksApp = Exclude<MoveInApp, 'paperless'>;

/** The export read whole (yielding as it goes), or a MoveInError saying why it is not what the app writes. */
export async function planExport(app: LinksApp, text: string, pace = pacer()): Promise<MoveInPlan> {
  if (app === 'bookmarks') return planMoveIn(app, await parseBookmarksHtml(text, pace), pace);
  if (app === 'linkwarden') return planMoveIn(app, await parseLinkwarden(text, pace), pace);
  return planMoveIn(app, await parseKarakeep(text, pace), pace);
}

const totalsOf = (plan: MoveInPlan) => ({
  folders: plan.drawers.length + plan.binders.length,
  links: plan.entries.length + plan.failed.length,
});

/**
 * A plan as an import's steps: drawers before the binders in them, binders before what goes in them,
 * then what could not be taken. Cut before the desk's folders are merged in (`mergeWithDesk`), so the
 * steps are as many whatever the desk holds.
 */
async function stepsOfPlan(db: Db, ownerId: string, plan: MoveInPlan): Promise<ImportStep[]> {
  const merge = await mergeWithDesk(db, ownerId, plan);
  const stored = [...stepsOf(plan.drawers), ...stepsOf(plan.binders), ...stepsOf(plan.entries)];
  return [...stored.map((step) => ({ items: merge.apply(step.items) })), ...failedSteps(plan.failed)];
}

/** A file of links (browser bookmarks, Linkwarden, Karakeep): read whole, at most `MAX_EXPORT_BYTES`. */
export function linksImportKind(db: Db, app: LinksApp): ImportKind {
  const plan = async (file: string) => planExport(app, await readFile(file, 'utf8'));
  return {
    check: async (file) => totalsOf(await plan(file)),
    async open(file, ownerId) {
      return { steps: await stepsOfPlan(db, ownerId, await plan(file)), close() {} };
    },
  };
}

/** A zipped Paperless-ngx export: its manifest checked at upload, each document's checksum when stored. */
export function paperlessImportKind(db: Db, maxTotalBytes: number): ImportKind {
  return {
    async check(file) {
      const manifest = manifestReader();
      const archive = await openPaperlessArchive(file, { maxTotalBytes }, manifest.add);
      try {
        return totalsOf(
          await planPaperless(manifest.records(), archive, { checksums: false, pace: pacer() }),
        );
      } finally {
        archive.close();
      }
    },
    async open(file, ownerId) {
      const manifest = manifestReader();
      const archive = await openPaperlessArchive(file, { maxTotalBytes }, manifest.add);
      try {
        const plan = await planPaperless(manifest.records(), archive, { pace: pacer() });
        return { steps: await stepsOfPlan(db, ownerId, plan), close: () => archive.close() };
      } catch (error) {
        archive.close();
        throw error;
      }
    },
  };
}
