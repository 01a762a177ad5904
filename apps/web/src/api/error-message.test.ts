import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessage } from './error-message';

describe('errorMessage (the generic failure toast)', () => {
  it("prefers the server's detail", () => {
    expect(errorMessage(new ApiError(401, { detail: 'Incorrect username or password' }))).toBe(
      'Incorrect username or password',
    );
    expect(errorMessage({ detail: 'Current password is incorrect', message: 'ignored' })).toBe(
      'Current password is incorrect',
    );
  });

  it("falls back to the error's message", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(new ApiError(502, null))).toBe('The server answered with status 502');
    expect(errorMessage({ detail: '   ', message: 'From the message' })).toBe('From the message');
  });

  it("falls back to 'Sorry, Something went wrong'", () => {
    expect(errorMessage(new Error(''))).toBe('Sorry, Something went wrong');
    expect(errorMessage(undefined)).toBe('Sorry, Something went wrong');
    expect(errorMessage(null)).toBe('Sorry, Something went wrong');
    expect(errorMessage(42)).toBe('Sorry, Something went wrong');
    expect(errorMessage({ detail: 7 })).toBe('Sorry, Something went wrong');
  });

  it('shows a plain string as it is (the ?error= message of a redirect)', () => {
    expect(errorMessage('Google is not configured on this server')).toBe(
      'Google is not configured on this server',
    );
  });
});
