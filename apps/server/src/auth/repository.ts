import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects, type UserRow, users } from '../db/schema.js';

const lower = (column: typeof users.email | typeof users.username) => sql`lower(${column})`;

export type NewUser = Pick<UserRow, 'username' | 'email' | 'passwordHash' | 'region'> &
  Partial<
    Pick<
      UserRow,
      'googleSub' | 'firstName' | 'lastName' | 'emailVerifiedAt' | 'ageConfirmation' | 'ageConfirmedAt'
    >
  >;
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'username'
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'gender'
    | 'dob'
    | 'picture'
    | 'region'
    | 'phoneNumber'
    | 'whatsappActive'
    | 'notificationPrefs'
    | 'onboardingCompleted'
    | 'emailVerifiedAt'
  >
>;

export function createUserRepository(db: Db) {
  return {
    /** The user whose e-mail or username is `login` (case-insensitive). */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const value = login.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(lower(users.email), value), eq(lower(users.username), value)))
        .limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(lower(users.email), email.toLowerCase()))
        .limit(1);
      return row;
    },

    async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row;
    },

    /** `base`, or `base` with the smallest number that makes it free (case-insensitive). */
    async freeUsername(base: string): Promise<string> {
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) LIKE ${`${base.toLowerCase().replace(/[_%\\]/g, '\\$&')}%`}`);
      const taken = new Set(rows.map((r) => r.username.toLowerCase()));
      if (!taken.has(base.toLowerCase())) return base;
      for (let n = 2; ; n++) {
        const candidate = `${base.slice(0, 32 - String(n).length)}${n}`;
        if (!taken.has(candidate.toLowerCase())) return candidate;
      }
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Which of the e-mail and username already belong to someone other than `exceptId`. */
    async taken(fields: { email?: string; username?: string }, exceptId?: string) {
      const conditions = [];
      if (fields.email) conditions.push(eq(lower(users.email), fields.email.toLowerCase()));
      if (fields.username) conditions.push(eq(lower(users.username), fields.username.toLowerCase()));
      if (conditions.length === 0) return { email: false, username: false };
      const rows = await db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(or(...conditions));
      const others = rows.filter((r) => r.id !== exceptId);
      return {
        email: !!fields.email && others.some((r) => r.email.toLowerCase() === fields.email?.toLowerCase()),
        username:
          !!fields.username &&
          others.some((r) => r.username.toLowerCase() === fields.username?.toLowerCase()),
      };
    },

    /** The user and their root folder, in one transaction: never one without the other. */
    async createWithRootFolder(user: NewUser): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values(user).returning({ id: users.id });
        if (!created) throw new Error('insert into users returned no row');
        const [root] = await tx
          .insert(objects)
          .values({ ownerId: created.id, dataType: 'root_object', name: 'My Desk', source: 'easio' })
          .returning({ id: objects.id });
        if (!root) throw new Error('insert into objects returned no row');
        const [row] = await tx
          .update(users)
          .set({ rootFolder: root.id })
          .where(eq(users.id, created.id))
          .returning();
        if (!row) throw new Error('update of users returned no row');
        return row;
      });
    },

    /** Retires every token issued before this second (sign-out everywhere). */
    async retireTokens(id: string): Promise<void> {
      await db
        .update(users)
        .set({ tokensValidAfter: sql`date_trunc('second', now())`, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    /** Applies `patch`; with `passwordHash`, also sets the password and retires tokens issued before this second. */
    async update(id: string, patch: UserPatch, passwordHash?: string): Promise<UserRow> {
      const password = passwordHash
        ? { passwordHash, tokensValidAfter: sql`date_trunc('second', now())` }
        : {};
      const [row] = await db
        .update(users)
        .set({ ...patch, ...password, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished during update`);
      return row;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
