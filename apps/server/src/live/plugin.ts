import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GRAPHQL_PATH, LIVE_TOO_MANY_CONNECTIONS, MAX_SUBSCRIPTIONS_PER_CONNECTION } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import { type DocumentNode, execute, GraphQLError, type GraphQLSchema, getOperationAST } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import type { AuthService } from '../auth/service.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { createTokenBuckets } from '../http/token-buckets.js';
import { limitedValidator, parseLimited } from './query-limits.js';
import type { LiveContext } from './schema.js';

/** The largest message a client may send over the socket (an operation is a few hundred bytes). */
const MAX_MESSAGE_BYTES = 64 * 1024;

const requestSchema = z.object({
  query: z.string().min(1).max(MAX_MESSAGE_BYTES),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

/** The bearer token of a connection: its init payload (`Authorization`, or in `headers`), else the upgrade request's header. */
function bearerOf(payload: Record<string, unknown> | undefined, request: IncomingMessage): string | null {
  const headers = payload?.headers;
  const fromPayload = [
    payload?.Authorization,
    payload?.authorization,
    headers && typeof headers === 'object' ? (headers as Record<string, unknown>).Authorization : undefined,
    headers && typeof headers === 'object' ? (headers as Record<string, unknown>).authorization : undefined,
  ].find((v): v is string => typeof v === 'string');
  const header = fromPayload ?? request.headers.authorization ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

/** A query that cannot run: 400 with the first problem as `detail` and every problem as `errors`. */
function refuse(errors: readonly GraphQLError[]): never {
  const where = (e: GraphQLError) => {
    const at = e.locations?.[0];
    return at ? `line ${at.line}, column ${at.column}` : '';
  };
  throw new HttpError(
    400,
    errors[0]?.message ?? 'Invalid GraphQL request',
    {},
    errors.map((e) => ({ path: where(e), message: e.message })),
  );
}

interface ConnectionExtra extends Record<PropertyKey, unknown> {
  user?: UserRow;
  expiry?: NodeJS.Timeout;
  /** Counted among its user's open connections (until it closes). */
  counted?: boolean;
}

/** Per user, in this process (each replica counts its own): see `docs/architecture.md`, *Live data*. */
export interface LiveLimits {
  /** Connections one user may hold open; one more is closed with `LIVE_TOO_MANY_CONNECTIONS`. */
  connectionsPerUser: number;
  /** GraphQL operations (HTTP and socket together) one user may send: this many at once, then a minute. */
  operationsPerMinute: number;
}

const tooManyOperations = (seconds: number) =>
  `Too many GraphQL requests: try again in ${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * GraphQL at `/v1/graphql`: queries and mutations over HTTP (bearer token in the Authorization
 * header), subscriptions over WebSocket with the graphql-ws protocol (the token in the connection's
 * init payload; without a valid one the connection is closed with 4403, and it is closed with 4401
 * when the token expires). Every resolver answers for the token's user only. Each user may hold
 * `limits.connectionsPerUser` connections and send `limits.operationsPerMinute` operations.
 */
export async function livePlugin(
  app: FastifyInstance,
  {
    schema,
    auth,
    introspection,
    limits,
  }: { schema: GraphQLSchema; auth: AuthService; introspection: boolean; limits: LiveLimits },
) {
  const validateLimited = limitedValidator(introspection);
  const operations = createTokenBuckets(limits.operationsPerMinute);
  const openConnections = new Map<string, number>();
  app.post(
    GRAPHQL_PATH,
    {
      onRequest: app.requireUser,
      schema: { hide: false, tags: ['live'], summary: 'GraphQL queries and mutations' },
    },
    async (request) => {
      const user = currentUser(request);
      const taken = operations.take(user.id);
      if (!taken.ok) {
        throw new HttpError(429, tooManyOperations(taken.retryAfterSeconds), {
          'Retry-After': String(taken.retryAfterSeconds),
        });
      }
      const body = requestSchema.safeParse(request.body);
      if (!body.success) throw new HttpError(400, 'A GraphQL request is {query, variables?, operationName?}');
      let document: DocumentNode;
      try {
        document = parseLimited(body.data.query);
      } catch (error) {
        refuse([error instanceof GraphQLError ? error : new GraphQLError('Malformed query')]);
      }
      const problems = validateLimited(schema, document);
      if (problems.length > 0) refuse(problems);
      const operation = getOperationAST(document, body.data.operationName ?? undefined);
      if (!operation) refuse([new GraphQLError('Name the operation to run')]);
      if (operation.operation === 'subscription') {
        refuse([
          new GraphQLError(`Subscriptions run over a WebSocket at ${GRAPHQL_PATH} (graphql-ws protocol)`),
        ]);
      }
      const contextValue: LiveContext = { user };
      return execute({
        schema,
        document,
        variableValues: body.data.variables ?? undefined,
        operationName: body.data.operationName ?? undefined,
        contextValue,
      });
    },
  );

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const server = useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    {
      schema,
      // The same limits over the socket; `rules` graphql-ws passes are its own defaults, already in them.
      validate: (schemaToCheck, document) => validateLimited(schemaToCheck, document),
      context: (ctx): LiveContext => ({ user: ctx.extra.user as UserRow }),
      onConnect: async (ctx) => {
        const token = bearerOf(ctx.connectionParams, ctx.extra.request);
        const session = token ? await auth.session(token) : null;
        if (!session) return false;
        const userId = session.user.id;
        const open = openConnections.get(userId) ?? 0;
        if (open >= limits.connectionsPerUser) {
          // Closed here with its own code; graphql-ws's own close (4403) then finds it closing and is dropped.
          ctx.extra.socket.close(
            LIVE_TOO_MANY_CONNECTIONS,
            `Too many live connections for this account (at most ${limits.connectionsPerUser})`,
          );
          return false;
        }
        openConnections.set(userId, open + 1);
        ctx.extra.counted = true;
        ctx.extra.user = session.user;
        // Timers hold at most ~24.8 days; a longer-lived token is checked again when that one fires.
        const close = () => ctx.extra.socket.close(CloseCode.Unauthorized, 'Token expired');
        ctx.extra.expiry = setTimeout(
          close,
          Math.min(Math.max(0, session.expiresAt - Date.now()), 2 ** 31 - 1),
        );
        return true;
      },
      onSubscribe: (ctx) => {
        const taken = operations.take((ctx.extra.user as UserRow).id);
        if (!taken.ok) return [new GraphQLError(tooManyOperations(taken.retryAfterSeconds))];
        // The one asked for is already among them.
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [
            new GraphQLError(
              `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions at once on one connection: end one first`,
            ),
          ];
        }
        return undefined;
      },
      onClose: (ctx) => {
        if (ctx.extra.expiry) clearTimeout(ctx.extra.expiry);
        const userId = ctx.extra.user?.id;
        if (ctx.extra.counted && userId) {
          const left = (openConnections.get(userId) ?? 1) - 1;
          if (left > 0) openConnections.set(userId, left);
          else openConnections.delete(userId);
        }
      },
    },
    sockets,
  );

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  };
  app.server.on('upgrade', upgrade);
  // Before the HTTP server closes, which waits for every connection: an open socket would hold it forever.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', upgrade);
    for (const client of sockets.clients) client.close(1001, 'Server shutting down');
    await server.dispose();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  });
}
