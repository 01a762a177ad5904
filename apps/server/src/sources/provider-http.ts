import type { z } from 'zod';
import { ItemError, SyncError } from './provider-errors.js';

/** Hands out a valid access token, refreshing it when asked (after a 401). */
export interface AccessTokens {
  current(): Promise<string>;
  /** A fresh token after the provider refused `current()`'s. */
  refresh(): Promise<string>;
}

/** What a provider's error answer says: a machine reason (`rateLimitExceeded`, `path/not_found/`) and a message. */
export interface ErrorDetail {
  reason: string;
  message: string;
}

export interface ProviderHttpOptions {
  /** The provider's name, in messages ("Google answered 403: …"). */
  name: string;
  tokens: AccessTokens;
  /** Reads an error answer's reason and message. */
  detail: (response: Response) => Promise<ErrorDetail>;
  /** Whether an answer (status and reason) means "slow down" (429 always does). */
  rateLimited?: (status: number, reason: string) => boolean;
  /** Attempts for rate limits, network and server errors before giving up (default 6). */
  maxAttempts?: number;
  /** Waits between attempts; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
}

const LONGEST_WAIT_MS = 60_000;

/**
 * Sends a request as the connected user: refreshes the token once on 401, and on rate limits and 5xx
 * waits (Retry-After when given, else exponential backoff with jitter) and tries again. An answer about
 * one record (404, 403, 409…) is an ItemError (that item fails, the sync goes on); access refused for
 * good or a provider that stays down is a SyncError (the sync stops and says why).
 */
export function createProviderHttp(options: ProviderHttpOptions) {
  const { name, tokens, detail, maxAttempts = 6, sleep = defaultSleep } = options;
  const rateLimited = (status: number, reason: string) =>
    status === 429 || (options.rateLimited?.(status, reason) ?? false);

  return async function send(url: URL, init: RequestInit = {}): Promise<Response> {
    let refreshed = false;
    let token = await tokens.current();
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        const headers = new Headers(init.headers);
        headers.set('authorization', `Bearer ${token}`);
        response = await fetch(url, { ...init, headers });
      } catch (error) {
        if (attempt >= maxAttempts) throw new SyncError(`${name} could not be reached (${messageOf(error)})`);
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
      const { reason, message } = await detail(response);
      const limited = rateLimited(response.status, reason);
      if ((limited || response.status >= 500) && attempt < maxAttempts) {
        await sleep(retryAfter(response) ?? backoff(attempt));
        continue;
      }
      const what = `${name} answered ${response.status}${message ? `: ${message}` : ''}`;
      if (response.status === 401) throw new SyncError(`${what} (connect again)`);
      if (limited || response.status >= 500) throw new SyncError(`${what} (gave up after ${attempt} tries)`);
      throw new ItemError(what, response.status, reason);
    }
  };
}

/** A JSON answer checked against `schema`: anything else (HTML, garbage, another shape) stops the sync clearly. */
export async function jsonAnswer<S extends z.ZodType>(
  provider: string,
  what: string,
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new SyncError(`${provider} answered ${what} with something that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SyncError(`${provider} answered ${what} in an unexpected shape`);
  return parsed.data;
}

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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
