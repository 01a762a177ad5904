import { createReadStream, type FSWatcher, watch } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { createDeskRepository } from '../desk/repository.js';
import { rootOf } from '../desk/root-folder.js';
import { type StoreUploadsDeps, storeUploads, UploadReadError } from '../desk/store-uploads.js';
import { BlobTooLargeError } from '../storage/blob-store.js';
import { moveInto } from './file-moves.js';
import { type FoundFile, listFiles } from './scan.js';
import { StabilityTracker } from './stability.js';

export interface ConsumeFolderSettings {
  /** The watched folder (absolute). */
  dir: string;
  /** The account its files are stored for. */
  user: UserRow;
  /** Where taken files are moved; null: they are deleted. */
  doneDir: string | null;
  /** Where files that cannot be taken are moved, with the reason logged. */
  failedDir: string;
  pollMs: number;
  stableMs: number;
}

export interface ConsumeFolder {
  /** Starts polling (and watching, where the platform tells of changes). */
  start(): void;
  /** Stops, after the file being imported (if any) is finished. */
  stop(): Promise<void>;
  /** One pass over the folder: what is stable is imported; answers when it is done. */
  scanOnce(): Promise<void>;
}

/** Storing that failed this often for a reason other than the file (the database…) gives the file up. */
const MAX_STORE_ATTEMPTS = 3;
/** A change the watcher reports is looked at after this long (a burst of events makes one scan). */
const HINT_DELAY_MS = 200;

/** The file changed between the scan that found it stable and the end of its reading. */
class FileChangedError extends Error {}

/**
 * The scanner folder: files dropped into `dir` (and its subfolders) are stored on `user`'s desk through
 * the upload path, once they have held still for `stableMs`, then deleted or moved to `doneDir`. A
 * file that cannot be taken goes to `failedDir`, never deleted, never retried in a loop.
 */
export function createConsumeFolder(
  settings: ConsumeFolderSettings,
  store: StoreUploadsDeps & { log: FastifyBaseLogger },
  now: () => number = Date.now,
): ConsumeFolder {
  const { dir, user, doneDir, failedDir, pollMs, stableMs } = settings;
  const log = store.log.child({ consumeDir: dir });
  const tracker = new StabilityTracker(stableMs);
  const skip = new Set([failedDir, ...(doneDir ? [doneDir] : [])]);
  /** Files that could neither be removed nor moved aside: left alone until the process restarts. */
  const stuck = new Set<string>();
  const attempts = new Map<string, number>();
  const megabytes = Number((store.maxUploadBytes / (1024 * 1024)).toPrecision(3));

  let timer: NodeJS.Timeout | null = null;
  let watcher: FSWatcher | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** Set by stop(): a scan under way ends after the file it is on. */
  let halting = false;

  async function scanOnce(): Promise<void> {
    const files = await listFiles(dir, skip);
    tracker.retainOnly(new Set(files.map((f) => f.path)));
    for (const file of files) {
      if (halting) break;
      if (stuck.has(file.path) || !tracker.observe(file.path, file, now())) continue;
      await take(file);
    }
  }

  async function take(file: FoundFile): Promise<void> {
    if (file.size > store.maxUploadBytes) return fail(file, `it is larger than ${megabytes} MB`);
    if (file.size === 0) return fail(file, 'it is empty');
    const root = await createDeskRepository(store.db).findOwned(user.id, rootOf(user));
    if (!root) throw new Error(`the desk of ${user.username} has no root folder`);
    let result: Awaited<ReturnType<typeof storeUploads>>;
    try {
      const metadata = file.folder ? { folder_path: file.folder } : undefined;
      result = await storeUploads(
        store,
        user.id,
        root,
        [{ file: readUnchanged(file), filename: file.name, metadata }],
        'refuse',
      );
    } catch (error) {
      return storingFailed(file, error);
    }
    attempts.delete(file.path);
    const [made] = result.made;
    if (made) log.info({ file: file.path, objectId: made.id }, 'scanner folder: file stored on the desk');
    else log.info({ file: file.path }, 'scanner folder: these bytes are already on the desk; nothing stored');
    await finish(file);
  }

  /**
   * The file's bytes, read only when the blob store asks (so no error can come before it listens); the
   * stream fails with FileChangedError when they are not what the scan saw hold still.
   */
  function readUnchanged(file: FoundFile): Readable {
    return Readable.from(
      (async function* () {
        let bytes = 0;
        for await (const chunk of createReadStream(file.path)) {
          bytes += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        const after = await stat(file.path);
        if (bytes !== file.size || after.size !== file.size || after.mtimeMs !== file.mtimeMs) {
          throw new FileChangedError('the file changed while it was read');
        }
      })(),
    );
  }

  async function storingFailed(file: FoundFile, error: unknown): Promise<void> {
    if (error instanceof UploadReadError) {
      const cause = error.cause;
      const code = (cause as NodeJS.ErrnoException).code;
      if (cause instanceof FileChangedError || code === 'ENOENT') {
        // Still being written (or gone): wait for it to hold still again.
        tracker.forget(file.path);
        return;
      }
      if (cause instanceof BlobTooLargeError) return fail(file, `it is larger than ${megabytes} MB`);
      return fail(file, `it could not be read: ${error.message}`);
    }
    const count = (attempts.get(file.path) ?? 0) + 1;
    if (count >= MAX_STORE_ATTEMPTS) {
      attempts.delete(file.path);
      return fail(file, `storing it failed ${count} times: ${(error as Error).message}`);
    }
    attempts.set(file.path, count);
    tracker.forget(file.path);
    log.warn(
      { err: error, file: file.path, attempt: count },
      'scanner folder: storing a file failed; trying again',
    );
  }

  /** Removes a stored file, or moves it to the done folder; only ever after its item is committed. */
  async function finish(file: FoundFile): Promise<void> {
    tracker.forget(file.path);
    try {
      if (doneDir) await moveInto(file.path, path.join(doneDir, file.folder));
      else await unlink(file.path);
    } catch (error) {
      stuck.add(file.path);
      log.error(
        { err: error, file: file.path },
        'scanner folder: a stored file could not be removed from the folder',
      );
    }
  }

  async function fail(file: FoundFile, reason: string): Promise<void> {
    tracker.forget(file.path);
    try {
      const target = await moveInto(file.path, path.join(failedDir, file.folder));
      log.warn({ file: file.path, movedTo: target, reason }, `scanner folder: not taken, ${reason}`);
    } catch (error) {
      stuck.add(file.path);
      log.error(
        { err: error, file: file.path, reason },
        `scanner folder: not taken, ${reason}; nor moved aside`,
      );
    }
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick(): void {
    timer = null;
    again = false;
    running = scanOnce()
      .catch((error: unknown) => log.error({ err: error }, 'scanner folder: scanning the folder failed'))
      .finally(() => {
        running = null;
        // The next scan: at the poll interval, sooner when a waiting file will have held still.
        const waiting = tracker.nextStableAt();
        const next = waiting === null ? pollMs : Math.min(pollMs, Math.max(0, waiting - now()) + 10);
        schedule(again ? HINT_DELAY_MS : next);
      });
  }

  return {
    scanOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      halting = false;
      try {
        // A hint only: polling finds everything on its own (network shares and Docker volumes tell nothing).
        watcher = watch(dir, { recursive: true, persistent: false }, () => schedule(HINT_DELAY_MS));
        watcher.on('error', () => {
          watcher?.close();
          watcher = null;
        });
      } catch {
        watcher = null;
      }
      schedule(0);
    },
    async stop() {
      stopped = true;
      halting = true;
      if (timer) clearTimeout(timer);
      timer = null;
      watcher?.close();
      watcher = null;
      await running;
    },
  };
}
