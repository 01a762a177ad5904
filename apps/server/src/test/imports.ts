import { setTimeout as delay } from 'node:timers/promises';
import type { ImportRun } from '@easio/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/**
 * The import an upload answered (202) once the job queue has run it to its end (done, failed or
 * interrupted): read again until then. Throws with the answer when the upload was not taken.
 */
export async function importDone(
  t: TestApp,
  auth: { authorization: string },
  res: LightMyRequestResponse,
): Promise<ImportRun> {
  if (res.statusCode !== 202) throw new Error(`the upload was not taken: ${res.statusCode} ${res.body}`);
  const { id } = res.json() as ImportRun;
  if (!t.queue) throw new Error('imports run on the job queue: build the app with `imports: true`');
  return importSettled(t, auth, id);
}

/** The import once it is no longer queued or running. */
export async function importSettled(
  t: TestApp,
  auth: { authorization: string },
  id: string,
): Promise<ImportRun> {
  for (;;) {
    const read = await t.app.inject({ method: 'GET', url: `/api/imports/runs/${id}`, headers: auth });
    const run = read.json() as ImportRun;
    if (read.statusCode !== 200) throw new Error(`the import cannot be read: ${read.body}`);
    if (run.state !== 'queued' && run.state !== 'running') return run;
    await delay(20);
  }
}

/** What the move-in's answer said before imports ran in the background: the totals read and the counts. */
export const moveInSummary = (run: ImportRun) => ({
  app: run.service,
  folders: run.totals.folders,
  links: run.totals.links,
  imported: run.counts.imported,
  skipped: run.counts.skipped,
  failed: run.counts.failed,
});

/** The same for a restore. */
export const restoreSummary = (run: ImportRun) => ({
  items: run.totals.items,
  files: run.totals.files,
  imported: run.counts.imported,
  skipped: run.counts.skipped,
  failed: run.counts.failed,
});
