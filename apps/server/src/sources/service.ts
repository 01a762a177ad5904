import {
  type ConnectionService,
  type ImportFailure,
  SERVICE_LABEL,
  type SourceConnection,
} from '@easio/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { SourceConnectionRow } from '../db/schema.js';
import { createDeskRepository } from '../desk/repository.js';
import { HttpError } from '../http/http-error.js';
import type { ConnectionStore, NewConnection } from './connections.js';
import { checkImapRules } from './mail/imap-rules-check.js';
import { createSourcesRepository, type SyncCounts } from './repository.js';
import type { ImportedItem, Source, SyncPage } from './source.js';
import type { SyncScheduler } from './sync-jobs.js';
import type { SyncRunner } from './sync-runner.js';
import { setServicesActive } from './user-flags.js';

export interface SourcesServiceDeps {
  db: Db;
  store: ConnectionStore;
  runner: SyncRunner;
  scheduler: SyncScheduler;
  sources: ReadonlyMap<ConnectionService, Source>;
  /** Revokes the connection's grant at its provider (best effort). */
  revoke: (connection: SourceConnectionRow) => Promise<void>;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
}

/** The user's connections, each call scoped to its owner: one not connected is a 404. */
export function createSourcesService(deps: SourcesServiceDeps) {
  const { db, store } = deps;
  const repo = createSourcesRepository(db);

  const connectionOf = async (ownerId: string, service: ConnectionService) => {
    const connection = await store.find(ownerId, service);
    if (!connection) throw new HttpError(404, `${SERVICE_LABEL[service]} is not connected`);
    return connection;
  };

  /** The provider refused the whole connection (access revoked, down): say so, change nothing. */
  const providerRefused = (error: unknown) =>
    new HttpError(502, error instanceof Error ? error.message : String(error));

  return {
    /**
     * A connection made or renewed by its user (an OAuth callback, the mailbox form): stored with its
     * tokens sealed and its settings, the service's switch in the user's info turned on, and its first
     * sync queued unless `sync` is false.
     */
    async connect(
      input: NewConnection,
      { settings, sync = true }: { settings?: Record<string, unknown>; sync?: boolean } = {},
    ): Promise<SourceConnectionRow> {
      const saved = await store.save(input);
      if (settings) await store.updateSettings(saved.id, settings);
      await setServicesActive(db, input.ownerId, [input.service], true);
      if (sync) await deps.scheduler.syncNow(saved.id);
      return saved;
    },

    /**
     * Where items that arrive rather than being pulled (an uploaded calendar, mail file or chat export, a
     * WhatsApp message) go: the user's connection for the service (made on first use), and a way to store
     * a batch of them through the sync runner, as a sync's page is stored.
     */
    async intake(ownerId: string, service: ConnectionService) {
      const connection = await store.ensure(ownerId, service);
      return {
        connection,
        importItems: (items: ImportedItem[], failed?: NonNullable<SyncPage['failed']>): Promise<SyncCounts> =>
          deps.runner.importItems(connection.id, items, failed),
      };
    },

    list(ownerId: string): Promise<SourceConnection[]> {
      return store.list(ownerId);
    },

    /**
     * Queues a sync. The job worker runs it: `registerSyncJobs` (sync-jobs.ts), registered with the other
     * job kinds by `registerJobHandlers` (services.ts), which `main.ts` calls.
     */
    async syncNow(ownerId: string, service: ConnectionService): Promise<void> {
      const connection = await connectionOf(ownerId, service);
      await deps.scheduler.syncNow(connection.id);
    },

    async failures(ownerId: string, service: ConnectionService): Promise<ImportFailure[]> {
      const connection = await connectionOf(ownerId, service);
      return repo.listFailures(connection.id);
    },

    /** Tries failed items again (these, else the oldest `limit`); answers how many imported and failed again. */
    async retry(ownerId: string, service: ConnectionService, ids: number[] | undefined, limit: number) {
      const connection = await connectionOf(ownerId, service);
      try {
        return await deps.runner.retry(connection.id, ids, limit);
      } catch (error) {
        throw providerRefused(error);
      }
    },

    /** What the service's settings choose among (Gmail: the mailbox's labels); nothing for most. */
    async choices(ownerId: string, service: ConnectionService): Promise<Record<string, unknown>> {
      const connection = await connectionOf(ownerId, service);
      const connector = deps.sources.get(service)?.connect(connection);
      if (!connector?.choices) return {};
      try {
        return await connector.choices();
      } catch (error) {
        throw providerRefused(error);
      }
    },

    /** Checks and saves the service's settings; answers them as saved. */
    async saveSettings(
      ownerId: string,
      service: ConnectionService,
      given: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      const connection = await connectionOf(ownerId, service);
      const rules = deps.sources.get(service)?.settings;
      if (!rules) throw new HttpError(422, `${SERVICE_LABEL[service]} has no settings`);
      const parsed = rules.safeParse(given);
      if (!parsed.success) throw new HttpError(422, parsed.error.issues[0]?.message ?? 'Invalid settings');
      const source = deps.sources.get(service);
      if (service === 'imap' && source) {
        await checkImapRules(() => source.connect(connection), connection.settings, parsed.data);
      }
      await store.updateSettings(connection.id, parsed.data);
      // The mailbox is read again with the new rules (messages already read included: see `choosingRules`).
      if (service === 'imap') await deps.scheduler.syncNow(connection.id);
      return parsed.data;
    },

    /**
     * Disconnects: the grant revoked at the provider (best effort, a failure only logged), the connection
     * and its tokens deleted, with `deleteItems` what it imported too; answers how many items went.
     */
    async disconnect(
      ownerId: string,
      service: ConnectionService,
      deleteItems: boolean,
      log: FastifyBaseLogger,
    ): Promise<number> {
      const connection = await connectionOf(ownerId, service);
      await deps
        .revoke(connection)
        .catch((err: unknown) =>
          log.warn(
            { err: err instanceof Error ? err.message : err, service },
            'grant not revoked at the provider',
          ),
        );
      const result = await db.transaction(async (tx) => {
        let deleted = { count: 0, blobKeys: [] as string[], thumbnailKeys: [] as string[] };
        if (deleteItems) {
          const desk = createDeskRepository(tx);
          const ids = await desk.connectionItemIds(ownerId, connection.id);
          if (ids.length) deleted = await desk.deleteSubtrees(ownerId, ids);
          deleted.count += await desk.deleteEmptyConnectionFolders(ownerId, connection.id);
        }
        await createSourcesRepository(tx).remove(connection.id);
        await setServicesActive(tx, ownerId, [service], false);
        return deleted;
      });
      await deps.releaseBlobs(result);
      return result.count;
    },
  };
}

export type SourcesService = ReturnType<typeof createSourcesService>;
