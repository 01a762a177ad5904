// The server's sources runtime as the source benches use it: no job queue behind it (nothing is
// processed, previewed or recommended), a logger that says only warnings and errors.
import { createBlobReleaser } from '../../apps/server/dist/desk/blob-cleanup.js';
import { createSourcesRuntime } from '../../apps/server/dist/sources/runtime.js';

const quiet = {
  info() {},
  warn: console.warn,
  error: console.error,
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
};

export function benchSourcesRuntime({ config, db, blobs }) {
  return createSourcesRuntime({
    config,
    db,
    blobs,
    tokenKey: 'bench-token-key-bench-token-key-bench-token-key',
    log: quiet,
    onFilesStored: async () => {},
    onLinksSaved: null,
    onItemsAdded: () => {},
    releaseBlobs: createBlobReleaser(db, blobs, quiet),
  });
}
