import * as oidc from 'openid-client';
import { z } from 'zod';
import { describeOAuthError as describe, type OAuthTokens, tokensFrom } from '../oauth-tokens.js';
import { OAuthError } from '../provider-errors.js';

/** The signed-in Google account, from a verified ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

export interface CodeExchange {
  tokens: OAuthTokens;
  scopes: string[];
  identity: GoogleIdentity | null;
}

const identityClaims = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.string().url().optional(),
});

export interface GoogleOAuthOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Google's OAuth 2.0 / OpenID Connect, through openid-client: the endpoints come from the issuer's
 * discovery document (read once, again after a failure), so tests point the issuer at loopback.
 */
export function createGoogleOAuth({ issuer, clientId, clientSecret }: GoogleOAuthOptions) {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= (async () => {
      const url = new URL(issuer);
      const options = url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
      return oidc.discovery(url, clientId, clientSecret, undefined, options);
    })().catch((error: unknown) => {
      discovered = null;
      throw new OAuthError(`Google's sign-in service could not be reached (${describe(error)})`);
    });
    return discovered;
  };

  const tokensOf = tokensFrom;

  return {
    async authorizationUrl(params: {
      redirectUri: string;
      scopes: string[];
      state: string;
      codeChallenge: string;
      nonce: string;
      /** Ask for a refresh token (imports run while the user is away). */
      offline: boolean;
      loginHint?: string;
    }): Promise<string> {
      const config = await configuration();
      const query: Record<string, string> = {
        redirect_uri: params.redirectUri,
        scope: params.scopes.join(' '),
        response_type: 'code',
        state: params.state,
        nonce: params.nonce,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
      };
      if (params.offline) {
        query.access_type = 'offline';
        query.prompt = 'consent';
        query.include_granted_scopes = 'true';
      }
      if (params.loginHint) query.login_hint = params.loginHint;
      return oidc.buildAuthorizationUrl(config, query).href;
    },

    /** Trades the code the provider returned for tokens, checking state, PKCE and (with an ID token) nonce. */
    async exchangeCode(params: {
      /** The address the provider sent the browser back to, with its query (code, state…). */
      callbackUrl: URL;
      redirectUri: string;
      expectedState: string;
      codeVerifier: string;
      nonce: string | null;
      idTokenExpected: boolean;
    }): Promise<CodeExchange> {
      const config = await configuration();
      let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        response = await oidc.authorizationCodeGrant(
          config,
          params.callbackUrl,
          {
            expectedState: params.expectedState,
            pkceCodeVerifier: params.codeVerifier,
            expectedNonce: params.nonce ?? undefined,
            idTokenExpected: params.idTokenExpected,
          },
          { redirect_uri: params.redirectUri },
        );
      } catch (error) {
        throw new OAuthError(`Google did not accept the sign-in (${describe(error)})`);
      }
      const claims = response.claims();
      let identity: GoogleIdentity | null = null;
      if (claims) {
        const parsed = identityClaims.safeParse(claims);
        if (!parsed.success) throw new OAuthError('Google did not say which e-mail address signed in');
        identity = {
          sub: parsed.data.sub,
          email: parsed.data.email,
          emailVerified: parsed.data.email_verified === true,
          name: parsed.data.name ?? '',
          picture: parsed.data.picture ?? null,
        };
      }
      return {
        tokens: tokensOf(response, null),
        scopes: (response.scope ?? '').split(/\s+/).filter(Boolean),
        identity,
      };
    },

    async refresh(tokens: OAuthTokens): Promise<OAuthTokens> {
      if (!tokens.refresh_token) throw new OAuthError('Google gave no refresh token: connect again');
      const config = await configuration();
      try {
        return tokensOf(await oidc.refreshTokenGrant(config, tokens.refresh_token), tokens.refresh_token);
      } catch (error) {
        throw new OAuthError(`Google refused the saved access: connect again (${describe(error)})`);
      }
    },

    /** Revokes the grant at Google (best effort: a provider without revocation only loses our copy). */
    async revoke(tokens: OAuthTokens): Promise<void> {
      const config = await configuration();
      if (!config.serverMetadata().revocation_endpoint) return;
      await oidc.tokenRevocation(config, tokens.refresh_token ?? tokens.access_token);
    },
  };
}

export type GoogleOAuth = ReturnType<typeof createGoogleOAuth>;
