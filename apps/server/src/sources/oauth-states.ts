import { createHash } from 'node:crypto';
import type { AgeConfirmation } from '@easio/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../db/client.js';
import { oauthStates } from '../db/schema.js';

/** How long a user may take on the provider's consent screen. */
const STATE_TTL_MS = 15 * 60 * 1000;

export type OAuthPurpose = 'signin' | 'connect';

export interface OAuthRoundTrip {
  state: string;
  codeVerifier: string;
  codeChallenge: string;
  nonce: string;
}

export interface PendingOAuth {
  purpose: OAuthPurpose;
  ownerId: string | null;
  provider: string;
  redirectPath: string;
  codeVerifier: string;
  nonce: string | null;
  /** Sign up with Google: how the new account meets the age rule. */
  ageConfirmation?: AgeConfirmation | null;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * OAuth round trips in flight. The state is random, stored only hashed, expires, and is taken at most
 * once: a replayed or forged state finds nothing.
 */
export function createOAuthStates(db: Db) {
  return {
    async begin(pending: Omit<PendingOAuth, 'codeVerifier' | 'nonce'>): Promise<OAuthRoundTrip> {
      const state = oidc.randomState();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
      await db.insert(oauthStates).values({
        stateHash: hashOf(state),
        purpose: pending.purpose,
        ownerId: pending.ownerId,
        provider: pending.provider,
        redirectPath: pending.redirectPath,
        codeVerifier,
        nonce,
        ageConfirmation: pending.ageConfirmation ?? null,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      return {
        state,
        codeVerifier,
        nonce,
        codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      };
    },

    /** The round trip `state` began, removed so it cannot be used again; null when unknown or expired. */
    async take(state: string, purpose: OAuthPurpose, provider: string): Promise<PendingOAuth | null> {
      const [row] = await db
        .delete(oauthStates)
        .where(
          and(
            eq(oauthStates.stateHash, hashOf(state)),
            eq(oauthStates.purpose, purpose),
            eq(oauthStates.provider, provider),
            gt(oauthStates.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!row) return null;
      return {
        purpose: row.purpose as OAuthPurpose,
        ownerId: row.ownerId,
        provider: row.provider,
        redirectPath: row.redirectPath,
        codeVerifier: row.codeVerifier,
        nonce: row.nonce,
        ageConfirmation: row.ageConfirmation,
      };
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthStates>;
