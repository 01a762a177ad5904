import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { objects, users } from './schema.js';

describe('the embedded database under DATA_DIR', () => {
  let dataDir = '';
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is created and migrated on first start, and keeps its data across restarts', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'easio-data-'));
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    const [user] = await first.db
      .insert(users)
      .values({ username: 'kept', email: 'kept@example.com', passwordHash: 'x' })
      .returning();
    await first.db.insert(objects).values({ ownerId: user?.id ?? '', dataType: 'root_object' });
    await first.close();

    const again = await openDatabase({ dataDir });
    const rows = await again.db.select({ n: count() }).from(users);
    expect(rows[0]?.n).toBe(1);
    await again.close();
  });
});
