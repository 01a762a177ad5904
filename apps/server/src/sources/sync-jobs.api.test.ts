import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceConnections } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { queueDueSyncs } from './sync-jobs.js';

describe.each(DB_KINDS)('scheduled syncs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('queues connections never synced or synced too long ago, and syncs a crash left running', async () => {
    const me = await signedInUser(t.app);
    const ownerId = me.info.id as string;
    const make = async (service: string, values: Partial<typeof sourceConnections.$inferInsert>) => {
      const [row] = await t.database.db
        .insert(sourceConnections)
        .values({ ownerId, service, tokens: 'sealed', ...values })
        .returning({ id: sourceConnections.id });
      return row?.id as string;
    };
    const never = await make('gdrive', {});
    const old = await make('gmail', { lastSyncAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    const fresh = await make('gcalendar', { lastSyncAt: new Date() });
    // WhatsApp only receives: never queued, though never synced.
    await make('whatsapp', {});
    const asked: string[] = [];
    const scheduler = { syncNow: async (id: string) => void asked.push(id) };

    expect(await queueDueSyncs(t.database.db, scheduler, 60, ['gdrive', 'gmail', 'gcalendar'])).toBe(2);
    expect(asked.sort()).toEqual([never, old].sort());

    // A sync left `syncing` by a crash, untouched for over half an hour, is taken up again.
    await t.database.db.update(sourceConnections).set({ state: 'syncing', lastSyncAt: new Date() });
    await t.database.db
      .update(sourceConnections)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(sourceConnections.id, fresh));
    asked.length = 0;
    expect(await queueDueSyncs(t.database.db, scheduler, 60, ['gdrive', 'gmail', 'gcalendar'])).toBe(1);
    expect(asked).toEqual([fresh]);
  });
});
