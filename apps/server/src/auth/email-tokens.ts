import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { emailTokens } from '../db/schema.js';

export type EmailTokenPurpose = 'reset_password' | 'verify_email';

/** What a valid token stands for. */
export interface EmailTokenGrant {
  userId: string;
  email: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Spent and expired tokens are kept this long (to tell "already used" in support), then removed. */
const KEEP_DAYS = 7;

/**
 * The single-use tokens of links sent by e-mail. A token is 32 random bytes (base64url) that only the
 * mail holds: the database keeps its SHA-256, so a copy of the database opens no account.
 */
export function createEmailTokens(db: Db) {
  const usable = (purpose: EmailTokenPurpose, token: string) =>
    and(
      eq(emailTokens.tokenHash, hashOf(token)),
      eq(emailTokens.purpose, purpose),
      isNull(emailTokens.usedAt),
      gt(emailTokens.expiresAt, sql`now()`),
    );

  return {
    /** A new token for the user and address, valid `seconds`; answers the token itself (for the link). */
    async issue(purpose: EmailTokenPurpose, grant: EmailTokenGrant, seconds: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(emailTokens).values({
        userId: grant.userId,
        purpose,
        tokenHash: hashOf(token),
        email: grant.email.toLowerCase(),
        expiresAt: sql`now() + make_interval(secs => ${seconds})`,
      });
      await db
        .delete(emailTokens)
        .where(lt(emailTokens.expiresAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
      return token;
    },

    /** What the token grants while it is unspent and unexpired, without spending it. */
    async peek(purpose: EmailTokenPurpose, token: string): Promise<EmailTokenGrant | null> {
      const [row] = await db
        .select({ userId: emailTokens.userId, email: emailTokens.email })
        .from(emailTokens)
        .where(usable(purpose, token));
      return row ?? null;
    },

    /**
     * Spends the token (on `tx`, inside the caller's transaction): one statement, so of two uses at once
     * only one gets the grant. The user's other unspent tokens of that purpose are spent with it.
     */
    async spend(tx: Db, purpose: EmailTokenPurpose, token: string): Promise<EmailTokenGrant | null> {
      const [row] = await tx
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(usable(purpose, token))
        .returning({ userId: emailTokens.userId, email: emailTokens.email });
      if (!row) return null;
      await tx
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailTokens.userId, row.userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        );
      return row;
    },
  };
}

export type EmailTokens = ReturnType<typeof createEmailTokens>;
