import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A kept upload younger than this may belong to an import being recorded right now: the sweep leaves it. */
const SWEEP_GRACE_MS = 60 * 60 * 1000;
const NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.upload$/;

/**
 * Uploads kept until their import is done or discarded: `<dir>/<import id>.upload`, on the data's disk
 * (`DATA_DIR/imports`), outside the temporary folder that every start sweeps. Replicas that run imports
 * share `DATA_DIR` (as they share a local blob store).
 */
export function createKeptUploads(dir: string) {
  const pathOf = (importId: string) => path.join(dir, `${importId}.upload`);
  return {
    pathOf,

    /** Moves an uploaded temporary file in, as the upload of `importId` (a copy when across disks). */
    async keep(tempFile: string, importId: string): Promise<void> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      try {
        await rename(tempFile, pathOf(importId));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(tempFile, pathOf(importId));
        await rm(tempFile, { force: true });
      }
    },

    async remove(importId: string): Promise<void> {
      await rm(pathOf(importId), { force: true });
    },

    /**
     * Removes kept uploads no unfinished import needs (`needed` answers which of the ids still are):
     * what an import discarded or finished while its file could not be removed left. Answers how many.
     */
    async sweep(needed: (ids: string[]) => Promise<Set<string>>): Promise<number> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return 0;
      }
      const ids = names.flatMap((name) => NAME.exec(name)?.[1] ?? []);
      const keep = await needed(ids);
      let removed = 0;
      for (const id of ids) {
        if (keep.has(id)) continue;
        const info = await stat(pathOf(id)).catch(() => null);
        if (!info || Date.now() - info.mtimeMs < SWEEP_GRACE_MS) continue;
        await rm(pathOf(id), { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

export type KeptUploads = ReturnType<typeof createKeptUploads>;
