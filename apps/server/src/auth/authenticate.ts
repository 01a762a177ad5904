import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import type { AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
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
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const user = match?.[1] ? await auth.authenticate(match[1]) : null;
      if (!user) throw NOT_AUTHENTICATED;
      request.user = user;
    });
  },
  { name: 'authentication' },
);
