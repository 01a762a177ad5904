import { eq, inArray, sql } from 'drizzle-orm';
import { hasPassword, verifyPassword } from '../auth/passwords.js';
import { type Db, queryRows } from '../db/client.js';
import { loginFailures, objects, type UserRow, users } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

export const WRONG_PASSWORD = 'Password is incorrect';
export const WRONG_EMAIL = 'Type the e-mail address of this account to confirm';

/** The job queue's tables (pg-boss), when this database has them: jobs name users and their items. */
const JOB_TABLES = ['pgboss.job', 'pgboss.archive'] as const;

/**
 * Erases an account, after checking its password: in one transaction the user row goes, and with it
 * (by cascade) every object, recommendation, filing event, run, download ticket and search word; also
 * the sign-in throttle's entries and queued jobs that name the user or their items. Their tokens stop
 * working at once (no user to stand for). Answers the blob keys the objects used, for the caller to
 * release after the commit (a blob another account shares stays).
 */
export async function deleteAccount(
  db: Db,
  user: UserRow,
  password: string,
): Promise<{ blobKeys: string[]; thumbnailKeys: string[] }> {
  // An account without a password (made with Google) confirms with its e-mail address instead.
  const confirmed = hasPassword(user.passwordHash)
    ? await verifyPassword(user.passwordHash, password)
    : password.trim().toLowerCase() === user.email.toLowerCase();
  if (!confirmed) {
    const message = hasPassword(user.passwordHash) ? WRONG_PASSWORD : WRONG_EMAIL;
    throw new HttpError(400, message, {}, [{ path: 'password', message }]);
  }
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: objects.id, blob: objects.blobKey, thumb: objects.thumbnailKey })
      .from(objects)
      .where(eq(objects.ownerId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await tx
      .delete(loginFailures)
      .where(
        inArray(loginFailures.account, [
          `user:${user.id}`,
          `login:${user.email.toLowerCase()}`,
          `login:${user.username.toLowerCase()}`,
        ]),
      );
    const ids = owned.map((o) => o.id);
    for (const table of JOB_TABLES) {
      const [exists] = await queryRows<{ found: string | null }>(
        tx,
        sql`SELECT to_regclass(${table})::text AS found`,
      );
      if (!exists?.found) continue;
      await tx.execute(
        sql`DELETE FROM ${sql.raw(table)}
            WHERE data->>'ownerId' = ${user.id}
               OR data->>'objectId' = ANY(${`{${ids.join(',')}}`}::text[])`,
      );
    }
    return {
      blobKeys: owned.flatMap((o) => (o.blob ? [o.blob] : [])),
      thumbnailKeys: owned.flatMap((o) => (o.thumb ? [o.thumb] : [])),
    };
  });
}
