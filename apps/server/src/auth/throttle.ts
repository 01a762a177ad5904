import { inArray, lt, or, sql } from 'drizzle-orm';
import { textArray } from '../db/array-params.js';
import { type Db, queryRows } from '../db/client.js';
import { loginFailures } from '../db/schema.js';

/** Failures let through before waiting, then a wait of `firstWaitSeconds` doubling at each failure up to the cap. */
export interface Backoff {
  free: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
}

/** One account from one address (and one known device of the account). */
export const PAIR_BACKOFF: Backoff = { free: 5, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 };
/** One address, whatever the accounts it tries. */
export const ADDRESS_BACKOFF: Backoff = { free: 20, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 };
/** One account from unknown devices, counted in addresses that failed on it: only a spread attack reaches it. */
export const ACCOUNT_BACKOFF: Backoff = { free: 10, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 };
/** Failures older than this are forgotten. */
export const FORGET_AFTER_HOURS = 24;

/** Seconds to wait after the last of `failures` failures (0: none). */
export function waitAfter(failures: number, backoff: Backoff): number {
  if (failures < backoff.free) return 0;
  return Math.min(backoff.maxWaitSeconds, backoff.firstWaitSeconds * 2 ** (failures - backoff.free));
}

const remaining = (wait: number, ago: number) => (wait > 0 ? Math.max(0, wait - ago) : 0);

/**
 * Who is signing in: the account tried (`user:<id>`, or `login:<name>` when there is no such account),
 * from which address, and `knownDevice`, the hash of a device this account signed in on before (null
 * when the request showed none).
 */
export interface Signer {
  account: string;
  address: string;
  knownDevice: string | null;
}

/** A sign-in attempt let through: its records, counted as failures until the password proves right. */
export interface Attempt {
  ids: number[];
  /** The key the password's success clears: the pair's, or the known device's. */
  ownKey: string;
}

const forgetBefore = sql`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`;
// A check still pending counts as failing now; one pending over a minute was cut off (a crash) and
// counts from when it began. The clock, not the transaction's start (`now()`): an attempt may have
// waited for its locks while others recorded theirs.
const lastFailure = sql`max(CASE WHEN ${loginFailures.pending} AND ${loginFailures.failedAt} > clock_timestamp() - interval '1 minute' THEN clock_timestamp() ELSE ${loginFailures.failedAt} END)`;
const secondsSinceLast = sql`greatest(0, extract(epoch FROM clock_timestamp() - ${lastFailure}))::float8`;

/**
 * Sign-in guessing throttle, kept in the database so every API replica sees the same counts, with
 * exponential backoff rather than a fixed lockout, on keys an attacker elsewhere cannot fill for
 * someone else:
 * - `pair:<account>|<address>`: one account from one address (PAIR_BACKOFF);
 * - `address:<address>`: one address across accounts (ADDRESS_BACKOFF);
 * - the account itself, counted in distinct addresses that failed on it (ACCOUNT_BACKOFF), so one
 *   address can never lock it, and many only for devices it has not signed in on;
 * - `device:<account>|<hash>`: a device the account signed in on before (a browser's device cookie)
 *   is held to its own key alone, like a pair, so guessing elsewhere never keeps its owner out.
 *
 * Reading a key's failures and recording the attempt is one transaction under a lock per key, so of
 * many guesses sent at once exactly the free number reach a password check; the attempt's records stay
 * pending (counting as a failure now) until the check ends.
 */
export function createLoginThrottle(db: Db) {
  return {
    /** Records the attempt on its keys when none says wait; else answers the seconds to wait. */
    attempt(signer: Signer): Promise<{ attempt: Attempt } | { waitSeconds: number }> {
      const { account, address, knownDevice } = signer;
      const keyed: { key: string; account: string | null; backoff: Backoff }[] = knownDevice
        ? [{ key: `device:${account}|${knownDevice}`, account, backoff: PAIR_BACKOFF }]
        : [
            { key: `pair:${account}|${address}`, account, backoff: PAIR_BACKOFF },
            { key: `address:${address}`, account: null, backoff: ADDRESS_BACKOFF },
          ];
      const keys = keyed.map((k) => k.key);
      const lockKeys = knownDevice ? keys : [...keys, `account:${account}`];
      return db.transaction(async (tx) => {
        const locks = sql.join(
          lockKeys.map((k) => sql`${`login-throttle:${k}`}`),
          sql`, `,
        );
        // In a fixed order, so two attempts sharing keys never deadlock.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM (SELECT unnest(ARRAY[${locks}]::text[]) AS k ORDER BY 1) AS keys`,
        );
        const counted = await queryRows<{ key: string; n: number; ago: number }>(
          tx,
          sql`SELECT ${loginFailures.key} AS key, count(*)::int AS n, ${secondsSinceLast} AS ago
              FROM ${loginFailures}
              WHERE ${loginFailures.key} = ANY(${textArray(keys)})
                AND ${loginFailures.failedAt} > ${forgetBefore}
              GROUP BY ${loginFailures.key}`,
        );
        const waits = keyed.map(({ key, backoff }) => {
          const found = counted.find((c) => c.key === key);
          return found ? remaining(waitAfter(found.n, backoff), found.ago) : 0;
        });
        if (!knownDevice) {
          const [spread] = await queryRows<{ n: number; ago: number | null }>(
            tx,
            sql`SELECT count(DISTINCT ${loginFailures.key})::int AS n, ${secondsSinceLast} AS ago
                FROM ${loginFailures}
                WHERE ${loginFailures.account} = ${account} AND ${loginFailures.key} LIKE 'pair:%'
                  AND ${loginFailures.failedAt} > ${forgetBefore}`,
          );
          if (spread && spread.ago !== null)
            waits.push(remaining(waitAfter(spread.n, ACCOUNT_BACKOFF), spread.ago));
        }
        const wait = Math.max(0, ...waits);
        if (wait > 0) return { waitSeconds: Math.max(1, Math.ceil(wait)) };
        const inserted = await tx
          .insert(loginFailures)
          .values(keyed.map(({ key, account: of }) => ({ key, account: of, pending: true })))
          .returning({ id: loginFailures.id });
        return { attempt: { ids: inserted.map((r) => r.id), ownKey: keys[0] as string } };
      });
    },

    /** The password was wrong: the attempt's records count from now; failures over a day old go. */
    async failed(attempt: Attempt): Promise<void> {
      await db
        .update(loginFailures)
        .set({ pending: false, failedAt: sql`now()` })
        .where(inArray(loginFailures.id, attempt.ids));
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, forgetBefore));
    },

    /** The password was right: this attempt, and the failures of its pair (or known device), are forgotten. */
    async succeeded(attempt: Attempt): Promise<void> {
      await db
        .delete(loginFailures)
        .where(or(inArray(loginFailures.id, attempt.ids), inArray(loginFailures.key, [attempt.ownKey])));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
