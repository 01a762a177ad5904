import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import type { AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The sign-in the request's token belongs to (null for tokens made before sign-ins were kept). */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user. */
    requireUser(request: FastifyRequest): Promise<void>;
  }
}

const NOT_AUTHENTICATED = new HttpError(401, 'Not authenticated', { 'www-authenticate': 'Bearer' });

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw NOT_AUTHENTICATED;
  return request.user;
}

/** Resolves the bearer token of a request to its user; shared by every domain (not encapsulated). */
export const authenticationPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const session = match?.[1] ? await auth.session(match[1]) : null;
      if (!session) throw NOT_AUTHENTICATED;
      request.user = session.user;
      request.sessionId = session.sessionId;
    });
  },
  { name: 'authentication' },
);
