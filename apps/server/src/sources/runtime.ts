import { type ConnectionService, MOVE_IN_APPS, SERVICE_SOURCE } from '@easio/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SourceConnectionRow } from '../db/schema.js';
import type { BlobStore } from '../storage/blob-store.js';
import { webcalSource } from './calendar-feeds/webcal-source.js';
import { connectionTokens } from './connection-tokens.js';
import { type ConnectionStore, createConnectionStore } from './connections.js';
import { createDropboxConnector } from './dropbox/dropbox.js';
import { createDropboxApi } from './dropbox/dropbox-api.js';
import { createDropboxOAuth, type DropboxOAuth } from './dropbox/dropbox-oauth.js';
import { createGoogleOAuth, type GoogleOAuth } from './google/google-oauth.js';
import { createGoogleSources } from './google/google-sources.js';
import type { ImapPolicy } from './mail/imap-client.js';
import { imapSource } from './mail/imap-source.js';
import type { ProviderGrant } from './oauth-tokens.js';
import type { Source } from './source.js';
import { createSyncRunner, type SyncRunner } from './sync-runner.js';
import { createTokenCipher } from './token-cipher.js';
import { uploadedSource } from './uploaded-source.js';
import { createGraphApi, type GraphApi } from './whatsapp/graph-api.js';
import { whatsappSource } from './whatsapp/whatsapp-source.js';

export interface WhatsappSetup {
  verifyToken: string;
  appSecret: string;
  graph: GraphApi;
  /** Easio's business number's id, for "Saved to your desk" replies; null: no replies. */
  phoneNumberId: string | null;
}

export interface SourcesRuntime {
  store: ConnectionStore;
  /** Null when this server has no Google credentials. */
  google: GoogleOAuth | null;
  /** Null when this server has no Dropbox app. */
  dropbox: DropboxOAuth | null;
  /** Null when this server has no WhatsApp Business Cloud API app. */
  whatsapp: WhatsappSetup | null;
  sources: ReadonlyMap<ConnectionService, Source>;
  runner: SyncRunner;
  /** Which addresses users give (mail servers, calendar feeds) may be reached, and how. */
  addressPolicy: ImapPolicy;
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
  /** Queues previews of links that arrived (WhatsApp's); null when link previews are off. */
  onLinksSaved: ((objectIds: string[]) => Promise<void>) | null;
  onItemsAdded: (ownerId: string) => void;
  /** Removes blobs no object uses any more (items a sync replaced or removed). */
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
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
  const dropbox =
    config.DROPBOX_APP_KEY && config.DROPBOX_APP_SECRET
      ? createDropboxOAuth({
          appKey: config.DROPBOX_APP_KEY,
          appSecret: config.DROPBOX_APP_SECRET,
          oauthUrl: config.DROPBOX_OAUTH_URL,
          apiUrl: config.DROPBOX_API_URL,
        })
      : null;
  const whatsapp =
    config.WHATSAPP_VERIFY_TOKEN && config.WHATSAPP_APP_SECRET && config.WHATSAPP_ACCESS_TOKEN
      ? {
          verifyToken: config.WHATSAPP_VERIFY_TOKEN,
          appSecret: config.WHATSAPP_APP_SECRET,
          graph: createGraphApi({
            apiUrl: config.WHATSAPP_API_URL,
            accessToken: config.WHATSAPP_ACCESS_TOKEN,
          }),
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID ?? null,
        }
      : null;
  const sources = new Map<ConnectionService, Source>();
  // Always there: chat exports are uploaded whether or not the webhook is set up.
  sources.set('whatsapp', whatsappSource());
  sources.set('ical', uploadedSource('ical', 'calendar'));
  sources.set('mail_files', uploadedSource('mail_files', 'mail'));
  for (const app of MOVE_IN_APPS) sources.set(app, uploadedSource(app, SERVICE_SOURCE[app]));
  sources.set('easio_export', uploadedSource('easio_export', 'easio'));
  const addressPolicy: ImapPolicy = {
    allowPrivate: config.ALLOW_PRIVATE_ADDRESSES,
    allowPlaintext: config.IMAP_ALLOW_PLAINTEXT,
  };
  const maxBytes = Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024);
  sources.set('imap', imapSource(store, { policy: addressPolicy, maxBytes }));
  sources.set('webcal', webcalSource(addressPolicy, store));
  if (dropbox) {
    const oauth = dropbox;
    sources.set('dropbox', {
      service: 'dropbox',
      provider: 'dropbox',
      pulls: true,
      deskSource: 'dropbox',
      connect: (connection) =>
        createDropboxConnector(
          createDropboxApi({
            apiUrl: config.DROPBOX_API_URL,
            contentUrl: config.DROPBOX_CONTENT_URL,
            tokens: connectionTokens(store, oauth, connection),
            sleep: deps.sleep,
          }),
        ),
    });
  }
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
    maxBytes,
    concurrency: config.IMPORT_CONCURRENCY,
    onFilesStored: deps.onFilesStored,
    onLinksSaved: deps.onLinksSaved,
    onItemsAdded: deps.onItemsAdded,
    releaseBlobs: deps.releaseBlobs,
    log: deps.log,
  });
  /** The provider that granted a connection, if this server still has it configured. */
  const grantOf = (connection: SourceConnectionRow): ProviderGrant | null => {
    const provider = sources.get(connection.service as ConnectionService)?.provider;
    return provider === 'google' ? google : provider === 'dropbox' ? dropbox : null;
  };
  const revoke = async (connection: SourceConnectionRow) => {
    await grantOf(connection)?.revoke(store.tokensOf(connection));
  };
  return {
    store,
    google,
    dropbox,
    whatsapp,
    sources,
    runner,
    addressPolicy,
    revoke,
    async revokerFor(ownerId) {
      const held = await store.all(ownerId);
      return async () => {
        const results = await Promise.allSettled(held.map(revoke));
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      };
    },
  };
}
