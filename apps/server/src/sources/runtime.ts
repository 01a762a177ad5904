import type { ConnectionService } from '@easio/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SourceConnectionRow } from '../db/schema.js';
import { createBlobReleaser } from '../desk/blob-cleanup.js';
import type { BlobStore } from '../storage/blob-store.js';
import { type ConnectionStore, createConnectionStore } from './connections.js';
import { createGoogleOAuth, type GoogleOAuth } from './google/google-oauth.js';
import { createGoogleSources } from './google/google-sources.js';
import type { Source } from './source.js';
import { createSyncRunner, type SyncRunner } from './sync-runner.js';
import { createTokenCipher } from './token-cipher.js';

export interface SourcesRuntime {
  store: ConnectionStore;
  /** Null when this server has no Google credentials. */
  google: GoogleOAuth | null;
  sources: ReadonlyMap<ConnectionService, Source>;
  runner: SyncRunner;
  /** Revokes a connection's grant at its provider. */
  revoke(connection: SourceConnectionRow): Promise<void>;
  /** Reads the user's connections now; the answer revokes all their grants (after the account is erased). */
  revokerFor(ownerId: string): Promise<() => Promise<void>>;
}

export interface SourcesRuntimeDeps {
  config: Config;
  db: Db;
  blobs: BlobStore;
  /** Seals OAuth tokens at rest. */
  tokenKey: string;
  log: FastifyBaseLogger;
  onFilesStored: (objectIds: string[]) => Promise<void>;
  onItemsAdded: (ownerId: string) => void;
  /** Waits between retries of rate-limited calls (tests make them instant). */
  sleep?: (ms: number) => Promise<void>;
}

/** Everything the sources need, built once per process from configuration (the API and the job worker alike). */
export function createSourcesRuntime(deps: SourcesRuntimeDeps): SourcesRuntime {
  const { config } = deps;
  const store = createConnectionStore(deps.db, createTokenCipher(deps.tokenKey));
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleOAuth({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
        })
      : null;
  const sources = new Map<ConnectionService, Source>();
  if (google) {
    for (const source of createGoogleSources({
      apiUrl: config.GOOGLE_API_URL,
      oauth: google,
      store,
      sleep: deps.sleep,
    })) {
      sources.set(source.service, source);
    }
  }
  const runner = createSyncRunner({
    db: deps.db,
    blobs: deps.blobs,
    sources,
    maxBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
    concurrency: config.IMPORT_CONCURRENCY,
    onFilesStored: deps.onFilesStored,
    onItemsAdded: deps.onItemsAdded,
    releaseBlobs: createBlobReleaser(deps.db, deps.blobs, deps.log),
    log: deps.log,
  });
  return {
    store,
    google,
    sources,
    runner,
    async revoke(connection) {
      if (google) await google.revoke(store.tokensOf(connection));
    },
    async revokerFor(ownerId) {
      const held = await store.all(ownerId);
      return async () => {
        const oauth = google;
        if (!oauth) return;
        const results = await Promise.allSettled(held.map((c) => oauth.revoke(store.tokensOf(c))));
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      };
    },
  };
}
