import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';

/** Why signing in failed, as the login form shows it beside the fields. */
export interface LoginFailure {
  /** Wrong username or password: the fields are marked and the password box takes the focus. */
  kind: 'credentials' | 'throttled' | 'unreachable' | 'other';
  message: string;
  /** When a throttled sign-in may be tried again (epoch ms). */
  retryAt?: number;
}

export const UNREACHABLE_MESSAGE =
  'Easio could not be reached. Check your connection and try again in a moment.';

/** A failed `POST /auth/token` as the form explains it. */
export function loginFailure(error: unknown, now = Date.now()): LoginFailure {
  if (isApiError(error, 401)) return { kind: 'credentials', message: errorMessage(error) };
  if (isApiError(error, 429)) {
    const wait = error.retryAfterSeconds;
    return {
      kind: 'throttled',
      message: error.detail ?? `Too many failed sign-in attempts. Try again in ${wait ?? 60} seconds.`,
      retryAt: now + (wait ?? 60) * 1000,
    };
  }
  // No answer at all (offline, the server down), or a proxy's answer without our JSON body.
  if (
    error instanceof TypeError ||
    (isApiError(error) && error.status >= 502 && error.detail === undefined)
  ) {
    return { kind: 'unreachable', message: UNREACHABLE_MESSAGE };
  }
  return { kind: 'other', message: errorMessage(error) };
}
