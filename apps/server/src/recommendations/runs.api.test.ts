import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { DB_KINDS, openTestDatabase } from '../test/databases.js';
import { claimRun, finishRun, requestRun, runStatus } from './runs.js';

describe.each(DB_KINDS)('generation runs on %s', (kind) => {
  let database: Database;
  let owner: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [user] = await database.db
      .insert(users)
      .values({ email: 'runs@example.com', username: 'runs', passwordHash: 'x' })
      .returning();
    owner = user?.id as string;
  });
  afterAll(() => database.close());

  it('makes one run of many asks, and runs again for an ask that came in while it ran', async () => {
    const db = database.db;
    expect((await runStatus(db, owner)).state).toBe('idle');
    expect((await requestRun(db, owner)).state).toBe('queued');
    expect((await requestRun(db, owner)).state).toBe('queued');
    const askedBefore = Date.now() - 60_000;
    expect(await claimRun(db, owner, askedBefore)).toBe('claimed');
    expect((await requestRun(db, owner)).state).toBe('running');

    // An ask older than the running run is covered by it; a newer one makes it go once more.
    expect(await claimRun(db, owner, askedBefore)).toBe('covered');
    expect(await claimRun(db, owner, Date.now() + 60_000)).toBe('busy');
    expect(await finishRun(db, owner, { created: 2, unfiled: 5 })).toEqual({ again: true });
    expect((await runStatus(db, owner)).state).toBe('running');
    expect(await finishRun(db, owner, { created: 3, unfiled: 5 })).toEqual({ again: false });
    expect(await runStatus(db, owner)).toMatchObject({ state: 'done', created: 3, unfiled: 5, error: null });

    // A finished run covers asks made before it started, not after.
    expect(await claimRun(db, owner, askedBefore)).toBe('covered');
    expect(await claimRun(db, owner, Date.now() + 60_000)).toBe('claimed');
    await finishRun(db, owner, { error: 'Generation failed: boom' });
    expect(await runStatus(db, owner)).toMatchObject({ state: 'failed', error: 'Generation failed: boom' });
    expect((await requestRun(db, owner)).state).toBe('queued');
  });
});
