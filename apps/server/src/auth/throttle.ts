import { and, count, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginFailures } from '../db/schema.js';

export const MAX_FAILURES_PER_WINDOW = 10;
export const WINDOW_SECONDS = 60;

/** A sign-in attempt let through: its records, forgotten if the password was right. */
export interface Attempt {
  ids: number[];
}

/**
 * Sign-in guessing throttle, kept in the database so every API replica sees the same counts.
 * Keys are one per account name tried and one per client address.
 *
 * Counting a key's attempts and recording a new one is one transaction under a lock per key, so of
 * many guesses sent at once exactly the limit reach a password check (a check, then a record in
 * another step, let 40 parallel guesses through as 22).
 */
export function createLoginThrottle(db: Db) {
  const windowStart = sql`now() - make_interval(secs => ${WINDOW_SECONDS})`;
  return {
    /** Records an attempt on every key: the attempt when each key is within the limit, else the seconds to wait. */
    attempt(keys: string[]): Promise<{ attempt: Attempt } | { waitSeconds: number }> {
      return db.transaction(async (tx) => {
        const locks = sql.join(
          [...new Set(keys)].map((k) => sql`${`login-throttle:${k}`}`),
          sql`, `,
        );
        // In a fixed order, so two attempts sharing keys never deadlock.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM (SELECT unnest(ARRAY[${locks}]::text[]) AS k ORDER BY 1) AS keys`,
        );
        const rows = await tx
          .select({ key: loginFailures.key, n: count(), oldest: sql<string>`min(${loginFailures.failedAt})` })
          .from(loginFailures)
          .where(and(inArray(loginFailures.key, keys), gt(loginFailures.failedAt, windowStart)))
          .groupBy(loginFailures.key);
        const blocked = rows.filter((r) => r.n >= MAX_FAILURES_PER_WINDOW);
        if (blocked.length > 0) {
          const oldest = Math.min(...blocked.map((r) => new Date(r.oldest).getTime()));
          return {
            waitSeconds: Math.max(1, Math.ceil((oldest + WINDOW_SECONDS * 1000 - Date.now()) / 1000)),
          };
        }
        const inserted = await tx
          .insert(loginFailures)
          .values(keys.map((key) => ({ key })))
          .returning({ id: loginFailures.id });
        return { attempt: { ids: inserted.map((r) => r.id) } };
      });
    },
    /** The attempt was a failure: its records stay, and old ones go. */
    async failed(): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, sql`now() - interval '1 hour'`));
    },
    /** The password was right: this attempt and the account's earlier failures are forgotten. */
    async succeeded(attempt: Attempt, accountKey: string): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.id, attempt.ids));
      await db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey]));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
