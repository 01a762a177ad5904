import { and, count, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginFailures } from '../db/schema.js';

export const MAX_FAILURES_PER_WINDOW = 10;
export const WINDOW_SECONDS = 60;

/**
 * Sign-in guessing throttle, kept in the database so every API replica sees the same counts.
 * Keys are one per account name tried and one per client address.
 */
export function createLoginThrottle(db: Db) {
  const windowStart = sql`now() - make_interval(secs => ${WINDOW_SECONDS})`;
  return {
    /** Seconds until another try is allowed, or 0 when none of the keys is over the limit. */
    async retryAfter(keys: string[]): Promise<number> {
      const rows = await db
        .select({ key: loginFailures.key, n: count(), oldest: sql<string>`min(${loginFailures.failedAt})` })
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, keys), gt(loginFailures.failedAt, windowStart)))
        .groupBy(loginFailures.key);
      const blocked = rows.filter((r) => r.n >= MAX_FAILURES_PER_WINDOW);
      if (blocked.length === 0) return 0;
      const oldest = Math.min(...blocked.map((r) => new Date(r.oldest).getTime()));
      return Math.max(1, Math.ceil((oldest + WINDOW_SECONDS * 1000 - Date.now()) / 1000));
    },
    async recordFailure(keys: string[]): Promise<void> {
      await db.insert(loginFailures).values(keys.map((key) => ({ key })));
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, sql`now() - interval '1 hour'`));
    },
    async forget(key: string): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [key]));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
