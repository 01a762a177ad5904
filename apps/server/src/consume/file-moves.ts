import { access, copyFile, mkdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Moves `file` into `dir` (made if missing) under its own name, or `name (2).ext`… when that is taken,
 * so nothing already there is overwritten; across file systems it is copied, then removed. Answers
 * where it went.
 */
export async function moveInto(file: string, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const target = await freeName(dir, path.basename(file));
  try {
    await rename(file, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(file, target);
    await unlink(file);
  }
  return target;
}

async function freeName(dir: string, name: string): Promise<string> {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = path.join(dir, n === 1 ? name : `${stem} (${n})${ext}`);
    try {
      await access(candidate);
    } catch {
      return candidate;
    }
  }
}
