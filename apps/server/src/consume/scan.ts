import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isIgnoredName } from './ignore.js';
import type { FileState } from './stability.js';

export interface FoundFile extends FileState {
  path: string;
  name: string;
  /** The subfolder it is in, relative to the scanned folder, with `/` between parts; '' at the top. */
  folder: string;
}

/** Subfolders deeper than this are not looked into. */
const MAX_DEPTH = 16;

/**
 * Every regular file under `root` and its subfolders, but for ignored names, symbolic links and the
 * folders in `skip` (the done and failed folders when they are inside). A folder that vanishes
 * while it is read is passed over.
 */
export async function listFiles(root: string, skip: Set<string>): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  async function walk(dir: string, folder: string, depth: number): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (depth > 0 && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (isIgnoredName(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && !skip.has(full)) {
          await walk(full, folder ? `${folder}/${entry.name}` : entry.name, depth + 1);
        }
      } else if (entry.isFile()) {
        const info = await stat(full).catch(() => null); // gone since the listing: next scan
        if (info?.isFile()) {
          found.push({ path: full, name: entry.name, folder, size: info.size, mtimeMs: info.mtimeMs });
        }
      }
    }
  }
  await walk(root, '', 0);
  return found;
}
