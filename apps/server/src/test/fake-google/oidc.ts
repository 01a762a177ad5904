import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

export interface FakeAccount {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
  picture?: string;
}

export interface OidcControls {
  /** Who the next visitor to the consent screen signs in as. */
  account: FakeAccount;
  /** The consent screen answers `access_denied` instead. */
  deny: boolean;
  /** Scopes the consent screen leaves out of the grant. */
  withhold: string[];
}

/**
 * A real OpenID Connect provider (oidc-provider) standing in for accounts.google.com: discovery, PKCE,
 * ID tokens, refresh tokens, revocation. Its consent screen answers at once for `controls.account`.
 */
export function createOidcProvider(
  issuer: string,
  client: { id: string; secret: string; redirectUris: string[] },
  scopes: string[],
  controls: OidcControls,
) {
  const accounts = new Map<string, FakeAccount>();
  const configuration: Configuration = {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'email', 'profile', 'offline_access', ...scopes],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          ...(account.picture ? { picture: account.picture } : {}),
        }),
      };
    },
    // Like Google, the ID token carries the e-mail and profile claims the scopes asked for.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    issueRefreshToken: async () => true,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['fake-google-cookie-key'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      RefreshToken: 86400,
      Interaction: 600,
      Session: 600,
      Grant: 86400,
    },
  };
  const provider = new Provider(issuer, configuration);

  /** Signs in and consents at once, as `controls` say. */
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (controls.deny) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied access' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      accounts.set(controls.account.sub, controls.account);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: controls.account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId ?? controls.account.sub;
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    const requested = String(details.params.scope ?? '')
      .split(' ')
      .filter((s) => s && !controls.withhold.includes(s));
    grant.addOIDCScope(requested.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    provider,
    callback: provider.callback(),
    interaction,
    /** The grant an access token stands for, or null when unknown, expired or revoked. */
    async verify(token: string): Promise<{ scopes: string[]; issuedAt: number } | null> {
      const found = await provider.AccessToken.find(token);
      if (!found || found.isExpired) return null;
      return { scopes: [...found.scopes], issuedAt: found.iat ?? 0 };
    },
  };
}
