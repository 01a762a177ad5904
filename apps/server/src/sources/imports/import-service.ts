import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type ImportRun, type ImportService, SERVICE_LABEL } from '@easio/shared';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../http/http-error.js';
import type { ConnectionStore } from '../connections.js';
import { createSourcesRepository } from '../repository.js';
import type { ImportScheduler } from './import-jobs.js';
import type { ImportKind } from './import-kind.js';
import { createImportRepository } from './import-repository.js';
import type { KeptUploads } from './kept-uploads.js';

export interface ImportServiceDeps {
  db: Db;
  store: ConnectionStore;
  kinds: ReadonlyMap<ImportService, ImportKind>;
  kept: KeptUploads;
  scheduler: ImportScheduler;
}

/** How many of a user's imports `GET /api/imports/runs` lists (newest first). */
const RUNS_LISTED = 20;

/**
 * Uploaded exports imported in the background: `begin` checks an upload whole and queues it (the HTTP
 * request does no more), then each import is listed, resumed or discarded by its owner only.
 */
export function createImportService(deps: ImportServiceDeps) {
  const repo = createImportRepository(deps.db);
  const connections = createSourcesRepository(deps.db);

  const ownRun = async (ownerId: string, id: string): Promise<ImportRun> => {
    const run = await repo.run(ownerId, id);
    if (!run) throw notFound();
    return run;
  };

  return {
    /**
     * An upload saved to `file` (a temporary file, removed whatever happens): checked whole by its kind
     * (the refusal is thrown, nothing stored or queued), then kept under the import's id and queued on the
     * user's connection for the service. A new upload replaces an import left interrupted or failed; one
     * queued or running is waited for (409).
     */
    async begin(input: {
      ownerId: string;
      service: ImportService;
      file: string;
      fileName: string;
      size: number;
    }): Promise<ImportRun> {
      const { ownerId, service, file } = input;
      try {
        const kind = deps.kinds.get(service);
        if (!kind) throw new HttpError(404, `${SERVICE_LABEL[service]} exports cannot be imported here`);
        const totals = await kind.check(file);
        const connection = await deps.store.ensure(ownerId, service);
        const earlier = await repo.unfinishedOf(connection.id);
        if (earlier && (earlier.state === 'queued' || earlier.state === 'running')) {
          throw new HttpError(
            409,
            `An import from ${SERVICE_LABEL[service]} is under way: wait for it to finish, or discard it`,
          );
        }
        if (earlier) {
          await repo.remove(earlier.id);
          await deps.kept.remove(earlier.id);
        }
        const id = randomUUID();
        // Kept before it is recorded: a crash in between leaves a file the start-up sweep removes.
        await deps.kept.keep(file, id);
        await repo.insert({
          id,
          ownerId,
          connectionId: connection.id,
          service,
          fileName: input.fileName.replaceAll('\u0000', '').slice(0, 500) || 'export',
          size: input.size,
          totals,
        });
        await connections.setImportState(connection.id, 'queued', null, true);
        await deps.scheduler.queue(id);
        return ownRun(ownerId, id);
      } finally {
        await rm(file, { force: true });
      }
    },

    runs(ownerId: string): Promise<ImportRun[]> {
      return repo.runs(ownerId, RUNS_LISTED);
    },

    run: ownRun,

    /** An interrupted or failed import goes on from where it stopped, from its kept upload. */
    async resume(ownerId: string, id: string): Promise<ImportRun> {
      const run = await ownRun(ownerId, id);
      const row = await repo.find(id);
      if (!row || !(await repo.requeue(id))) {
        throw new HttpError(409, `This import is ${run.state}: only an interrupted or failed one resumes`);
      }
      await connections.setImportState(row.connectionId, 'queued', null);
      await deps.scheduler.queue(id);
      return ownRun(ownerId, id);
    },

    /**
     * The import is dropped with its kept upload (a running one stops at its next step); what it stored
     * stays on the desk. A finished one is only taken off the list.
     */
    async discard(ownerId: string, id: string): Promise<void> {
      const run = await ownRun(ownerId, id);
      const row = await repo.find(id);
      await repo.remove(id);
      await deps.kept.remove(id);
      if (row && run.state !== 'done') await connections.setImportState(row.connectionId, 'idle', null);
    },
  };
}

export type ImportServiceApi = ReturnType<typeof createImportService>;
