import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, type UserRow, users } from '../db/schema.js';

/** How stale `last_seen_at` may get before a request writes it again (not every request writes). */
const SEEN_EVERY = sql.raw(`interval '1 minute'`);

/** The user's sign-ins (`sessions`): started at each sign-in, seen as tokens are used, ended at will. */
export function createSessionStore(db: Db) {
  // Built once and kept: every signed-in request runs it, and building it anew cost more than reading.
  const userWithSignIn = db
    .select({
      user: users,
      signInId: sessions.id,
      endedAt: sessions.endedAt,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - ${SEEN_EVERY}`,
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('signInId')), eq(sessions.ownerId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_with_sign_in');
  return {
    /** A new sign-in (on the device of `deviceHash`, when known); answers its id (the tokens' `sid`). */
    async start(ownerId: string, userAgent: string, deviceHash: string | null = null): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ ownerId, userAgent: userAgent.slice(0, 300), deviceHash })
        .returning({ id: sessions.id });
      if (!row) throw new Error('insert into sessions returned no row');
      return row.id;
    },

    /**
     * A token's user and, when it names one, its sign-in (null when there is no such sign-in of
     * theirs): whether it still stands and whether its `last_seen_at` is over a minute old. Every
     * signed-in call asks, so it is one read: the user by its key, the sign-in by its key.
     */
    async userOf(
      userId: string,
      id: string | null,
    ): Promise<{ user: UserRow; signIn: { standing: boolean; stale: boolean } | null } | undefined> {
      if (id === null) {
        const [user] = await db.select().from(users).where(eq(users.id, userId));
        return user && { user, signIn: null };
      }
      const [row] = await userWithSignIn.execute({ userId, signInId: id });
      if (!row) return undefined;
      const signIn = row.signInId === null ? null : { standing: row.endedAt === null, stale: row.stale };
      return { user: row.user, signIn };
    },

    /** Notes that the sign-in was just used (see `userOf`: only when the last note is stale). */
    async seen(id: string): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
    },

    /**
     * Whether the device signed in to this account before (`owner`), or to any account (null): a sign-in
     * since ended counts, as signing out does not make a device unknown.
     */
    async knownDevice(deviceHash: string, ownerId: string | null): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.deviceHash, deviceHash), ownerId ? eq(sessions.ownerId, ownerId) : undefined))
        .limit(1);
      return row !== undefined;
    },

    /** The sign-ins that still stand, newest first. */
    list(ownerId: string) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.ownerId, ownerId), isNull(sessions.endedAt)))
        .orderBy(desc(sessions.lastSeenAt));
    },

    /** Ends one of the owner's sign-ins; answers whether there was such a one standing. */
    async end(ownerId: string, id: string): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(sessions.id, id), eq(sessions.ownerId, ownerId), isNull(sessions.endedAt)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** Ends every sign-in of the owner but `keep` (all of them when it is null). */
    async endAllBut(ownerId: string, keep: string | null): Promise<void> {
      await db
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(
          and(
            eq(sessions.ownerId, ownerId),
            isNull(sessions.endedAt),
            keep ? ne(sessions.id, keep) : undefined,
          ),
        );
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
