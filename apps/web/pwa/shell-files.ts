import { createHash } from 'node:crypto';

export interface BuiltFile {
  /** Its path in the build, from the root: `assets/index-abc.js`, `icons/icon-192.png`. */
  name: string;
  bytes: string | Uint8Array;
}

/**
 * The service worker's precache list (every built file as an absolute path, source maps left out, the
 * page itself always in) and a version that changes when any of their bytes, or the worker's, do.
 */
export function shellFiles(
  files: BuiltFile[],
  workerSource: string,
): { version: string; precache: string[] } {
  const hash = createHash('sha256');
  const paths = new Set<string>(['/index.html']);
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
    if (file.name.endsWith('.map') || file.name === 'sw.js') continue;
    paths.add(`/${file.name}`);
    hash.update(file.name).update('\0').update(file.bytes).update('\0');
  }
  hash.update(workerSource);
  return { version: hash.digest('hex').slice(0, 16), precache: [...paths].sort() };
}
