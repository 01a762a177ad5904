import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurns } from './turn-taking-pglite.js';

/** How often a callback waiting on the event loop got to run while `work` went on. */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const before = turns;
  await work();
  running = false;
  return turns - before;
}

describe('a PGlite that takes turns', () => {
  let plain: PGlite;
  let polite: PGlite;
  beforeAll(async () => {
    [plain, polite] = await Promise.all([PGlite.create(), PGlite.create()]);
    takeTurns(polite, 1);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), polite.close()]);
  });

  /** A loop of awaited statements, as an import writing rows one by one. */
  const loop = (db: PGlite) => async () => {
    const until = performance.now() + 40;
    while (performance.now() < until) await db.query('SELECT 1');
  };

  it('lets the event loop turn during a long loop of statements, which a plain one never does', async () => {
    expect(await turnsDuring(loop(plain))).toBe(0);
    expect(await turnsDuring(loop(polite))).toBeGreaterThan(5);
  });

  it('answers statements, executions and transactions as before', async () => {
    expect((await polite.query<{ n: number }>('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
    await polite.exec('CREATE TABLE t (n int)');
    await polite.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1), (2)');
    });
    expect((await polite.query<{ c: number }>('SELECT count(*)::int AS c FROM t')).rows).toEqual([{ c: 2 }]);
  });
});
