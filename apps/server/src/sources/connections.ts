import type { ConnectionService, ImapAccount, SourceConnection } from '@easio/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { importFailures, type SourceConnectionRow, sourceConnections } from '../db/schema.js';
import type { OAuthTokens } from './oauth-tokens.js';
import type { TokenCipher } from './token-cipher.js';

export interface NewConnection {
  ownerId: string;
  service: ConnectionService;
  accountEmail: string | null;
  /** What the connection signs in with: OAuth tokens, or a mail account's password. Sealed at rest. */
  tokens: OAuthTokens | ImapAccount;
  scopes: string[];
}

/** The user's connections and their sealed tokens. */
export function createConnectionStore(db: Db, cipher: TokenCipher) {
  return {
    /**
     * Connects (or reconnects) a service: new tokens replace the old; the cursor is kept when the same
     * account comes back, so a reconnect goes on from where the last sync stopped.
     */
    async save(connection: NewConnection): Promise<SourceConnectionRow> {
      const sealed = cipher.seal(connection.tokens);
      const [row] = await db
        .insert(sourceConnections)
        .values({
          ownerId: connection.ownerId,
          service: connection.service,
          accountEmail: connection.accountEmail,
          tokens: sealed,
          scopes: connection.scopes,
        })
        .onConflictDoUpdate({
          target: [sourceConnections.ownerId, sourceConnections.service],
          set: {
            tokens: sealed,
            scopes: connection.scopes,
            accountEmail: connection.accountEmail,
            cursor: sql`CASE WHEN ${sourceConnections.accountEmail} IS NOT DISTINCT FROM ${connection.accountEmail}
              THEN ${sourceConnections.cursor} END`,
            lastError: null,
            state: sql`CASE WHEN ${sourceConnections.state} = 'failed' THEN 'idle' ELSE ${sourceConnections.state} END`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error('connection not saved');
      return row;
    },

    /** The user's connection to a service that needs no grant (WhatsApp), made the first time it is needed. */
    async ensure(ownerId: string, service: ConnectionService): Promise<SourceConnectionRow> {
      await db
        .insert(sourceConnections)
        .values({ ownerId, service, tokens: cipher.seal({}) })
        .onConflictDoNothing({ target: [sourceConnections.ownerId, sourceConnections.service] });
      const found = await this.find(ownerId, service);
      if (!found) throw new Error(`no ${service} connection for ${ownerId}`);
      return found;
    },

    async find(ownerId: string, service: ConnectionService): Promise<SourceConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(sourceConnections)
        .where(and(eq(sourceConnections.ownerId, ownerId), eq(sourceConnections.service, service)));
      return row;
    },

    async all(ownerId: string): Promise<SourceConnectionRow[]> {
      return db.select().from(sourceConnections).where(eq(sourceConnections.ownerId, ownerId));
    },

    tokensOf(row: Pick<SourceConnectionRow, 'tokens'>): OAuthTokens {
      return cipher.open(row.tokens) as OAuthTokens;
    },

    async saveTokens(id: string, tokens: OAuthTokens): Promise<void> {
      await db
        .update(sourceConnections)
        .set({ tokens: cipher.seal(tokens), updatedAt: sql`now()` })
        .where(eq(sourceConnections.id, id));
    },

    async updateSettings(id: string, settings: Record<string, unknown>): Promise<void> {
      await db
        .update(sourceConnections)
        .set({ settings, updatedAt: sql`now()` })
        .where(eq(sourceConnections.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(sourceConnections).where(eq(sourceConnections.id, id));
    },

    /** The user's connections as the API shows them, with their failure and item counts. */
    async list(ownerId: string): Promise<SourceConnection[]> {
      const rows = await queryRows<{
        service: ConnectionService;
        account_email: string | null;
        state: SourceConnection['state'];
        seen: number;
        imported: number;
        skipped: number;
        failed: number;
        removed: number;
        sync_started_at: Date | string | null;
        last_sync_at: Date | string | null;
        last_error: string | null;
        settings: Record<string, unknown>;
        failures: number;
        items: number;
      }>(
        db,
        sql`SELECT c.service, c.account_email, c.state, c.seen, c.imported, c.skipped, c.failed, c.removed,
              c.sync_started_at, c.last_sync_at, c.last_error, c.settings,
              (SELECT count(*)::int FROM ${importFailures} f WHERE f.connection_id = c.id) AS failures,
              (SELECT count(*)::int FROM objects o WHERE o.connection_id = c.id) AS items
            FROM ${sourceConnections} c WHERE c.owner_id = ${ownerId} ORDER BY c.service`,
      );
      return rows.map((r) => ({
        service: r.service,
        account_email: r.account_email,
        state: r.state,
        progress: {
          seen: r.seen,
          imported: r.imported,
          skipped: r.skipped,
          failed: r.failed,
          removed: r.removed,
        },
        sync_started_at: isoOf(r.sync_started_at),
        last_sync_at: isoOf(r.last_sync_at),
        last_error: r.last_error,
        settings: r.settings,
        failures: r.failures,
        items: r.items,
      }));
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;

function isoOf(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
