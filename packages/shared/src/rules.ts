import { z } from 'zod';
import { findCountry } from './countries.js';
import { MESSAGES } from './messages.js';
import { PASSWORD_MAX, passwordProblem } from './password-rule.js';

/**
 * A new password (sign-up, a password change): trimmed (the login form trims too, so sign-up and
 * sign-in agree), then held to the rule of password-rule.ts, whose message names what is missing.
 */
export const passwordRule = z
  .string({ error: MESSAGES.passwordRequired })
  .trim()
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A password given to sign in or to prove who one is: only required. Accounts made under an earlier
 * rule keep signing in with the passwords that rule allowed.
 */
export const existingPasswordRule = z
  .string({ error: MESSAGES.passwordRequired })
  .trim()
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong);

/**
 * Usernames sign in as well as e-mails do, so they may not contain '@' (it could shadow somebody's
 * e-mail) and are compared case-insensitively.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const usernameRule = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, { error: MESSAGES.usernameRequired, abort: true })
  .regex(USERNAME_PATTERN, MESSAGES.usernameFormat);

export const emailRule = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.emailRequired, abort: true })
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

/** An ISO 3166 country code from the country list, or empty for none. */
export const regionRule = z
  .string()
  .trim()
  .max(2, MESSAGES.regionUnknown)
  .refine((v) => v === '' || findCountry(v) !== undefined, MESSAGES.regionUnknown)
  .transform((v) => (v === '' ? null : v.toUpperCase()));

/** WhatsApp number without its dial code: digits only, more than 7 of them (at most 15, as E.164 allows). */
export const phoneNumberRule = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: MESSAGES.phoneRequired, abort: true })
  .regex(/^\d{8,15}$/, MESSAGES.phoneInvalid);

/** A calendar date `YYYY-MM-DD` that exists and is not in the future. */
export const birthDateRule = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.dobInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() <= Date.now();
  }, MESSAGES.dobInvalid);

/** The age the privacy notice asks of users (a parent or guardian may consent for a minor). */
export const ADULT_AGE = 18;

/** Whole years from a date of birth (`YYYY-MM-DD`) to `today`. */
export function ageOn(dob: string, today: Date = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - y;
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return before ? age - 1 : age;
}

export const shortText = (max: number) => z.string().trim().max(max, MESSAGES.textTooLong);
