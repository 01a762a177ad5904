import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { OAuthStates } from '../oauth-states.js';
import { OAuthError } from '../provider-errors.js';
import type { SourcesService } from '../service.js';
import type { DropboxOAuth } from './dropbox-oauth.js';

export const DROPBOX_NOT_CONFIGURED = 'Dropbox is not configured on this server';
export const DROPBOX_STATE_REFUSED = 'This Dropbox link has expired or was already used: please try again';
export const DROPBOX_DENIED = 'Dropbox access was not granted, so nothing was connected';
/** What the app shows back from Dropbox (spec section 4). */
export const DROPBOX_CONNECTED = 'dropbox successfully connected';

const returnTo = z.enum(['signup', 'my-source']);

export interface DropboxRouteDeps {
  /** Null when this server has no Dropbox app: every call says so plainly. */
  dropbox: DropboxOAuth | null;
  states: OAuthStates;
  sources: SourcesService;
  publicUrl: string;
}

/**
 * Connecting Dropbox (spec sections 4 and 7): the app asks `/dropbox/get_auth_url/{source}` for the
 * consent address (with its bearer token, so the server knows whose Dropbox it will be) and sends the
 * browser there; Dropbox returns to `/dropbox/callback`, which stores the tokens, turns
 * `dropbox_active` on, starts the import and sends the browser back to the app.
 */
export async function dropboxRoutes(app: FastifyInstance, deps: DropboxRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { dropbox, states, publicUrl } = deps;
  const callback = `${publicUrl}/api/dropbox/callback`;
  const back = (reply: FastifyReply, path: string, query: Record<string, string>) =>
    reply
      .header('referrer-policy', 'no-referrer')
      .redirect(`/${path}?${new URLSearchParams(query).toString()}`);

  r.get(
    '/dropbox/get_auth_url/:source',
    {
      schema: {
        tags: ['sources'],
        summary:
          "Dropbox's consent address (with the bearer token); a plain browser navigation comes back to the app with the reason it cannot",
        security: [{ bearer: [] }],
        params: z.object({ source: returnTo }),
        response: { 200: z.string(), ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      const source = request.params.source;
      if (!request.headers.authorization) {
        // A bare navigation (an old link): say why in the app rather than leave a broken page.
        const reason = dropbox ? 'Connect Dropbox from the app while signed in' : DROPBOX_NOT_CONFIGURED;
        return back(reply, source, { error: reason });
      }
      await app.requireUser(request);
      const user = currentUser(request);
      if (!dropbox) throw new HttpError(503, DROPBOX_NOT_CONFIGURED);
      const trip = await states.begin({
        purpose: 'connect',
        ownerId: user.id,
        provider: 'dropbox',
        redirectPath: source,
      });
      const url = dropbox.authorizationUrl({
        redirectUri: callback,
        state: trip.state,
        codeChallenge: trip.codeChallenge,
      });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
    },
  );

  r.get(
    '/dropbox/callback',
    {
      schema: {
        tags: ['sources'],
        summary: "Dropbox's return after consent (browser navigation)",
        querystring: z.object({
          state: z.string().max(200).optional(),
          code: z.string().max(4000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { state, code, error } = request.query;
      const pending = state ? await states.take(state, 'connect', 'dropbox') : null;
      if (!pending?.ownerId) return back(reply, 'my-source', { error: DROPBOX_STATE_REFUSED });
      const path = pending.redirectPath;
      if (!dropbox) return back(reply, path, { error: DROPBOX_NOT_CONFIGURED });
      if (error || !code) return back(reply, path, { error: DROPBOX_DENIED });
      try {
        const exchange = await dropbox.exchangeCode({
          callbackUrl: new URL(request.url, publicUrl),
          redirectUri: callback,
          expectedState: state as string,
          codeVerifier: pending.codeVerifier,
        });
        await deps.sources.connect({
          ownerId: pending.ownerId,
          service: 'dropbox',
          accountEmail: exchange.email,
          tokens: exchange.tokens,
          scopes: exchange.scopes,
        });
        return back(reply, path, { dropbox: 'connected' });
      } catch (err) {
        if (err instanceof OAuthError) return back(reply, path, { error: err.message });
        throw err;
      }
    },
  );
}
