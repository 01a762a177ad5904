import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportService } from '@easio/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/http-error.js';
import { MoveInError } from '../move-in/moved-in.js';
import { createSourcesRepository } from '../repository.js';
import type { SyncRunner } from '../sync-runner.js';
import type { ImportKind, OpenedImport } from './import-kind.js';
import { createImportRepository } from './import-repository.js';
import type { KeptUploads } from './kept-uploads.js';

/** How often a running import tells it is alive (see `reclaimImports`). */
export const HEARTBEAT_MS = 20_000;
/**
 * After each step, a pause of this share of the time the step took: the import then holds the database
 * (one connection on PGlite) at most half the time, and other people's requests go between its steps.
 */
const PAUSE_RATIO = 1;
/** The longest pause between steps. */
const MAX_PAUSE_MS = 500;
/** The longest a step waits for a moment when no request is being answered. */
const MAX_QUIET_WAIT_MS = 2_000;

export interface ImportRunnerDeps {
  db: Db;
  runner: SyncRunner;
  kinds: ReadonlyMap<ImportService, ImportKind>;
  kept: KeptUploads;
  log: FastifyBaseLogger;
  /** Tests: no pause between steps. */
  pauseRatio?: number;
  /** Resolves when no request is being answered (or after the wait given): a step begins then. */
  quiet?: (maxWaitMs: number) => Promise<void>;
}

export interface RunHooks {
  /** Called before each step with its index (tests stop a run there, as a crash would). */
  beforeStep?: (position: number) => Promise<void>;
}

/** Why an import failed as a whole, in words for its owner (never a database's own text). */
function reasonOf(error: unknown): string {
  if (error instanceof MoveInError) return error.message;
  if (error instanceof HttpError && error.statusCode < 500) return error.message;
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return 'The uploaded file is no longer on the server: upload it again';
  }
  return 'The import stopped on an unexpected error; Resume tries again from where it stopped';
}

/**
 * Runs imports of kept uploads (the `import-upload` job): a queued import is taken, its upload read again
 * into steps, and the steps from where it stopped stored one by one, its position saved after each and a
 * pause after each, so other requests go between them; a step begins when no request is being answered. Done, the upload is removed; on an error the import
 * is `failed` with its reason and the upload kept for Resume. Its connection shows the state and counts.
 */
export function createImportRunner(deps: ImportRunnerDeps) {
  const { db, log } = deps;
  const repo = createImportRepository(db);
  const connections = createSourcesRepository(db);
  const pauseRatio = deps.pauseRatio ?? PAUSE_RATIO;
  let stopping = false;

  async function run(importId: string, hooks: RunHooks = {}): Promise<void> {
    const row = await repo.claim(importId);
    if (!row) return;
    const { connectionId } = row;
    await connections.startSync(connectionId, row.position > 0);
    const beat = setInterval(() => {
      repo
        .heartbeat(importId)
        .catch((err: unknown) => log.warn({ err, importId }, 'import heartbeat failed'));
    }, HEARTBEAT_MS);
    beat.unref();
    let opened: OpenedImport | null = null;
    try {
      const kind = deps.kinds.get(row.service as ImportService);
      if (!kind) throw new MoveInError(`${row.service} exports cannot be imported on this server`);
      opened = await kind.open(deps.kept.pathOf(importId), row.ownerId);
      const { steps } = opened;
      if (steps.length !== row.steps) await repo.setSteps(importId, steps.length);
      const intake = await deps.runner.intake(connectionId);
      if (!intake) return;
      for (let i = row.position; i < steps.length; i++) {
        if (stopping) {
          // The server is stopping: the import waits for the next start (or another replica), queued.
          if (await repo.finish(importId, { state: 'queued' })) {
            await connections.setImportState(connectionId, 'queued', null);
          }
          return;
        }
        await hooks.beforeStep?.(i);
        // People first: a step's transaction holds the embedded database, so it begins between requests.
        await deps.quiet?.(MAX_QUIET_WAIT_MS);
        const started = performance.now();
        const step = steps[i];
        if (!step) break;
        await intake.importItems(step.items, step.failed);
        await step.after?.();
        // Discarded meanwhile: its owner no longer wants it.
        if (!(await repo.advance(importId, i + 1))) return;
        const took = performance.now() - started;
        await sleep(Math.min(took * pauseRatio, MAX_PAUSE_MS));
      }
      const connection = await connections.findById(connectionId);
      const counts = {
        seen: connection?.seen ?? 0,
        imported: connection?.imported ?? 0,
        skipped: connection?.skipped ?? 0,
        failed: connection?.failed ?? 0,
      };
      if (await repo.finish(importId, { state: 'done', counts })) {
        await connections.finishSync(connectionId, null);
        await deps.kept.remove(importId);
      }
    } catch (error) {
      const reason = reasonOf(error);
      log.warn({ err: error, importId, service: row.service }, 'import failed');
      if (await repo.finish(importId, { state: 'failed', error: reason })) {
        await connections.finishSync(connectionId, reason);
      }
    } finally {
      clearInterval(beat);
      opened?.close();
    }
  }

  return {
    run,
    /** The server is stopping: running imports stop at their next step, queued again. */
    stop(): void {
      stopping = true;
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
