import { createHash, randomBytes } from 'node:crypto';
import type { ApiToken, ApiTokenScope } from '@easio/shared';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type ApiTokenRow, apiTokens, type UserRow, users } from '../db/schema.js';

/** Every token starts so, which tells it from a session token (and secret scanners can find it). */
const PREFIX = 'easio_';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const view = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiTokenScope[],
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export const isApiToken = (token: string) => token.startsWith(PREFIX);

/** The user's API tokens: made (the secret shown once), listed with their last use, revoked, checked. */
export function createApiTokens(db: Db) {
  return {
    async create(ownerId: string, name: string, scopes: ApiTokenScope[]) {
      const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(apiTokens)
        .values({
          ownerId,
          name,
          scopes: [...new Set(scopes)],
          tokenHash: hashOf(token),
          prefix: token.slice(0, 12),
        })
        .returning();
      if (!row) throw new Error('token not saved');
      return { ...view(row), token };
    },

    async list(ownerId: string): Promise<ApiToken[]> {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.ownerId, ownerId), isNull(apiTokens.revokedAt)))
        .orderBy(desc(apiTokens.createdAt));
      return rows.map(view);
    },

    /** False when the user has no such token (another user's is not theirs to revoke). */
    async revoke(ownerId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiTokens.id, id), eq(apiTokens.ownerId, ownerId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },

    /** The user and scopes of a live token; its last use noted (at most once a minute, to spare writes). */
    async check(token: string): Promise<{ user: UserRow; scopes: ApiTokenScope[] } | null> {
      if (!isApiToken(token) || token.length > 200) return null;
      const [found] = await db
        .select({ token: apiTokens, user: users })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.ownerId))
        .where(and(eq(apiTokens.tokenHash, hashOf(token)), isNull(apiTokens.revokedAt)));
      if (!found) return null;
      await db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(apiTokens.id, found.token.id),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
          ),
        );
      return { user: found.user, scopes: found.token.scopes as ApiTokenScope[] };
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
