import type { ConnectionService, ImportFailure, SourceConnection } from '@easio/shared';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { importFailures, type SourceConnectionRow, sourceConnections } from '../db/schema.js';

/** A connection as it is written: its tokens already sealed (see `createConnectionStore`). */
export interface SealedConnection {
  ownerId: string;
  service: ConnectionService;
  accountEmail: string | null;
  tokens: string;
  scopes: string[];
}

/** What one sync page (or one batch of items that arrived by themselves) adds to a connection's counts. */
export interface SyncCounts {
  seen: number;
  imported: number;
  skipped: number;
  failed: number;
  removed: number;
}

/** The most failures one connection lists. */
const FAILURES_LISTED = 500;

/**
 * The only writer of `source_connections` and `import_failures`: the connections, their sync state and
 * counts, and the items their syncs could not import. Tokens come and go sealed: the store seals them.
 */
export function createSourcesRepository(db: Db) {
  return {
    /**
     * Connects (or reconnects) a service: new tokens replace the old; the cursor is kept when the same
     * account comes back, so a reconnect goes on from where the last sync stopped.
     */
    async upsert(connection: SealedConnection): Promise<SourceConnectionRow> {
      const [row] = await db
        .insert(sourceConnections)
        .values({
          ownerId: connection.ownerId,
          service: connection.service,
          accountEmail: connection.accountEmail,
          tokens: connection.tokens,
          scopes: connection.scopes,
        })
        .onConflictDoUpdate({
          target: [sourceConnections.ownerId, sourceConnections.service],
          set: {
            tokens: connection.tokens,
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

    /** Adds the connection unless the user has one to this service already. */
    async insertIfMissing(ownerId: string, service: ConnectionService, tokens: string): Promise<void> {
      await db
        .insert(sourceConnections)
        .values({ ownerId, service, tokens })
        .onConflictDoNothing({ target: [sourceConnections.ownerId, sourceConnections.service] });
    },

    async find(ownerId: string, service: ConnectionService): Promise<SourceConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(sourceConnections)
        .where(and(eq(sourceConnections.ownerId, ownerId), eq(sourceConnections.service, service)));
      return row;
    },

    async findById(id: string): Promise<SourceConnectionRow | undefined> {
      const [row] = await db.select().from(sourceConnections).where(eq(sourceConnections.id, id));
      return row;
    },

    async all(ownerId: string): Promise<SourceConnectionRow[]> {
      return db.select().from(sourceConnections).where(eq(sourceConnections.ownerId, ownerId));
    },

    async saveTokens(id: string, tokens: string): Promise<void> {
      await db
        .update(sourceConnections)
        .set({ tokens, updatedAt: sql`now()` })
        .where(eq(sourceConnections.id, id));
    },

    async updateSettings(id: string, settings: Record<string, unknown>): Promise<void> {
      await db
        .update(sourceConnections)
        .set({ settings, updatedAt: sql`now()` })
        .where(eq(sourceConnections.id, id));
    },

    /** Deletes the connection (its failures go with it). */
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

    // --- Sync state and counts ---

    /** Marks the connection queued for a sync, unless one is under way or queued already. */
    async markQueued(id: string): Promise<void> {
      await db
        .update(sourceConnections)
        .set({ state: 'queued', lastError: null, updatedAt: sql`now()` })
        .where(and(eq(sourceConnections.id, id), inArray(sourceConnections.state, ['idle', 'failed'])));
    },

    /**
     * The connections of these services not synced for `minutes`, those whose last sync stopped that
     * long ago, and any left mid-sync by a crash.
     */
    async dueForSync(services: ConnectionService[], minutes: number): Promise<string[]> {
      const due = await db
        .select({ id: sourceConnections.id })
        .from(sourceConnections)
        .where(
          and(
            inArray(sourceConnections.service, services),
            or(
              and(
                eq(sourceConnections.state, 'idle'),
                or(
                  isNull(sourceConnections.lastSyncAt),
                  lt(sourceConnections.lastSyncAt, sql`now() - make_interval(mins => ${minutes})`),
                ),
              ),
              // One that stopped (a mail server that dropped the line) is tried again, from where it stopped.
              and(
                eq(sourceConnections.state, 'failed'),
                lt(sourceConnections.updatedAt, sql`now() - make_interval(mins => ${minutes})`),
              ),
              and(
                eq(sourceConnections.state, 'syncing'),
                lt(sourceConnections.updatedAt, sql`now() - interval '30 minutes'`),
              ),
            ),
          ),
        );
      return due.map((d) => d.id);
    },

    /** A sync starts: a resumed one keeps its counts, a new one starts them at zero. */
    async startSync(id: string, resuming: boolean): Promise<void> {
      await db
        .update(sourceConnections)
        .set({
          state: 'syncing',
          lastError: null,
          updatedAt: sql`now()`,
          ...(resuming
            ? {}
            : { seen: 0, imported: 0, skipped: 0, failed: 0, removed: 0, syncStartedAt: sql`now()` }),
        })
        .where(eq(sourceConnections.id, id));
    },

    /** Saves the page's cursor and adds its counts; false when the connection went meanwhile (disconnected). */
    async savePage(id: string, cursor: Record<string, unknown>, page: SyncCounts): Promise<boolean> {
      const rows = await db
        .update(sourceConnections)
        .set({
          cursor,
          seen: sql`${sourceConnections.seen} + ${page.seen}`,
          imported: sql`${sourceConnections.imported} + ${page.imported}`,
          skipped: sql`${sourceConnections.skipped} + ${page.skipped}`,
          failed: sql`${sourceConnections.failed} + ${page.failed}`,
          removed: sql`${sourceConnections.removed} + ${page.removed}`,
          updatedAt: sql`now()`,
        })
        .where(eq(sourceConnections.id, id))
        .returning({ id: sourceConnections.id });
      return rows.length > 0;
    },

    /** A sync ended: idle and synced now, or failed with its reason. */
    async finishSync(id: string, error: string | null): Promise<void> {
      await db
        .update(sourceConnections)
        .set({
          state: error ? 'failed' : 'idle',
          lastError: error,
          ...(error ? {} : { lastSyncAt: sql`now()` }),
          updatedAt: sql`now()`,
        })
        .where(eq(sourceConnections.id, id));
    },

    /**
     * An uploaded export's import changed state (`imports/`): `queued` (its counts start again when
     * `fresh`), `interrupted` (why in `lastError`) or `idle` (discarded).
     */
    async setImportState(
      id: string,
      state: 'queued' | 'interrupted' | 'idle',
      lastError: string | null,
      fresh = false,
    ): Promise<void> {
      await db
        .update(sourceConnections)
        .set({
          state,
          lastError,
          ...(fresh && {
            seen: 0,
            imported: 0,
            skipped: 0,
            failed: 0,
            removed: 0,
            syncStartedAt: sql`now()`,
          }),
          updatedAt: sql`now()`,
        })
        .where(eq(sourceConnections.id, id));
    },

    /** Items that arrived by themselves were stored: their counts added, the connection synced now. */
    async addArrivals(id: string, counts: Omit<SyncCounts, 'removed'>): Promise<void> {
      await db
        .update(sourceConnections)
        .set({
          imported: sql`${sourceConnections.imported} + ${counts.imported}`,
          failed: sql`${sourceConnections.failed} + ${counts.failed}`,
          seen: sql`${sourceConnections.seen} + ${counts.seen}`,
          skipped: sql`${sourceConnections.skipped} + ${counts.skipped}`,
          lastSyncAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(sourceConnections.id, id));
    },

    // --- Import failures ---

    /** The external ids listed as failed for the connection. */
    async failingIds(connectionId: string): Promise<string[]> {
      const rows = await db
        .select({ externalId: importFailures.externalId })
        .from(importFailures)
        .where(eq(importFailures.connectionId, connectionId));
      return rows.map((r) => r.externalId);
    },

    /** Lists the item as failed, or counts one more attempt of one listed already. */
    async recordFailure(connectionId: string, externalId: string, name: string, reason: string) {
      await db
        .insert(importFailures)
        .values({ connectionId, externalId, name, reason })
        .onConflictDoUpdate({
          target: [importFailures.connectionId, importFailures.externalId],
          set: { name, reason, attempts: sql`${importFailures.attempts} + 1`, failedAt: sql`now()` },
        });
    },

    /**
     * Lists many items as failed in one statement (an import's step of 500 costs one round, not 500),
     * counting one more attempt of any listed already. Keys are unique in the batch: the last one stands.
     */
    async recordFailures(
      connectionId: string,
      failures: { externalId: string; name: string; reason: string }[],
    ): Promise<void> {
      const unique = [...new Map(failures.map((f) => [f.externalId, f])).values()];
      // A statement's parameters are bounded (65,535): 1,000 rows of four stay far below.
      for (let i = 0; i < unique.length; i += 1000) {
        await db
          .insert(importFailures)
          .values(unique.slice(i, i + 1000).map((f) => ({ connectionId, ...f })))
          .onConflictDoUpdate({
            target: [importFailures.connectionId, importFailures.externalId],
            set: {
              name: sql`excluded.name`,
              reason: sql`excluded.reason`,
              attempts: sql`${importFailures.attempts} + 1`,
              failedAt: sql`now()`,
            },
          });
      }
    },

    /** These items imported after all: they leave the list. */
    async clearFailures(connectionId: string, externalIds: string[]): Promise<void> {
      if (externalIds.length === 0) return;
      await db
        .delete(importFailures)
        .where(
          and(eq(importFailures.connectionId, connectionId), inArray(importFailures.externalId, externalIds)),
        );
    },

    async deleteFailure(id: number): Promise<void> {
      await db.delete(importFailures).where(eq(importFailures.id, id));
    },

    /** The chosen failures of the connection (else all), oldest first, at most `limit`. */
    async failuresToRetry(connectionId: string, ids: number[] | undefined, limit: number) {
      return db
        .select()
        .from(importFailures)
        .where(
          and(
            eq(importFailures.connectionId, connectionId),
            ids ? inArray(importFailures.id, ids) : undefined,
          ),
        )
        .orderBy(importFailures.id)
        .limit(limit);
    },

    /** The connection's failures as the API shows them, newest first. */
    async listFailures(connectionId: string): Promise<ImportFailure[]> {
      const rows = await db
        .select()
        .from(importFailures)
        .where(eq(importFailures.connectionId, connectionId))
        .orderBy(desc(importFailures.failedAt), desc(importFailures.id))
        .limit(FAILURES_LISTED);
      return rows.map((f) => ({
        id: f.id,
        external_id: f.externalId,
        name: f.name,
        reason: f.reason,
        attempts: f.attempts,
        failed_at: f.failedAt.toISOString(),
      }));
    },
  };
}

export type SourcesRepository = ReturnType<typeof createSourcesRepository>;

function isoOf(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
