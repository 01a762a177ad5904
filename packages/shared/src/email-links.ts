import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { emailRule, passwordRule } from './rules.js';

/** A token from a link we mailed (43 base64url characters); anything else is refused before a look-up. */
const linkToken = z
  .string({ error: 'This link is incomplete. Open it again from the mail, or ask for a new one.' })
  .regex(
    /^[A-Za-z0-9_-]{20,128}$/,
    'This link is incomplete. Open it again from the mail, or ask for a new one.',
  );

/** `POST /api/auth/password/forgot`: the address to send a reset link to. */
export const forgotPasswordSchema = z.strictObject({ email: emailRule });
export type ForgotPasswordPayload = z.input<typeof forgotPasswordSchema>;

/** `POST /api/auth/password/reset`: the link's token and the new password (sign-up's rule). */
export const resetPasswordPayloadSchema = z.strictObject({ token: linkToken, password: passwordRule });

/** The reset screen's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: passwordRule, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password.trim(), {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** `POST /api/auth/email/verify`: the token of a verification link. */
export const verifyEmailPayloadSchema = z.strictObject({ token: linkToken });

/** `POST /api/auth/email/resend`: the username or address of an account whose address is not yet verified. */
export const resendVerificationSchema = z.strictObject({
  login: z.string().trim().toLowerCase().min(1, MESSAGES.usernameRequired).max(254),
});
export type ResendVerificationPayload = z.input<typeof resendVerificationSchema>;

/** What these calls answer: a sentence for the user. */
export const mailActionAnswerSchema = z.object({ detail: z.string() });
export const emailVerifiedAnswerSchema = z.object({ detail: z.string(), email: z.string() });
