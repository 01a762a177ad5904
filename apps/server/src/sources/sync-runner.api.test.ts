import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFailures, objects, sourceConnections } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import type { ImportedItem, Source, SyncPage } from './source.js';
import { createSyncRunner } from './sync-runner.js';

/**
 * A file of the test provider: `bad` ones carry what the database refuses and the intake rules cannot
 * know of: the `client_id` of an extension's save that file `a` carries too (it is unique per account).
 */
function file(
  id: string,
  options: { bytes?: string; bad?: boolean; unreadable?: boolean } = {},
): ImportedItem {
  return {
    externalId: id,
    dataType: 'file_object',
    name: `${id}.txt`,
    metadata: {
      folder_path: 'Work',
      ...((options.bad || id === 'a') && { client_id: 'one-save' }),
    },
    version: options.bad ? 'v-bad' : 'v1',
    size: (options.bytes ?? `bytes of ${id}`).length,
    body: async () => {
      if (options.unreadable) throw new Error('The provider dropped the download');
      return Readable.from([Buffer.from(options.bytes ?? `bytes of ${id}`)]);
    },
  };
}

describe.each(DB_KINDS)('a page stored in one transaction on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  /** A provider whose every sync lists `page()` again (the cursor is ignored), and a runner on it. */
  async function setUp(page: () => ImportedItem[], listed: () => SyncPage['failed'] = () => []) {
    const me = await signedInUser(t.app);
    const ownerId = me.info.id as string;
    const [connection] = await t.database.db
      .insert(sourceConnections)
      .values({ ownerId, service: 'gdrive', tokens: 'sealed' })
      .returning({ id: sourceConnections.id });
    const connectionId = connection?.id as string;
    const source: Source = {
      service: 'gdrive',
      provider: 'google',
      deskSource: 'gdrive',
      pulls: true,
      connect: () => ({
        async *pages(): AsyncIterable<SyncPage> {
          yield { items: page(), removed: [], failed: listed(), cursor: { at: 'end' } };
        },
        async fetchItem(externalId) {
          return page().find((i) => i.externalId === externalId) ?? null;
        },
      }),
    };
    const queued: string[] = [];
    const runner = createSyncRunner({
      db: t.database.db,
      blobs: t.blobs,
      sources: new Map([['gdrive', source]]),
      maxBytes: 1024 * 1024,
      concurrency: 4,
      onFilesStored: async (ids) => void queued.push(...ids),
      onLinksSaved: null,
      onItemsAdded: () => {},
      releaseBlobs: async () => {},
      log: t.app.log,
    });
    const stored = () =>
      t.database.db
        .select({
          id: objects.id,
          externalId: objects.externalId,
          jobState: objects.jobState,
          duplicateOf: objects.duplicateOf,
          blobKey: objects.blobKey,
        })
        .from(objects)
        .where(and(eq(objects.ownerId, ownerId), eq(objects.source, 'gdrive')))
        .orderBy(objects.externalId);
    const failures = () =>
      t.database.db
        .select({
          externalId: importFailures.externalId,
          name: importFailures.name,
          reason: importFailures.reason,
          attempts: importFailures.attempts,
        })
        .from(importFailures)
        .where(eq(importFailures.connectionId, connectionId))
        .orderBy(importFailures.externalId);
    const counts = async () => {
      const [row] = await t.database.db
        .select({
          state: sourceConnections.state,
          imported: sourceConnections.imported,
          skipped: sourceConnections.skipped,
          failed: sourceConnections.failed,
        })
        .from(sourceConnections)
        .where(eq(sourceConnections.id, connectionId));
      return row;
    };
    return { runner, connectionId, queued, stored, failures, counts };
  }

  it('lists what the source could not hand over in one go, once per item, counting each sync as an attempt', async () => {
    const s = await setUp(
      () => [file('a')],
      () => [
        { externalId: 'x', name: 'x.pdf', reason: 'Too large to import' },
        { externalId: 'y', name: 'y.pdf', reason: 'Gone from the provider' },
        // The same item twice in one page: listed once, with what was said last.
        { externalId: 'x', name: 'x (2).pdf', reason: 'Still too large to import' },
      ],
    );
    await s.runner.sync(s.connectionId);
    await s.runner.sync(s.connectionId);
    expect((await s.failures()).map((f) => [f.externalId, f.name, f.reason, f.attempts])).toEqual([
      ['x', 'x (2).pdf', 'Still too large to import', 2],
      ['y', 'y.pdf', 'Gone from the provider', 2],
    ]);
    expect((await s.stored()).map((o) => o.externalId)).toEqual(['a']);
  });

  it('stores the rest of a page when one item is refused and one cannot be read, lists both, and adds nothing when run again', async () => {
    let fixed = false;
    const s = await setUp(() => [
      file('a'),
      file('b', { bad: !fixed }),
      file('c'),
      file('d', { unreadable: !fixed }),
      file('e'),
    ]);

    await s.runner.sync(s.connectionId);
    const first = await s.stored();
    expect(first.map((o) => o.externalId)).toEqual(['a', 'c', 'e']);
    // Every new file waits for processing, and each of them was handed to the queue.
    expect(first.every((o) => o.jobState === 'pending' && o.blobKey !== null)).toBe(true);
    expect([...s.queued].sort()).toEqual(first.map((o) => o.id).sort());
    const listed = await s.failures();
    expect(listed.map((f) => [f.externalId, f.name])).toEqual([
      ['b', 'b.txt'],
      ['d', 'd.txt'],
    ]);
    expect(listed[1]?.reason).toBe('The provider dropped the download');
    // In words for its owner, not the database's (which name the index and the value refused).
    expect(listed[0]?.reason).toBe('It clashes with an item already stored');
    expect(await s.counts()).toEqual({ state: 'idle', imported: 3, skipped: 0, failed: 2 });

    // Run again: the stored items are skipped, the refused ones fail again, nothing is added or queued.
    s.queued.length = 0;
    await s.runner.sync(s.connectionId);
    expect(await s.stored()).toEqual(first);
    expect(s.queued).toEqual([]);
    expect((await s.failures()).map((f) => [f.externalId, f.attempts])).toEqual([
      ['b', 2],
      ['d', 2],
    ]);
    expect(await s.counts()).toEqual({ state: 'idle', imported: 0, skipped: 3, failed: 2 });

    // Once the provider hands them over properly, they are stored and leave the list.
    fixed = true;
    await s.runner.sync(s.connectionId);
    const all = await s.stored();
    expect(all.map((o) => o.externalId)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await s.failures()).toEqual([]);
    expect(await s.counts()).toEqual({ state: 'idle', imported: 2, skipped: 3, failed: 0 });
    expect([...s.queued].sort()).toEqual(
      all
        .filter((o) => o.externalId === 'b' || o.externalId === 'd')
        .map((o) => o.id)
        .sort(),
    );
  });

  it('keeps a second file of a page with the same bytes as a link to the first, and a retry adds nothing', async () => {
    const s = await setUp(() => [
      file('one', { bytes: 'the same bytes' }),
      file('two', { bytes: 'the same bytes' }),
      file('three', { bytes: 'other bytes' }),
    ]);
    await s.runner.sync(s.connectionId);
    const [one, three, two] = await s.stored();
    expect([one?.externalId, three?.externalId, two?.externalId]).toEqual(['one', 'three', 'two']);
    expect(one?.duplicateOf).toBeNull();
    expect(two?.duplicateOf).toBe(one?.id);
    expect(two?.blobKey).toBe(one?.blobKey);
    expect(three?.duplicateOf).toBeNull();

    expect(await s.runner.retry(s.connectionId, undefined, 10)).toEqual({ imported: 0, failed: 0 });
    await s.runner.sync(s.connectionId);
    expect(await s.stored()).toHaveLength(3);
    expect(await s.counts()).toMatchObject({ imported: 0, skipped: 3, failed: 0 });
  });
  it('keeps a date read from the bytes when a changed item comes without a date, and takes the source’s when it gives one', async () => {
    let version = 'v1';
    let sourceCreatedAt: Date | undefined;
    const s = await setUp(() => [{ ...file('letter'), version, sourceCreatedAt }]);
    await s.runner.sync(s.connectionId);
    const [letter] = await s.stored();
    const id = letter?.id as string;
    // What processing does when the letter's text says when it was written.
    const written = new Date('2023-03-14T12:00:00Z');
    await t.database.db
      .update(objects)
      .set({ sourceCreatedAt: written, dateSource: 'document' })
      .where(eq(objects.id, id));
    const date = async () => {
      const [row] = await t.database.db
        .select({ at: objects.sourceCreatedAt, from: objects.dateSource })
        .from(objects)
        .where(eq(objects.id, id));
      return row;
    };

    version = 'v2';
    await s.runner.sync(s.connectionId);
    expect(await date()).toEqual({ at: written, from: 'document' });

    version = 'v3';
    sourceCreatedAt = new Date('2024-01-02T08:00:00Z');
    await s.runner.sync(s.connectionId);
    expect(await date()).toEqual({ at: sourceCreatedAt, from: null });
  });
});
