import type * as oidc from 'openid-client';

/** What Easio keeps of a provider's tokens (sealed at rest). */
export interface OAuthTokens {
  access_token: string;
  refresh_token: string | null;
  /** Epoch milliseconds; null when the provider did not say. */
  expires_at: number | null;
}

/** The tokens of a token endpoint's answer; a refresh that names no new refresh token keeps the old one. */
export function tokensFrom(
  response: oidc.TokenEndpointResponse,
  previousRefresh: string | null,
): OAuthTokens {
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token ?? previousRefresh,
    expires_at: typeof response.expires_in === 'number' ? Date.now() + response.expires_in * 1000 : null,
  };
}

/** A provider's OAuth as the framework uses it after connecting: refresh and revoke. */
export interface ProviderGrant {
  refresh(tokens: OAuthTokens): Promise<OAuthTokens>;
  revoke(tokens: OAuthTokens): Promise<void>;
}

/** An error's message without any token: openid-client's messages name the failing check, never secrets. */
export function describeOAuthError(error: unknown): string {
  const e = error as { error?: unknown; error_description?: unknown };
  if (typeof e?.error_description === 'string') return e.error_description;
  if (typeof e?.error === 'string') return e.error;
  return error instanceof Error ? error.message : String(error);
}
