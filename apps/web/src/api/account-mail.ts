import { emailVerifiedAnswerSchema, mailActionAnswerSchema } from '@easio/shared';
import { apiRequest } from './client';

/** `POST /api/auth/password/forgot`: the same answer whether or not an account uses the address. */
export function requestPasswordReset(email: string) {
  return apiRequest('/auth/password/forgot', mailActionAnswerSchema, { json: { email }, auth: 'none' });
}

/** `POST /api/auth/password/reset`: the reset link's token and the new password. */
export function resetPassword(token: string, password: string) {
  return apiRequest('/auth/password/reset', mailActionAnswerSchema, {
    json: { token, password },
    auth: 'none',
  });
}

/** `POST /api/auth/email/verify`: the verification link's token. */
export function verifyEmail(token: string) {
  return apiRequest('/auth/email/verify', emailVerifiedAnswerSchema, { json: { token }, auth: 'none' });
}

/** `POST /api/auth/email/resend`, signed out: a new verification link for this username or address. */
export function resendVerification(login: string) {
  return apiRequest('/auth/email/resend', mailActionAnswerSchema, { json: { login }, auth: 'none' });
}

/** `POST /api/auth/users/me/send_verification`: a new verification link for the signed-in user. */
export function sendVerification() {
  return apiRequest('/auth/users/me/send_verification', mailActionAnswerSchema, { method: 'POST' });
}
