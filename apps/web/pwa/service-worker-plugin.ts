import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { type BuiltFile, shellFiles } from './shell-files';

const SOURCE = path.join(import.meta.dirname, 'sw.js');
/** The worker's test of a share's sender, an ES module for its unit tests: put in front without `export`. */
const SHARE_ARRIVAL = path.join(import.meta.dirname, 'share-arrival.js');

/** The worker's whole source: the share test, as plain functions, then the worker. */
function workerSource(): string {
  const shareArrival = readFileSync(SHARE_ARRIVAL, 'utf8').replace(/^export /gm, '');
  return `${shareArrival}\n${readFileSync(SOURCE, 'utf8')}`;
}

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? filesUnder(full, base)
      : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/**
 * Writes `sw.js` into the build: the hand-written worker (pwa/sw.js, pwa/share-arrival.js) behind the
 * list of the app shell's files (every built file but source maps, and the public folder's) and a
 * version that changes with any of their bytes, so a new build is a new worker that replaces the old
 * one and its cache.
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'easio-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const files: BuiltFile[] = Object.entries(bundle).map(([name, output]) => ({
        name,
        bytes: output.type === 'chunk' ? output.code : output.source,
      }));
      for (const name of publicDir ? filesUnder(publicDir) : []) {
        files.push({ name, bytes: readFileSync(path.join(publicDir, name)) });
      }
      const source = workerSource();
      const { version, precache } = shellFiles(files, source);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}
