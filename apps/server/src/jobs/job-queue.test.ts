import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { DB_KINDS, openTestDatabase } from '../test/databases.js';
import type { JobQueueOptions } from './create-job-queue.js';
import { analyzeChangedJobTables, LAPSED_MESSAGE } from './job-rows.js';
import { executorFor } from './pg-boss-db.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

describe.each(DB_KINDS)('job queue on %s', (kind) => {
  let database: Database;
  const queues: PgBossJobQueue[] = [];
  const queueErrors: Error[] = [];

  const newQueue = (options: JobQueueOptions = {}) => {
    const queue = new PgBossJobQueue(executorFor(database), {
      pollIntervalMs: 50,
      retryDelaySeconds: 0,
      retryBackoff: false,
      onError: (error) => queueErrors.push(error),
      ...options,
    });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    expect(queueErrors).toEqual([]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a job with its data', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    await queue.work('greet', async (data) => {
      seen.push(data);
    });
    await queue.start();
    await queue.send('greet', { who: 'Ann', n: 1 });
    await queue.drain();
    expect(seen).toEqual([{ who: 'Ann', n: 1 }]);
  });

  it('retries a failing job, then reports its last error once', async () => {
    const queue = newQueue();
    let attempts = 0;
    const finalFailures: [Record<string, unknown>, string][] = [];
    await queue.start();
    await queue.work(
      'flaky',
      async () => {
        attempts += 1;
        throw new Error(`attempt ${attempts} failed`);
      },
      {
        retryLimit: 2,
        onFinalFailure: async (data, error) => {
          finalFailures.push([data, error.message]);
        },
      },
    );
    await queue.send('flaky', { id: 'x' });
    await queue.drain();
    expect(attempts).toBe(3);
    expect(finalFailures).toEqual([[{ id: 'x' }, 'attempt 3 failed']]);
  });

  it('does not report a job that succeeds on a retry', async () => {
    const queue = newQueue();
    let attempts = 0;
    let finalFailures = 0;
    await queue.work(
      'second-time-lucky',
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first try fails');
      },
      {
        onFinalFailure: async () => {
          finalFailures += 1;
        },
      },
    );
    await queue.start();
    await queue.send('second-time-lucky', {});
    await queue.drain();
    expect([attempts, finalFailures]).toEqual([2, 0]);
  });

  it('waits before a retry under backoff', async () => {
    const queue = newQueue({ retryDelaySeconds: 1, retryBackoff: true });
    const attemptTimes: number[] = [];
    await queue.work(
      'backoff',
      async () => {
        attemptTimes.push(Date.now());
        throw new Error('no');
      },
      { retryLimit: 1 },
    );
    await queue.start();
    await queue.send('backoff', {});
    await queue.drain();
    expect(attemptTimes).toHaveLength(2);
    // The first retry waits retryDelay × [1, 2) seconds.
    expect((attemptTimes[1] ?? 0) - (attemptTimes[0] ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('runs jobs queued before a stop once a new queue starts on the same database', async () => {
    const before = newQueue();
    await before.start();
    await before.send('after-restart', { n: 1 });
    await before.send('after-restart', { n: 2 });
    await before.stop();

    const after = newQueue();
    const seen: unknown[] = [];
    await after.work('after-restart', async (data) => {
      seen.push(data.n);
    });
    await after.start();
    await after.drain();
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('drops a job whose singleton key is already queued', async () => {
    const sender = newQueue();
    await sender.start();
    await sender.send('single', { n: 1 }, { singletonKey: 'object-1' });
    await sender.send('single', { n: 2 }, { singletonKey: 'object-1' });
    await sender.send('single', { n: 3 }, { singletonKey: 'object-2' });
    await sender.send('single', { n: 4 });
    await sender.send('single', { n: 5 });

    const worker = newQueue();
    const seen: unknown[] = [];
    await worker.work('single', async (data) => {
      seen.push(data.n);
    });
    await worker.start();
    await worker.drain();
    expect(seen.sort()).toEqual([1, 3, 4, 5]);

    // Once it has run, the key may be queued again.
    await worker.send('single', { n: 6 }, { singletonKey: 'object-1' });
    await worker.drain();
    expect(seen).toContain(6);
  });

  it('runs at most `concurrency` jobs of a kind at once', async () => {
    const queue = newQueue();
    let running = 0;
    let most = 0;
    await queue.work(
      'slow',
      async () => {
        running += 1;
        most = Math.max(most, running);
        await delay(60);
        running -= 1;
      },
      { concurrency: 2 },
    );
    await queue.start();
    await Promise.all([1, 2, 3, 4, 5].map((n) => queue.send('slow', { n })));
    await queue.drain();
    expect(most).toBe(2);
  });

  /** Leases short enough for a test: a job is taken back within about 3 s of its process dying. */
  const LEASE = { leaseSeconds: 2, heartbeatSeconds: 0.5, reclaimEverySeconds: 0.5 };

  /** A handler that never ends and says when it started, as a job running when its process is killed. */
  const hangs = () => {
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const handler = () => {
      started();
      return new Promise<void>(() => {});
    };
    return { handler, running };
  };

  it('runs again elsewhere a job whose process died, and never takes twice a long job whose process lives', async () => {
    // A long job (three leases) in a process that stays up and renews its lease.
    const live = newQueue(LEASE);
    let longRuns = 0;
    let longStarted = () => {};
    const longRunning = new Promise<void>((resolve) => {
      longStarted = resolve;
    });
    await live.work('long', async () => {
      longRuns += 1;
      longStarted();
      await delay(6000);
    });
    await live.start();
    await live.send('long', {});
    await longRunning;

    // A job whose process is killed while it runs: never completed nor failed.
    const dying = newQueue(LEASE);
    const doomed = hangs();
    await dying.work('doomed', doomed.handler);
    await dying.start();
    await dying.send('doomed', { n: 1 });
    await doomed.running;
    await dying.halt();

    // Another process works both kinds.
    const survivor = newQueue(LEASE);
    const rerun: unknown[] = [];
    const longElsewhere: unknown[] = [];
    await survivor.work('doomed', async (data) => {
      rerun.push(data.n);
    });
    await survivor.work('long', async (data) => {
      longElsewhere.push(data);
    });
    await survivor.start();
    await expect.poll(() => rerun, { timeout: 10_000, interval: 100 }).toEqual([1]);
    await live.drain();
    expect([longRuns, longElsewhere.length]).toEqual([1, 0]);
  }, 30_000);

  it('fails a job whose process died once it has no attempt left, and reports it once', async () => {
    const dying = newQueue(LEASE);
    const doomed = hangs();
    await dying.work('last-try', doomed.handler, { retryLimit: 0 });
    await dying.start();
    await dying.send('last-try', { id: 'x' });
    await doomed.running;
    await dying.halt();

    const survivor = newQueue(LEASE);
    let runs = 0;
    const finalFailures: [Record<string, unknown>, string][] = [];
    await survivor.work(
      'last-try',
      async () => {
        runs += 1;
      },
      {
        retryLimit: 0,
        onFinalFailure: async (data, error) => {
          finalFailures.push([data, error.message]);
        },
      },
    );
    await survivor.start();
    await expect
      .poll(() => finalFailures, { timeout: 10_000, interval: 100 })
      .toEqual([[{ id: 'x' }, LAPSED_MESSAGE]]);
    await survivor.drain();
    expect(runs).toBe(0);
  }, 20_000);

  it('queues many jobs at once; with skipLive, not a key that has a job waiting or running', async () => {
    const queue = newQueue();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: unknown[] = [];
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await queue.work(
      'many',
      async (data) => {
        seen.push(data.key);
        started();
        await released;
      },
      { concurrency: 1 },
    );
    await queue.start();
    const job = (key: string) => ({ data: { key }, singletonKey: key });
    await queue.send('many', { key: 'a' }, { singletonKey: 'a' });
    await running;
    // `a` runs, the others wait: only `b` and `c` are new.
    expect(await queue.sendMany('many', [job('a'), job('b'), job('c')], { skipLive: true })).toBe(2);
    expect(await queue.sendMany('many', [job('b'), job('c')], { skipLive: true })).toBe(0);
    // Without it, a key that is waiting is still dropped (by the database).
    await queue.sendMany('many', [job('c'), job('d')]);
    release();
    await queue.drain();
    expect(seen.sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  // PostgreSQL counts changes for its statistics with a delay (and analyzes by itself): PGlite only.
  it.runIf(kind === 'pglite')(
    'analyzes a job table once many jobs changed it (PGlite runs no autovacuum)',
    async () => {
      const queue = newQueue();
      await queue.start();
      await queue.sendMany(
        'analyzed',
        Array.from({ length: 300 }, (_, n) => ({ data: { n } })),
      );
      // Statistics reach pg_stat_user_tables at most once a second: now, as a second later they would.
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      await database.db.execute(sql`select 1`);
      await analyzeChangedJobTables(executorFor(database));
      const rows = await database.db.execute(
        sql`select s.last_analyze from pg_stat_user_tables s join pgboss.queue q on q.partition_name = s.relname
          where q.name = 'analyzed'`,
      );
      expect((rows as unknown as { rows: { last_analyze: unknown }[] }).rows[0]?.last_analyze).toBeTruthy();
    },
  );

  it('stops cleanly: no timers left, the database stays open', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const queue = newQueue();
    await queue.work('noop', async () => undefined);
    await queue.start();
    await queue.send('noop', {});
    await queue.drain();
    await queue.stop();
    expect(timers()).toBeLessThanOrEqual(before);
    const rows = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'noop'`,
    );
    expect(rows).toBeDefined();
  });

  it('refuses work after a stop', async () => {
    const queue = newQueue();
    await queue.start();
    await queue.stop();
    await expect(queue.send('late', {})).rejects.toThrow('not running');
  });
});
