import type { SourceConnectionRow } from '../db/schema.js';
import type { ConnectionStore } from './connections.js';
import type { OAuthTokens } from './oauth-tokens.js';
import type { AccessTokens } from './provider-http.js';

/** Refreshes this long before the provider's expiry, so a token never lapses mid-request. */
const EARLY_MS = 60_000;

export interface TokenRefresher {
  refresh(tokens: OAuthTokens): Promise<OAuthTokens>;
}

/**
 * A connection's access token: opened from its sealed copy, refreshed when about to expire or when
 * the provider refuses it, and the refreshed tokens sealed back. Concurrent callers share one refresh.
 */
export function connectionTokens(
  store: ConnectionStore,
  oauth: TokenRefresher,
  connection: Pick<SourceConnectionRow, 'id' | 'tokens'>,
): AccessTokens {
  let tokens = store.tokensOf(connection);
  let refreshing: Promise<string> | null = null;
  const refresh = () => {
    refreshing ??= (async () => {
      tokens = await oauth.refresh(tokens);
      await store.saveTokens(connection.id, tokens);
      return tokens.access_token;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
  return {
    async current() {
      if (refreshing) return refreshing;
      if (tokens.expires_at !== null && tokens.expires_at - EARLY_MS < Date.now()) return refresh();
      return tokens.access_token;
    },
    refresh,
  };
}
