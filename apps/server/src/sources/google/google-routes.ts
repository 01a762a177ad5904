import {
  ageConfirmationRule,
  type ConnectionService,
  googleConnectReturnSchema,
  googleStoreTokenQuerySchema,
  googleStoreTokenResultSchema,
  importStartedSchema,
  MESSAGES,
  SERVICE_LABEL,
} from '@easio/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import type { AuthService } from '../../auth/service.js';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { ConnectionStore } from '../connections.js';
import type { OAuthStates } from '../oauth-states.js';
import { OAuthError } from '../provider-errors.js';
import type { SourcesService } from '../service.js';
import type { GoogleOAuth } from './google-oauth.js';
import { GOOGLE_IDENTITY_SCOPES, GOOGLE_SERVICE_SCOPES, grantedServices } from './google-sources.js';

export const GOOGLE_NOT_CONFIGURED = 'Google is not configured on this server';
export const STATE_REFUSED = 'This Google sign-in link has expired or was already used: please try again';
export const GOOGLE_DENIED = 'Google access was not granted, so nothing was connected';
const NOTHING_GRANTED = 'Google did not grant access to any service Easio imports';

export interface GoogleRouteDeps {
  db: Db;
  /** Null when this server has no Google credentials: every call says so plainly. */
  google: GoogleOAuth | null;
  states: OAuthStates;
  auth: AuthService;
  store: ConnectionStore;
  sources: SourcesService;
  /** The services this server can import from Google. */
  services: ConnectionService[];
  publicUrl: string;
}

const signInQuery = z.object({
  redirect_path: z.enum(['login', 'signup']).default('login'),
  /** Required from the sign-up page: the account Google makes keeps it, as a sign-up by password does. */
  age_confirmation: ageConfirmationRule.optional(),
});
const callbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});
const connectQuery = z.object({
  /** Which services to ask for (comma-separated); default: Google Drive. */
  services: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : ['gdrive'])),
});

/**
 * Sign in with Google (`/auth/login` → Google → `/auth/google/callback` → the app, with the session in
 * the query as the spec has it) and connecting Google's services (`/google/get_auth_url`, the app
 * relaying the return to `/google/store_token`, then `/google/import_gdrive`).
 */
export async function googleRoutes(app: FastifyInstance, deps: GoogleRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { google, states, publicUrl } = deps;
  const signInReturn = `${publicUrl}/api/auth/google/callback`;
  const back = (reply: FastifyReply, path: string, query: Record<string, string>) =>
    reply
      .header('referrer-policy', 'no-referrer')
      .redirect(`/${path}?${new URLSearchParams(query).toString()}`);
  const requireGoogle = () => {
    if (!google) throw new HttpError(503, GOOGLE_NOT_CONFIGURED);
    return google;
  };

  r.get(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Google (browser navigation)',
        querystring: signInQuery,
      },
    },
    async (request, reply) => {
      const path = request.query.redirect_path;
      const ageConfirmation = request.query.age_confirmation ?? null;
      if (!google) return back(reply, path, { error: GOOGLE_NOT_CONFIGURED });
      if (path === 'signup' && !ageConfirmation) {
        return back(reply, path, { error: MESSAGES.ageConfirmationRequired });
      }
      try {
        const trip = await states.begin({
          purpose: 'signin',
          ownerId: null,
          provider: 'google',
          redirectPath: path,
          ageConfirmation,
        });
        const url = await google.authorizationUrl({
          redirectUri: signInReturn,
          scopes: GOOGLE_IDENTITY_SCOPES,
          state: trip.state,
          codeChallenge: trip.codeChallenge,
          nonce: trip.nonce,
          offline: false,
        });
        return reply.redirect(url);
      } catch (error) {
        if (error instanceof OAuthError) return back(reply, path, { error: error.message });
        throw error;
      }
    },
  );

  r.get(
    '/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "Google's return from Sign in with Google (browser navigation)",
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const { state, code, error } = request.query;
      const pending = state ? await states.take(state, 'signin', 'google') : null;
      if (!pending) return back(reply, 'login', { error: STATE_REFUSED });
      const path = pending.redirectPath;
      if (error || !code) return back(reply, path, { error: GOOGLE_DENIED });
      try {
        const exchange = await requireGoogle().exchangeCode({
          callbackUrl: new URL(request.url, publicUrl),
          redirectUri: signInReturn,
          expectedState: state as string,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
          idTokenExpected: true,
        });
        if (!exchange.identity) throw new OAuthError('Google did not say who signed in');
        const { token, user } = await deps.auth.signInWithGoogle(
          exchange.identity,
          request.headers['user-agent'] ?? '',
          pending.ageConfirmation ?? null,
        );
        request.log.info({ userId: user.id }, 'signed in with Google');
        return back(reply, path, {
          access_token: token.access_token,
          token_type: token.token_type,
          name: exchange.identity.name,
          email: user.email,
          profile_picture: exchange.identity.picture ?? '',
        });
      } catch (err) {
        if (err instanceof OAuthError || err instanceof HttpError)
          return back(reply, path, { error: err.message });
        throw err;
      }
    },
  );

  const authed = { onRequest: app.requireUser, schema: { tags: ['sources'], security: [{ bearer: [] }] } };
  const errors = errorResponses(400, 401, 409, 503);

  r.get(
    '/google/get_auth_url/:source',
    {
      onRequest: app.requireUser,
      schema: {
        ...authed.schema,
        summary: "Google's consent address for connecting Drive (the app sends the browser there)",
        params: z.object({ source: googleConnectReturnSchema }),
        querystring: connectQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const oauth = requireGoogle();
      const wanted = request.query.services.filter((s): s is ConnectionService =>
        deps.services.includes(s as ConnectionService),
      );
      if (wanted.length === 0)
        throw new HttpError(400, 'None of these services can be connected on this server');
      const trip = await states.begin({
        purpose: 'connect',
        ownerId: user.id,
        provider: 'google',
        redirectPath: request.params.source,
      });
      try {
        const url = await oauth.authorizationUrl({
          redirectUri: `${publicUrl}/${request.params.source}`,
          scopes: [...GOOGLE_IDENTITY_SCOPES, ...wanted.map((s) => GOOGLE_SERVICE_SCOPES[s] as string)],
          state: trip.state,
          codeChallenge: trip.codeChallenge,
          nonce: trip.nonce,
          offline: true,
          loginHint: user.email,
        });
        // A JSON string, as the spec's client reads it (`data` is the address).
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
      } catch (error) {
        if (error instanceof OAuthError) throw new HttpError(503, error.message);
        throw error;
      }
    },
  );

  r.get(
    '/google/store_token',
    {
      onRequest: app.requireUser,
      schema: {
        ...authed.schema,
        summary: 'Completes a Google connection with the code Google returned to the app',
        querystring: googleStoreTokenQuerySchema,
        response: { 200: googleStoreTokenResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const oauth = requireGoogle();
      const { state, code, error } = request.query;
      const pending = await states.take(state, 'connect', 'google');
      if (!pending || pending.ownerId !== user.id) throw new HttpError(400, STATE_REFUSED);
      if (error || !code) throw new HttpError(400, GOOGLE_DENIED);
      const redirectUri = `${publicUrl}/${pending.redirectPath}`;
      const callbackUrl = new URL(redirectUri);
      for (const [k, v] of Object.entries(request.query)) {
        if (typeof v === 'string' && k !== 'redirect_path') callbackUrl.searchParams.set(k, v);
      }
      let exchange: Awaited<ReturnType<GoogleOAuth['exchangeCode']>>;
      try {
        exchange = await oauth.exchangeCode({
          callbackUrl,
          redirectUri,
          expectedState: state,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
          idTokenExpected: false,
        });
      } catch (err) {
        if (err instanceof OAuthError) throw new HttpError(400, err.message);
        throw err;
      }
      const services = grantedServices(exchange.scopes).filter((s) => deps.services.includes(s));
      if (services.length === 0) throw new HttpError(400, NOTHING_GRANTED);
      for (const service of services) {
        const granted = {
          ownerId: user.id,
          service,
          accountEmail: exchange.identity?.email ?? null,
          tokens: exchange.tokens,
          scopes: exchange.scopes,
        };
        // The import starts when the app asks for it (`/google/import_gdrive`).
        await deps.sources.connect(granted, { sync: false });
      }
      return { status: `${services.map((s) => SERVICE_LABEL[s]).join(', ')} connected`, services };
    },
  );

  r.get(
    '/google/import_gdrive',
    {
      onRequest: app.requireUser,
      schema: {
        ...authed.schema,
        summary: "Starts importing from the user's connected Google services; answers the sync's id",
        response: { 200: importStartedSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireGoogle();
      const started: ConnectionService[] = [];
      let id: string | null = null;
      for (const service of deps.services) {
        const connection = await deps.store.find(user.id, service);
        if (!connection) continue;
        await deps.sources.syncNow(user.id, service);
        started.push(service);
        id ??= connection.id;
      }
      if (!id) throw new HttpError(409, 'Connect Google Drive first');
      return { id, services: started };
    },
  );
}
