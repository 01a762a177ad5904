import type { ConnectionService } from '@easio/shared';
import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { databaseErrorCode } from '../db/errors.js';
import { type SourceConnectionRow, users } from '../db/schema.js';
import { intakeKey } from '../intake/keys.js';
import { intakeName } from '../intake/names.js';
import type { BlobStore } from '../storage/blob-store.js';
import { BlobTooLargeError } from '../storage/blob-store.js';
import { mapLimit } from './map-limit.js';
import { SyncError } from './provider-errors.js';
import { createSourcesRepository, type SyncCounts } from './repository.js';
import type { Connector, ImportedItem, Source, SyncPage } from './source.js';
import {
  type BatchOutcome,
  claimForConnection,
  lookUpStored,
  type Preparation,
  type PreparedItem,
  prepareImportedItem,
  removeAbsent,
  removeImportedItems,
  removeImportedPaths,
  type StoreTarget,
  writePrepared,
} from './store-item.js';

export interface SyncRunnerDeps {
  db: Db;
  blobs: BlobStore;
  sources: ReadonlyMap<ConnectionService, Source>;
  /** Largest file imported; larger ones are listed as failed. */
  maxBytes: number;
  /** Items of one page stored at once (file downloads in flight). */
  concurrency: number;
  onFilesStored: (objectIds: string[]) => Promise<void>;
  /** Queues previews of stored links (items that ask for one); null when link previews are off. */
  onLinksSaved: ((objectIds: string[]) => Promise<void>) | null;
  onItemsAdded: (ownerId: string) => void;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
  log: FastifyBaseLogger;
}

interface Run {
  connection: SourceConnectionRow;
  source: Source;
  target: StoreTarget;
  /** External ids listed as failed: one that imports now leaves the list. */
  failing: Set<string>;
}

/** Stored items that wait for background work: files to process, links to preview. */
interface Processing {
  files: string[];
  links: string[];
}

const zero = (): SyncCounts => ({ seen: 0, imported: 0, skipped: 0, failed: 0, removed: 0 });

/**
 * Runs a connection's sync: page after page from its stored cursor, each page's items stored (a few
 * at once), the provider's deletions applied, then the cursor and the counts saved together, so a
 * sync cut off anywhere resumes at the page it was on and, items being keyed by external id, stores
 * nothing twice. An item that fails is listed with its reason and the sync goes on.
 */
export function createSyncRunner(deps: SyncRunnerDeps) {
  const { db } = deps;
  const repo = createSourcesRepository(db);
  const storeDeps = { ...deps, previewLinks: deps.onLinksSaved !== null };

  const sourceOf = (connection: SourceConnectionRow): Source => {
    const source = deps.sources.get(connection.service as ConnectionService);
    if (!source) throw new SyncError(`${connection.service} is not available on this server`);
    return source;
  };

  /** What one sync (or retry) needs throughout: where items go and which are listed as failed. */
  async function openRun(connection: SourceConnectionRow): Promise<Run> {
    const source = sourceOf(connection);
    const [owner] = await db
      .select({ root: users.rootFolder })
      .from(users)
      .where(eq(users.id, connection.ownerId));
    if (!owner?.root) throw new SyncError('The account has no desk');
    return {
      connection,
      source,
      target: { connection, deskSource: source.deskSource, rootId: owner.root },
      failing: new Set(await repo.failingIds(connection.id)),
    };
  }

  async function recordFailure(run: Run, externalId: string, given: string, reason: string) {
    run.failing.add(externalId);
    // Held to the intake rules, so that what made the item fail (a name of megabytes, a NUL in it, a key
    // too long for the index) cannot keep its failure from being listed.
    const key = intakeKey(externalId);
    await repo.recordFailure(run.connection.id, key, intakeName(given, key), intakeName(reason, 'Failed'));
  }

  /** What a source or an export lists as failed, recorded in one statement. */
  async function recordListed(run: Run, failed: NonNullable<SyncPage['failed']>, counts: SyncCounts) {
    const rows = failed.map((f) => {
      run.failing.add(f.externalId);
      const key = intakeKey(f.externalId);
      return { externalId: key, name: intakeName(f.name, key), reason: intakeName(f.reason, 'Failed') };
    });
    counts.failed += rows.length;
    await repo.recordFailures(run.connection.id, rows);
  }

  /** Why an item failed, for its owner; the database's own words go to the log. */
  function failureReason(run: Run, externalId: string, error: unknown): string {
    if (isDatabaseError(error)) {
      deps.log.warn(
        { connectionId: run.connection.id, externalId: intakeKey(externalId), error: logWords(error) },
        'the database refused an imported item',
      );
    }
    return reasonOf(error, deps.maxBytes);
  }

  /**
   * Stores a page's items: what is stored of them read in one query, their bytes fetched (at most
   * `concurrency` at once), then all written in one transaction; the attachments of those imported follow
   * the same way once their e-mails are there to link to (an unchanged e-mail's are unchanged too).
   * Processing is queued for the new files once all are written.
   */
  async function storeAll(run: Run, listed: ImportedItem[], counts: SyncCounts) {
    const processed: Processing = { files: [], links: [] };
    let level = listed;
    while (level.length > 0) {
      const imported = await storeBatch(run, level, counts, processed);
      level = imported.flatMap((item) =>
        (item.attachments ?? []).map((a) => ({ ...a, attachmentOf: item.externalId })),
      );
      counts.seen += level.length;
    }
    if (processed.files.length) await deps.onFilesStored(processed.files);
    if (processed.links.length) await deps.onLinksSaved?.(processed.links);
  }

  /** Stores one batch in one transaction (item by item if that fails); answers the items imported. */
  async function storeBatch(
    run: Run,
    listed: ImportedItem[],
    counts: SyncCounts,
    processed: Processing,
  ): Promise<ImportedItem[]> {
    // A record listed twice in one page (changed twice) is stored once, as it was last.
    const items = [...new Map(listed.map((i) => [i.externalId, i])).values()];
    const known = await lookUpStored(
      db,
      run.target,
      items.map((i) => i.externalId),
    );
    const target = { ...run.target, known };
    const done: string[] = [];
    const reconnected: string[] = [];
    const ready: PreparedItem[] = [];
    await mapLimit(items, deps.concurrency, async (item) => {
      let preparation: Preparation;
      try {
        preparation = await prepareImportedItem(storeDeps, target, item);
      } catch (error) {
        if (error instanceof SyncError) throw error;
        counts.failed += 1;
        await recordFailure(run, item.externalId, item.name, failureReason(run, item.externalId, error));
        return;
      }
      if (preparation.kind === 'ready') {
        ready.push(preparation.prepared);
        return;
      }
      counts.skipped += 1;
      done.push(item.externalId);
      if (preparation.reconnect) reconnected.push(preparation.reconnect);
    });
    await claimForConnection(db, run.connection, reconnected);
    // In the page's order, whichever finished downloading first.
    const order = new Map(items.map((item, i) => [item.externalId, i]));
    ready.sort((a, b) => (order.get(a.item.externalId) ?? 0) - (order.get(b.item.externalId) ?? 0));

    let outcomes: BatchOutcome[];
    try {
      outcomes = await writePrepared(storeDeps, target, ready);
    } catch (error) {
      if (error instanceof SyncError) throw error;
      // One item the database refuses fails the whole transaction: each is written alone, so only it fails.
      deps.log.warn(
        { connectionId: run.connection.id, items: ready.length, error: logWords(error) },
        'a batch of imported items failed; writing them one by one',
      );
      outcomes = [];
      for (const prepared of ready) {
        try {
          outcomes.push(...(await writePrepared(storeDeps, target, [prepared])));
        } catch (itemError) {
          if (itemError instanceof SyncError) throw itemError;
          outcomes.push({ kind: 'failed', error: itemError });
        }
      }
    }

    const imported: ImportedItem[] = [];
    const released: string[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const { item } = ready[i] as PreparedItem;
      if (outcome.kind === 'failed') {
        counts.failed += 1;
        await recordFailure(
          run,
          item.externalId,
          item.name,
          failureReason(run, item.externalId, outcome.error),
        );
        continue;
      }
      done.push(item.externalId);
      if (outcome.kind === 'skipped') {
        counts.skipped += 1;
        continue;
      }
      counts.imported += 1;
      imported.push(item);
      if (outcome.processBytes) processed.files.push(outcome.objectId);
      if (outcome.previewLink) processed.links.push(outcome.objectId);
      released.push(...outcome.released);
    }
    const cleared = done.filter((externalId) => run.failing.delete(externalId));
    await repo.clearFailures(run.connection.id, cleared);
    if (released.length) await deps.releaseBlobs({ blobKeys: released, thumbnailKeys: [] });
    return imported;
  }

  /**
   * A way to store many batches for the connection (an import's steps) that reads who it is and what
   * it lists as failed once, not at every batch; null when the connection is gone.
   */
  async function intake(connectionId: string) {
    const connection = await repo.findById(connectionId);
    if (!connection) return null;
    const run = await openRun(connection);
    return {
      async importItems(
        items: ImportedItem[],
        failed: NonNullable<SyncPage['failed']> = [],
      ): Promise<SyncCounts> {
        const counts = zero();
        if (items.length + failed.length === 0) return counts;
        counts.seen = items.length + failed.length;
        await storeAll(run, items, counts);
        await recordListed(run, failed, counts);
        await repo.addArrivals(connectionId, counts);
        if (counts.imported) deps.onItemsAdded(connection.ownerId);
        return counts;
      },
    };
  }

  return {
    /** Syncs the connection from its cursor to now. A connection removed meanwhile is left alone. */
    async sync(connectionId: string): Promise<void> {
      const connection = await repo.findById(connectionId);
      if (!connection) return;
      // A sync cut off (a restart) goes on where it stopped and keeps counting; a new one starts at zero.
      await repo.startSync(connectionId, connection.state === 'syncing');

      let addedAny = false;
      try {
        const run = await openRun(connection);
        const connector: Connector = run.source.connect(connection);
        for await (const page of connector.pages(connection.cursor)) {
          const counts = zero();
          counts.seen +=
            page.items.length +
            page.removed.length +
            (page.removedPaths?.length ?? 0) +
            (page.failed?.length ?? 0);
          await storeAll(run, page.items, counts);
          await recordListed(run, page.failed ?? [], counts);
          const gone = await removeImportedItems(db, connection, run.source.deskSource, page.removed);
          const goneByPath = await removeImportedPaths(db, connection, page.removedPaths ?? []);
          const absent = await removeAbsent(db, connection, page.present ?? []);
          counts.removed = gone.count + goneByPath.count + absent.count;
          for (const released of [gone, goneByPath, absent]) {
            if (released.count) await deps.releaseBlobs(released);
          }
          if (counts.imported) addedAny = true;
          if (!(await repo.savePage(connectionId, page.cursor, counts))) return;
        }
        await repo.finishSync(connectionId, null);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.warn(
          { connectionId, service: connection.service, error: logWords(error) },
          'source sync stopped',
        );
        // The connection's error is shown to its owner: never in the database's words.
        await repo.finishSync(
          connectionId,
          isDatabaseError(error)
            ? 'The sync stopped on a problem on the server; the next sync goes on from there'
            : message,
        );
        if (!(error instanceof SyncError)) throw error;
      } finally {
        if (addedAny) deps.onItemsAdded(connection.ownerId);
      }
    },

    /**
     * Stores items that arrived by themselves (a webhook's messages, an uploaded export) for the
     * connection, as a sync page is stored, and lists those that could not be read; answers the counts.
     */
    async importItems(
      connectionId: string,
      items: ImportedItem[],
      failed: NonNullable<SyncPage['failed']> = [],
    ): Promise<SyncCounts> {
      if (items.length + failed.length === 0) return zero();
      return (await intake(connectionId))?.importItems(items, failed) ?? zero();
    },

    intake,

    /** Tries the listed failures again (else the oldest `limit`); answers how many imported and failed again. */
    async retry(
      connectionId: string,
      failureIds: number[] | undefined,
      limit: number,
    ): Promise<{ imported: number; failed: number }> {
      const connection = await repo.findById(connectionId);
      if (!connection) return { imported: 0, failed: 0 };
      const run = await openRun(connection);
      const connector = run.source.connect(connection);
      const chosen = await repo.failuresToRetry(connectionId, failureIds, limit);
      const counts = zero();
      for (const failure of chosen) {
        let item: ImportedItem | null;
        try {
          item = await connector.fetchItem(failure.externalId);
        } catch (error) {
          if (error instanceof SyncError) throw error;
          counts.failed += 1;
          await recordFailure(
            run,
            failure.externalId,
            failure.name,
            failureReason(run, failure.externalId, error),
          );
          continue;
        }
        if (!item) {
          // Gone at the provider: nothing left to import.
          await repo.deleteFailure(failure.id);
          continue;
        }
        const batch = spread(item);
        await storeAll(run, batch, counts);
        if (batch.every((i) => i.externalId !== failure.externalId)) {
          // Listed under another id than the items it brought (a message by its place in a folder): it
          // leaves the list now they are stored; any of them that failed is listed under its own id.
          run.failing.delete(failure.externalId);
          await repo.deleteFailure(failure.id);
        }
      }
      if (counts.imported) deps.onItemsAdded(connection.ownerId);
      return { imported: counts.imported, failed: counts.failed };
    },
  };
}

export type SyncRunner = ReturnType<typeof createSyncRunner>;

/**
 * A retried item with items beside it rather than attached to it (`attachmentOf: ''`: the files of an
 * e-mail imported alone), as the items to store, each on its own.
 */
function spread(item: ImportedItem): ImportedItem[] {
  const beside = (item.attachments ?? []).filter((a) => a.attachmentOf === '');
  if (beside.length === 0) return [item];
  return [
    { ...item, attachments: item.attachments?.filter((a) => a.attachmentOf !== '') },
    ...beside.map((a) => ({ ...a, attachmentOf: undefined })),
  ];
}

/** What went wrong in the error's own words, cut: for the server's log. */
function logWords(error: unknown): string {
  // The database's own words, not the statement and its parameters the query builder wraps them in.
  if (error instanceof DrizzleQueryError && error.cause instanceof Error) return logWords(error.cause);
  return error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
}

const isDatabaseError = (error: unknown) =>
  error instanceof DrizzleQueryError || databaseErrorCode(error) !== null;

/**
 * Why an item failed, in words for its owner. Never the database's own: they name tables, constraints
 * and the values refused (the intake rules keep most of those from reaching it at all).
 */
function reasonOf(error: unknown, maxBytes: number): string {
  if (error instanceof BlobTooLargeError) {
    return `Larger than the ${Math.round(maxBytes / (1024 * 1024))} MB this server accepts`;
  }
  if (isDatabaseError(error)) {
    const code = databaseErrorCode(error) ?? '';
    if (code.startsWith('22')) return 'It holds text or a value that cannot be stored';
    if (code.startsWith('54')) return 'It is too large to be stored';
    if (code === '23505') return 'It clashes with an item already stored';
    return 'It could not be stored because of a problem on the server; Retry tries again';
  }
  return logWords(error);
}
