import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { type AccessTokens, createProviderHttp, type ErrorDetail, jsonAnswer } from '../provider-http.js';

export interface GoogleApiOptions {
  baseUrl: string;
  tokens: AccessTokens;
  /** Waits between retries; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
}

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

type Query = Record<string, string | number | boolean | undefined>;

/** Google's error shape: `{error: {message, errors: [{reason}]}}`. */
async function googleError(response: Response): Promise<ErrorDetail> {
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

/**
 * Calls a Google REST API as the connected user (retries, refresh and backoff in provider-http.ts;
 * a 403 with a rate-limit or quota reason counts as a rate limit).
 */
export function createGoogleApi({ baseUrl, tokens, sleep }: GoogleApiOptions) {
  const send = createProviderHttp({
    name: 'Google',
    tokens,
    sleep,
    detail: googleError,
    rateLimited: (status, reason) => status === 403 && RATE_LIMIT_REASONS.has(reason),
  });
  const urlOf = (path: string, query: Query = {}) => {
    const url = new URL(path.replace(/^\//, ''), `${baseUrl.replace(/\/+$/, '')}/`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };
  const get = (path: string, query: Query) =>
    send(urlOf(path, query), { headers: { accept: 'application/json' } });

  return {
    /** A JSON answer, checked against `schema`: anything else (HTML, garbage) stops the sync clearly. */
    async json<S extends z.ZodType>(path: string, query: Query, schema: S): Promise<z.output<S>> {
      return jsonAnswer('Google', path, await get(path, query), schema);
    },

    /** A body as a stream, never held whole. */
    async stream(path: string, query: Query): Promise<Readable> {
      const response = await get(path, query);
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },

    /** A text body, cut at `maxChars`. */
    async text(path: string, query: Query, maxChars: number): Promise<string> {
      const response = await get(path, query);
      return (await response.text()).slice(0, maxChars);
    },
  };
}

export type GoogleApi = ReturnType<typeof createGoogleApi>;
