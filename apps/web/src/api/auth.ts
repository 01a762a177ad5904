import {
  type AgeConfirmation,
  countryGuessSchema,
  type EditProfilePayload,
  publicConfigSchema,
  type SessionUser,
  type SignupPayload,
  tokenResponseSchema,
  userInfoSchema,
} from '@easio/shared';
import { type Auth, apiRequest } from './client';
import { sessionFromToken } from './session-token';

/** `POST /api/auth/token`: form data like an OAuth2 password grant; the token becomes the session. */
export async function requestSession(username: string, password: string): Promise<SessionUser> {
  const { access_token } = await apiRequest('/auth/token', tokenResponseSchema, {
    form: new URLSearchParams({ username, password }),
    auth: 'none',
  });
  return sessionFromToken(access_token);
}

/** `POST /api/auth/signup`; `hashed_password` carries the plain password (spec section 7). */
export function signup(payload: SignupPayload) {
  return apiRequest('/auth/signup', userInfoSchema, { json: payload, auth: 'none' });
}

/** `GET /api/geo/country`: the visitor's country as the server guesses it from their address. */
export function fetchCountryGuess(signal?: AbortSignal) {
  return apiRequest('/geo/country', countryGuessSchema, { signal, auth: 'none' });
}

export function fetchMe(signal?: AbortSignal, auth: Auth = 'session') {
  return apiRequest('/auth/users/me/', userInfoSchema, { signal, auth });
}

/** On this call `hashed_password` is the current password and `current_password` the new one. */
export function editProfile(payload: EditProfilePayload) {
  return apiRequest('/auth/users/me/edit_profile', userInfoSchema, { json: payload });
}

/** Called with the wizard's temporary session, before the visitor is signed in. */
export function completeOnboarding(token: string) {
  return apiRequest('/auth/users/me/complete_onboarding', userInfoSchema, {
    method: 'POST',
    auth: { token },
  });
}

/** `GET /api/config`: which connectors this server has set up. */
export function fetchPublicConfig(signal?: AbortSignal) {
  return apiRequest('/config', publicConfigSchema, { auth: 'none', signal });
}

/**
 * A browser navigation (not a fetch call): the server sends the browser on, and back with `?error=`.
 * From the sign-up page it carries the age confirmation, which the account Google makes keeps.
 */
export function googleSignInHref(
  redirectPath: 'login' | 'signup',
  ageConfirmation?: AgeConfirmation,
): string {
  const query = new URLSearchParams({ redirect_path: redirectPath });
  if (ageConfirmation) query.set('age_confirmation', ageConfirmation);
  return `/api/auth/login?${query.toString()}`;
}
