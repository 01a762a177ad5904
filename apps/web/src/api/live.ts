import { GRAPHQL_PATH } from '@easio/shared';
import { type Client, CloseCode, createClient } from 'graphql-ws';

/** Waits between reconnection attempts: 1 s, 2 s, 4 s… up to half a minute. */
const retryWait = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** attempt)));

/** Closes that say the token is no good: trying again with it would be refused again. */
const REFUSED = new Set<number>([CloseCode.Unauthorized, CloseCode.Forbidden]);

/**
 * Whether to connect again after a close: yes after a network loss or a restart, and when the server
 * refused because this account already has as many live connections as it allows (many tabs:
 * `LIVE_TOO_MANY_CONNECTIONS`), since one may close meanwhile (the backoff keeps that to a try every
 * 30 s, and the page works without live updates until then); never when it refused the token.
 */
export function connectsAgainAfter(event: unknown): boolean {
  const code = typeof event === 'object' && event !== null && 'code' in event ? event.code : undefined;
  return !(typeof code === 'number' && REFUSED.has(code));
}

/**
 * The GraphQL WebSocket (graphql-ws protocol) at this origin's `/v1/graphql` for one session token
 * (sent in the connection's init payload): connects when the first subscription starts, reconnects
 * with backoff after a network loss, and gives up when the server refuses the token. `on` hears each
 * connection made and each one lost.
 */
export function liveClient(token: string, on: { connected: () => void; closed: () => void }): Client {
  const url = new URL(GRAPHQL_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return createClient({
    url: url.toString(),
    connectionParams: { headers: { Authorization: `Bearer ${token}` } },
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait,
    on: { connected: on.connected, closed: on.closed },
    shouldRetry: connectsAgainAfter,
  });
}
