import type { ErrorBody } from '@easio/shared';

/** A call the server refused: its status and its `{detail, errors?}` answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly fieldErrors: NonNullable<ErrorBody['errors']>;
  /** How long the server asks to wait before trying again (its Retry-After, in seconds), if it says. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ErrorBody | null, retryAfter?: string | null) {
    super(body?.detail ?? `The server answered with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = body?.detail;
    this.fieldErrors = body?.errors ?? [];
    const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : undefined;
    this.retryAfterSeconds = seconds;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * A call that got no answer at all: the device is offline, or the server cannot be reached. A
 * TypeError, as the `fetch` failure it stands for.
 */
export class NetworkError extends TypeError {
  constructor(offline = typeof navigator !== 'undefined' && !navigator.onLine) {
    super(
      offline
        ? 'You are offline. This will load again when the connection is back.'
        : 'Easio could not be reached. Check your connection and try again.',
    );
    this.name = 'NetworkError';
  }
}
