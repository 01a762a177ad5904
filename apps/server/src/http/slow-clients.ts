import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.js';

/** How long a client may take over each part of a request, and how long an idle connection stays open. */
export interface ClientLimits {
  /** The request line and every header must have arrived within this (and a new connection must start one). */
  headersTimeoutMs: number;
  /** Each stretch of this length while a body arrives must bring at least `minBodyBytesPerSecond` × it. */
  bodyWindowMs: number;
  minBodyBytesPerSecond: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Requests one connection may carry before the server closes it (0: any number). */
  maxRequestsPerConnection: number;
}

export function clientLimitsFrom(config: Config): ClientLimits {
  return {
    headersTimeoutMs: Math.round(config.HEADERS_TIMEOUT_SECONDS * 1000),
    bodyWindowMs: Math.round(config.BODY_TIMEOUT_SECONDS * 1000),
    minBodyBytesPerSecond: config.BODY_MIN_BYTES_PER_SECOND,
    keepAliveTimeoutMs: Math.round(config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    maxRequestsPerConnection: config.MAX_REQUESTS_PER_CONNECTION,
  };
}

export const HEADERS_TOO_SLOW = 'The request headers did not arrive in time; the connection was closed';
export const BODY_TOO_SLOW =
  'The request body arrived too slowly; nothing was stored and the connection was closed';

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, HEADERS_TOO_SLOW],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/** Answers `{detail}` straight on the socket (no response is under way) and closes the connection. */
function answerAndClose(socket: Socket, status: number, detail: string): void {
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify's server options for these limits. Node checks header deadlines on a timer (every 30 s by
 * default), so it runs here as often as a quarter of the deadline, between 0.1 and 1 s. There is no
 * total request time (`requestTimeout`): a large upload on a slow link may rightly take hours; the body
 * rate floor (`guardBodies`) is what ends a stalled one.
 */
export function clientLimitOptions(limits: ClientLimits): Partial<FastifyHttpOptions<Server>> {
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerConnection,
    requestTimeout: 0,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.round(Math.min(1000, Math.max(100, limits.headersTimeoutMs / 4))),
    },
    // What Node's parser refuses before any route sees the request: a `{detail}` like every other answer.
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is not valid HTTP'];
      answerAndClose(socket, status, detail);
    },
  };
}

/**
 * Ends request bodies that stall or trickle: each `bodyWindowMs` while a body is still arriving, the
 * connection must have brought `minBodyBytesPerSecond` × the window (at least one byte); else the
 * client gets a 408 `{detail}` when no answer has started yet, and the connection is closed, which
 * aborts the route reading the body (an upload stores nothing). A window in which the server itself was
 * not reading (the body was waiting in its buffers, as when storage is slower than the link) does not
 * count against the client.
 */
export function guardBodies(server: Server, limits: ClientLimits, log: FastifyBaseLogger): void {
  const floor = Math.max(1, (limits.minBodyBytesPerSecond * limits.bodyWindowMs) / 1000);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const announced = req.headers['content-length'];
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || (announced !== undefined && announced !== '0');
    if (!hasBody || req.complete) return;
    const { socket } = req;
    let mark = socket.bytesRead;
    // Whether the server held the body back (its buffers full) at some point in this window.
    let held = socket.isPaused();
    const onPause = () => {
      held = true;
    };
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      if (req.complete || socket.destroyed) return;
      const received = socket.bytesRead - mark;
      const serverBehind = held || socket.isPaused() || req.readableLength > 0;
      mark = socket.bytesRead;
      held = socket.isPaused();
      if (received >= floor || serverBehind) {
        timer = setTimeout(check, limits.bodyWindowMs);
        return;
      }
      log.info(
        { method: req.method, url: req.url, ip: socket.remoteAddress, bytesInWindow: received },
        'request body too slow: connection closed',
      );
      if (res.headersSent) socket.destroy();
      else answerAndClose(socket, 408, BODY_TOO_SLOW);
    };
    timer = setTimeout(check, limits.bodyWindowMs);
    socket.on('pause', onPause);
    const stop = () => {
      clearTimeout(timer);
      socket.off('pause', onPause);
    };
    req.once('end', stop);
    req.once('close', stop);
  });
}
