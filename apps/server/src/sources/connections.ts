import type { ConnectionService, ImapAccount, SourceConnection } from '@easio/shared';
import type { Db } from '../db/client.js';
import type { SourceConnectionRow } from '../db/schema.js';
import type { OAuthTokens } from './oauth-tokens.js';
import { createSourcesRepository } from './repository.js';
import type { TokenCipher } from './token-cipher.js';

export interface NewConnection {
  ownerId: string;
  service: ConnectionService;
  accountEmail: string | null;
  /** What the connection signs in with: OAuth tokens, or a mail account's password. Sealed at rest. */
  tokens: OAuthTokens | ImapAccount;
  scopes: string[];
}

/** The user's connections and their sealed tokens (sealed here, written by the repository). */
export function createConnectionStore(db: Db, cipher: TokenCipher) {
  const repo = createSourcesRepository(db);
  return {
    /**
     * Connects (or reconnects) a service: new tokens replace the old; the cursor is kept when the same
     * account comes back, so a reconnect goes on from where the last sync stopped.
     */
    async save(connection: NewConnection): Promise<SourceConnectionRow> {
      return repo.upsert({ ...connection, tokens: cipher.seal(connection.tokens) });
    },

    /** The user's connection to a service that needs no grant (WhatsApp), made the first time it is needed. */
    async ensure(ownerId: string, service: ConnectionService): Promise<SourceConnectionRow> {
      await repo.insertIfMissing(ownerId, service, cipher.seal({}));
      const found = await this.find(ownerId, service);
      if (!found) throw new Error(`no ${service} connection for ${ownerId}`);
      return found;
    },

    find(ownerId: string, service: ConnectionService): Promise<SourceConnectionRow | undefined> {
      return repo.find(ownerId, service);
    },

    all(ownerId: string): Promise<SourceConnectionRow[]> {
      return repo.all(ownerId);
    },

    tokensOf(row: Pick<SourceConnectionRow, 'tokens'>): OAuthTokens {
      return cipher.open(row.tokens) as OAuthTokens;
    },

    async saveTokens(id: string, tokens: OAuthTokens): Promise<void> {
      await repo.saveTokens(id, cipher.seal(tokens));
    },

    updateSettings(id: string, settings: Record<string, unknown>): Promise<void> {
      return repo.updateSettings(id, settings);
    },

    remove(id: string): Promise<void> {
      return repo.remove(id);
    },

    /** The user's connections as the API shows them, with their failure and item counts. */
    list(ownerId: string): Promise<SourceConnection[]> {
      return repo.list(ownerId);
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
