import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { ItemError, SyncError } from '../provider-errors.js';

/** Hands out a valid access token, refreshing it when asked (after a 401). */
export interface AccessTokens {
  current(): Promise<string>;
  /** A fresh token after the provider refused `current()`'s. */
  refresh(): Promise<string>;
}

export interface GoogleApiOptions {
  baseUrl: string;
  tokens: AccessTokens;
  /** Attempts for rate limits and server errors before giving up (default 6). */
  maxAttempts?: number;
  /** Waits between attempts; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
}

const LONGEST_WAIT_MS = 60_000;
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

type Query = Record<string, string | number | boolean | undefined>;

/**
 * Calls a Google REST API as the connected user: refreshes the token once on 401, and on 429, 403
 * rate-limit reasons and 5xx waits (Retry-After when given, else exponential backoff) and tries again.
 */
export function createGoogleApi({
  baseUrl,
  tokens,
  maxAttempts = 6,
  sleep = defaultSleep,
}: GoogleApiOptions) {
  const urlOf = (path: string, query: Query = {}) => {
    const url = new URL(path.replace(/^\//, ''), `${baseUrl.replace(/\/+$/, '')}/`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };

  async function send(url: URL): Promise<Response> {
    let refreshed = false;
    let token = await tokens.current();
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        });
      } catch (error) {
        if (attempt >= maxAttempts) throw new SyncError(`Google could not be reached (${messageOf(error)})`);
        await sleep(backoff(attempt));
        continue;
      }
      if (response.ok) return response;
      if (response.status === 401 && !refreshed) {
        await response.body?.cancel();
        refreshed = true;
        token = await tokens.refresh();
        continue;
      }
      const detail = await errorDetail(response);
      const limited =
        response.status === 429 || (response.status === 403 && RATE_LIMIT_REASONS.has(detail.reason));
      if ((limited || response.status >= 500) && attempt < maxAttempts) {
        await sleep(retryAfter(response) ?? backoff(attempt));
        continue;
      }
      const what = `Google answered ${response.status}${detail.message ? `: ${detail.message}` : ''}`;
      if (response.status === 401) throw new SyncError(`${what} (connect again)`);
      if (limited || response.status >= 500) throw new SyncError(`${what} (gave up after ${attempt} tries)`);
      throw new ItemError(what, response.status);
    }
  }

  return {
    /** A JSON answer, checked against `schema`: anything else (HTML, garbage) stops the sync clearly. */
    async json<S extends z.ZodType>(path: string, query: Query, schema: S): Promise<z.output<S>> {
      const response = await send(urlOf(path, query));
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new SyncError(`Google answered ${path} with something that is not JSON`);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new SyncError(`Google answered ${path} in an unexpected shape`);
      return parsed.data;
    },

    /** A body as a stream, never held whole. */
    async stream(path: string, query: Query): Promise<Readable> {
      const response = await send(urlOf(path, query));
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },

    /** A text body, cut at `maxChars`. */
    async text(path: string, query: Query, maxChars: number): Promise<string> {
      const response = await send(urlOf(path, query));
      return (await response.text()).slice(0, maxChars);
    },
  };
}

export type GoogleApi = ReturnType<typeof createGoogleApi>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function backoff(attempt: number): number {
  return Math.min(LONGEST_WAIT_MS, 500 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);
}

/** Retry-After in seconds or as an HTTP date, capped. */
function retryAfter(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(LONGEST_WAIT_MS, Math.max(0, ms)) : null;
}

async function errorDetail(response: Response): Promise<{ reason: string; message: string }> {
  try {
    const body = (await response.json()) as {
      error?: { message?: unknown; errors?: { reason?: unknown }[] };
    };
    const reason = body.error?.errors?.[0]?.reason;
    const message = body.error?.message;
    return {
      reason: typeof reason === 'string' ? reason : '',
      message: typeof message === 'string' ? message.slice(0, 300) : '',
    };
  } catch {
    return { reason: '', message: '' };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
