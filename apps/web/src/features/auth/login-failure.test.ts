import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { loginFailure, UNREACHABLE_MESSAGE } from './login-failure';

describe('loginFailure', () => {
  it('explains a wrong username or password with the server’s words', () => {
    expect(loginFailure(new ApiError(401, { detail: 'Incorrect username or password' }))).toEqual({
      kind: 'credentials',
      message: 'Incorrect username or password',
    });
  });

  it('keeps the throttle’s wait, from Retry-After', () => {
    const detail = 'Too many failed sign-in attempts. Try again in 42 seconds.';
    expect(loginFailure(new ApiError(429, { detail }, '42'), 1_000)).toEqual({
      kind: 'throttled',
      message: detail,
      retryAt: 43_000,
    });
  });

  it('says the server could not be reached when no answer came, or only a proxy’s', () => {
    expect(loginFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'unreachable',
      message: UNREACHABLE_MESSAGE,
    });
    expect(loginFailure(new ApiError(502, null)).kind).toBe('unreachable');
    expect(loginFailure(new ApiError(500, { detail: 'Sorry, Something went wrong' }))).toEqual({
      kind: 'other',
      message: 'Sorry, Something went wrong',
    });
  });
});
