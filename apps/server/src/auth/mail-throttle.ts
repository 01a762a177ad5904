import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mailRequests } from '../db/schema.js';

/** A key and how many requests it may make in its window. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Rows older than this are of no window any more and are removed as requests come. */
const KEEP_HOURS = 24;

/**
 * Throttle of the requests that send mail (password resets, verification links), in the database so
 * every API replica counts alike: by the address asked for, the account and the client. As with the
 * sign-in throttle, counting and recording are one transaction under a lock per key, so requests sent
 * at once cannot slip past the limit together. Every request counts, whether or not mail was sent, so
 * the answers say nothing about which addresses have accounts.
 */
export function createMailThrottle(db: Db) {
  return {
    /** Records the request on every key; or, when one is at its limit, records nothing and answers the seconds to wait. */
    take(limits: Limit[]): Promise<{ ok: true } | { waitSeconds: number }> {
      const keys = [...new Set(limits.map((l) => l.key))];
      return db.transaction(async (tx) => {
        const locks = sql.join(
          keys.map((k) => sql`${`mail-throttle:${k}`}`),
          sql`, `,
        );
        // In a fixed order, so two requests sharing keys never deadlock.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM (SELECT unnest(ARRAY[${locks}]::text[]) AS k ORDER BY 1) AS keys`,
        );
        const longest = Math.max(...limits.map((l) => l.windowSeconds));
        const rows = await tx
          .select({ key: mailRequests.key, at: mailRequests.requestedAt })
          .from(mailRequests)
          .where(
            and(
              inArray(mailRequests.key, keys),
              gt(mailRequests.requestedAt, sql`now() - make_interval(secs => ${longest})`),
            ),
          );
        const now = Date.now();
        let wait = 0;
        for (const limit of limits) {
          const since = now - limit.windowSeconds * 1000;
          const times = rows
            .filter((r) => r.key === limit.key && r.at.getTime() > since)
            .map((r) => r.at.getTime())
            .sort((a, b) => a - b);
          if (times.length < limit.max) continue;
          // The request that frees a place is the oldest of the last `max`.
          const frees = (times[times.length - limit.max] as number) + limit.windowSeconds * 1000;
          wait = Math.max(wait, Math.ceil((frees - now) / 1000));
        }
        if (wait > 0) return { waitSeconds: wait };
        await tx.insert(mailRequests).values(keys.map((key) => ({ key })));
        await tx
          .delete(mailRequests)
          .where(lt(mailRequests.requestedAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
        return { ok: true as const };
      });
    },
  };
}

export type MailThrottle = ReturnType<typeof createMailThrottle>;
