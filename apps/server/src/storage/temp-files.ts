import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Temporary files (uploads spooled to disk, archives being read, large messages' parts) live in one
 * folder per process, `<root>/<pid>-<random>`, so that whatever a crash leaves behind is found and
 * removed at the next start (`sweepStaleTempFolders`) without touching another running process's files.
 * The server sets the root to `DATA_DIR/tmp` (on the data's disk: `/tmp` is often memory); tests and
 * scripts keep the default under the system's temporary folder.
 */
let root = path.join(tmpdir(), 'easio-tmp');
let own: { name: string; ready: Promise<string> } | undefined;

const FOLDER = /^(\d+)-[0-9a-f]{8}$/;

/** Where this process's temporary folder goes (call before anything writes one). */
export function setTempRoot(dir: string): void {
  root = path.resolve(dir);
  own = undefined;
}

/** This process's own temporary folder, made on first use (readable by this user only). */
export function processTempFolder(): Promise<string> {
  if (!own) {
    const name = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const dir = path.join(root, name);
    const ready = mkdir(dir, { recursive: true, mode: 0o700 }).then(() => dir);
    ready.catch(() => {
      if (own?.name === name) own = undefined;
    });
    own = { name, ready };
  }
  return own.ready;
}

/** A path for a new temporary file (not created), `prefix-<uuid><extension>`. */
export async function tempFilePath(prefix: string, extension = ''): Promise<string> {
  return path.join(await processTempFolder(), `${prefix}-${randomUUID()}${extension}`);
}

/** A new, empty temporary folder. */
export async function makeTempFolder(prefix: string): Promise<string> {
  return mkdtemp(path.join(await processTempFolder(), `${prefix}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what processes that are no longer running left under the root: at start-up, the files a crash
 * left. A folder of this process's pid that is not its own belonged to an earlier life of the same pid
 * (containers restart with the same one) and goes too. Answers how many folders were removed.
 */
export async function sweepStaleTempFolders(): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(FOLDER.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isInteger(pid) || name === own?.name) continue;
    if (pid !== process.pid && isRunning(pid)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Removes this process's temporary folder (at shutdown). */
export async function removeProcessTempFolder(): Promise<void> {
  const mine = own;
  own = undefined;
  const dir = await mine?.ready.catch(() => null);
  if (dir) await rm(dir, { recursive: true, force: true });
}
