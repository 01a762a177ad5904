import * as oidc from 'openid-client';
import { z } from 'zod';
import { describeOAuthError as describe, type OAuthTokens, tokensFrom } from '../oauth-tokens.js';
import { OAuthError } from '../provider-errors.js';

export interface DropboxOAuthOptions {
  appKey: string;
  appSecret: string;
  /** `https://www.dropbox.com`: the consent page is `/oauth2/authorize` under it. */
  oauthUrl: string;
  /** `https://api.dropboxapi.com`: the token endpoint and the `/2/…` calls. */
  apiUrl: string;
}

const accountSchema = z.object({ email: z.string().optional(), account_id: z.string().optional() });

/**
 * Dropbox's OAuth 2 code flow (PKCE, state, offline access for a refresh token) through openid-client,
 * with Dropbox's endpoints given rather than discovered (Dropbox publishes no discovery document for it).
 */
export function createDropboxOAuth({ appKey, appSecret, oauthUrl, apiUrl }: DropboxOAuthOptions) {
  const base = (url: string) => url.replace(/\/+$/, '');
  const config = new oidc.Configuration(
    {
      issuer: base(oauthUrl),
      authorization_endpoint: `${base(oauthUrl)}/oauth2/authorize`,
      token_endpoint: `${base(apiUrl)}/oauth2/token`,
    },
    appKey,
    undefined,
    oidc.ClientSecretPost(appSecret),
  );
  if (new URL(apiUrl).protocol === 'http:') oidc.allowInsecureRequests(config);

  return {
    authorizationUrl(params: { redirectUri: string; state: string; codeChallenge: string }): string {
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: params.redirectUri,
        response_type: 'code',
        state: params.state,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
        token_access_type: 'offline',
      }).href;
    },

    async exchangeCode(params: {
      callbackUrl: URL;
      redirectUri: string;
      expectedState: string;
      codeVerifier: string;
    }): Promise<{ tokens: OAuthTokens; scopes: string[]; email: string | null }> {
      let response: oidc.TokenEndpointResponse;
      try {
        response = await oidc.authorizationCodeGrant(
          config,
          params.callbackUrl,
          { expectedState: params.expectedState, pkceCodeVerifier: params.codeVerifier },
          { redirect_uri: params.redirectUri },
        );
      } catch (error) {
        throw new OAuthError(`Dropbox did not accept the connection (${describe(error)})`);
      }
      const tokens = tokensFrom(response, null);
      return {
        tokens,
        scopes: typeof response.scope === 'string' ? response.scope.split(/\s+/).filter(Boolean) : [],
        email: await accountEmail(tokens.access_token),
      };
    },

    async refresh(tokens: OAuthTokens): Promise<OAuthTokens> {
      if (!tokens.refresh_token) throw new OAuthError('Dropbox gave no refresh token: connect again');
      try {
        return tokensFrom(await oidc.refreshTokenGrant(config, tokens.refresh_token), tokens.refresh_token);
      } catch (error) {
        throw new OAuthError(`Dropbox refused the saved access: connect again (${describe(error)})`);
      }
    },

    /** `auth/token/revoke` (Dropbox's own call, not RFC 7009): with a fresh token when the saved one expired. */
    async revoke(tokens: OAuthTokens): Promise<void> {
      const live =
        tokens.expires_at !== null && tokens.expires_at < Date.now() ? await this.refresh(tokens) : tokens;
      const res = await fetch(`${base(apiUrl)}/2/auth/token/revoke`, {
        method: 'POST',
        headers: { authorization: `Bearer ${live.access_token}` },
      });
      await res.body?.cancel();
      if (!res.ok) throw new OAuthError(`Dropbox answered ${res.status} to the revocation`);
    },
  };

  /** The account's e-mail (`users/get_current_account`), shown beside the connection; null if Dropbox will not say. */
  async function accountEmail(accessToken: string): Promise<string | null> {
    try {
      const res = await fetch(`${base(apiUrl)}/2/users/get_current_account`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (!res.ok) return null;
      return accountSchema.parse(await res.json()).email ?? null;
    } catch {
      return null;
    }
  }
}

export type DropboxOAuth = ReturnType<typeof createDropboxOAuth>;
