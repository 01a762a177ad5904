import { errorBodySchema } from '@easio/shared';
import { clearSession, getSession } from '../state/session';
import { ApiError, NetworkError } from './api-error';

export { ApiError, isApiError, NetworkError } from './api-error';

/** The API lives at the same origin as the app (the server serves both). */
export const API_BASE = '/api';

/** Anything with a zod-like `parse`, so each call checks the answer it gets. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * Which bearer token a call carries: the stored session's (the default), none, or an explicit one
 * (the signup wizard's temporary session).
 */
export type Auth = 'session' | 'none' | { token: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body (the default content type). */
  json?: unknown;
  /** A url-encoded form body, as `POST /auth/token` wants. */
  form?: URLSearchParams;
  auth?: Auth;
  signal?: AbortSignal;
  /** The path is from the origin (`/v1/graphql`), not under `/api`. */
  fromOrigin?: boolean;
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The one HTTP client: `fetch` against `/api`, JSON by default, a bearer token from the stored session
 * when there is one. A refusal becomes an ApiError carrying the server's `detail`; a 401 on the stored
 * session's token means that session is over, so it is cleared (the route guard then shows /login).
 */
export async function apiRequest<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions = {},
): Promise<T> {
  return (await apiResponse(path, parser, options)).data;
}

/** `apiRequest` that also hands back the answer's headers (paging offsets and the like). */
export async function apiResponse<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const { json, form, auth = 'session', signal } = options;
  const method = options.method ?? (json !== undefined || form !== undefined ? 'POST' : 'GET');
  const token = tokenFor(auth);

  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (form !== undefined) {
    body = form;
  } else if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  const url = options.fromOrigin ? path : `${API_BASE}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal });
  } catch (error) {
    // No answer at all: said plainly (offline, or the server unreachable) rather than "Failed to fetch".
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new NetworkError();
  }
  const data = await readJson(response);
  // Cut off while the body was read (the screen moved on): a cancellation, not a strange answer.
  signal?.throwIfAborted();

  if (!response.ok) throw refusal(response.status, data, auth, token, response.headers.get('retry-after'));
  return { data: parseAnswer(parser, data, `${method} ${path}`), headers: response.headers };
}

export function tokenFor(auth: Auth): string | undefined {
  return auth === 'none' ? undefined : auth === 'session' ? getSession()?.access_token : auth.token;
}

/** A refused call as an ApiError; a 401 on the stored session's token ends that session. */
export function refusal(
  status: number,
  data: unknown,
  auth: Auth,
  token: string | undefined,
  retryAfter?: string | null,
): ApiError {
  if (status === 401 && auth === 'session' && token && getSession()?.access_token === token) {
    clearSession();
  }
  const parsed = errorBodySchema.safeParse(data);
  return new ApiError(status, parsed.success ? parsed.data : null, retryAfter);
}

export function parseAnswer<T>(parser: Parser<T>, data: unknown, call: string): T {
  try {
    return parser.parse(data);
  } catch (error) {
    console.error(`Unexpected answer from ${call}`, error);
    throw new Error('The server sent an unexpected answer');
  }
}
