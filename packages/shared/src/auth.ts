import { z } from 'zod';
import { GENDERS, SIGNUP_SERVICES } from './constants.js';
import { MESSAGES } from './messages.js';
import {
  ADULT_AGE,
  ageOn,
  birthDateRule,
  emailRule,
  existingPasswordRule,
  passwordRule,
  phoneNumberRule,
  regionRule,
  shortText,
  usernameRule,
} from './rules.js';

/**
 * How a new account meets the privacy notice's age rule: its owner is 18 or over, or a parent or
 * guardian consents to a minor's use. Kept with the account, with when it was given.
 */
export const AGE_CONFIRMATIONS = ['adult', 'guardian'] as const;
export type AgeConfirmation = (typeof AGE_CONFIRMATIONS)[number];
export const ageConfirmationRule = z.enum(AGE_CONFIRMATIONS, { error: MESSAGES.ageConfirmationRequired });

/**
 * `POST /api/auth/signup` body. The spec's `hashed_password` carries the plain password; the spec's
 * four fields keep their names and meaning, and `age_confirmation` is required beside them.
 */
export const signupPayloadSchema = z.strictObject({
  username: usernameRule,
  email: emailRule,
  hashed_password: passwordRule,
  region: regionRule.optional().default(''),
  age_confirmation: ageConfirmationRule,
});
export type SignupPayload = z.input<typeof signupPayloadSchema>;

/** Step 1 of the signup wizard: the wire payload's fields plus the confirmation box. */
export const signupFormSchema = z
  .object({
    username: usernameRule,
    email: emailRule,
    region: regionRule,
    password: passwordRule,
    confirm_password: z.string(),
    /** '' until one of the two is chosen. */
    age_confirmation: z.string().pipe(ageConfirmationRule),
  })
  .refine((v) => v.password === v.confirm_password.trim(), {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirm_password'],
    // Said together with the other fields' problems, not only once they are all right.
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Record<string, unknown>).password === 'string' &&
      typeof (value as Record<string, unknown>).confirm_password === 'string',
  });
export type SignupForm = z.input<typeof signupFormSchema>;

export function signupPayloadFromForm(form: z.output<typeof signupFormSchema>): SignupPayload {
  return {
    username: form.username,
    email: form.email,
    hashed_password: form.password,
    region: form.region ?? '',
    age_confirmation: form.age_confirmation,
  };
}

/** Step 2: at least one service (the hint's cap of 3 is not enforced, as the spec says). */
export const servicesSchema = z
  .object(
    Object.fromEntries(SIGNUP_SERVICES.map((s) => [s, z.boolean()])) as Record<
      (typeof SIGNUP_SERVICES)[number],
      z.ZodBoolean
    >,
  )
  .refine((v) => Object.values(v).some(Boolean), { message: MESSAGES.serviceRequired, path: ['services'] });
export type Services = z.infer<typeof servicesSchema>;

/**
 * The login form: the username is trimmed and lower-cased, the password trimmed (spec section 5). The
 * password is only required: the sign-up rule is not applied, so passwords made under an earlier rule
 * still sign in (and a wrong one is the server's to refuse).
 */
export const loginFormSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, MESSAGES.usernameRequired),
  password: existingPasswordRule,
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** `POST /api/auth/token` form body, like an OAuth2 password grant. */
export const tokenRequestSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, MESSAGES.usernameRequired).max(254),
  password: existingPasswordRule,
  grant_type: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** What the access token carries besides `sub` (the e-mail) and `exp`. */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  user_id: z.uuid(),
  root_folder: z.uuid(),
  exp: z.number(),
  /** The sign-in the token belongs to (tokens made before sessions were kept have none). */
  sid: z.uuid().optional(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/** One of the user's sign-ins, as User management lists them. */
export const signInSchema = z.object({
  id: z.uuid(),
  user_agent: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** This device's sign-in. */
  current: z.boolean(),
});
export type SignIn = z.infer<typeof signInSchema>;

/** The session kept in local storage under `user` (spec section 3). */
export interface SessionUser {
  access_token: string;
  root_folder: string;
  user_id: string;
  email: string;
}

/** The user info fields of spec section 3, as `GET /api/auth/users/me/` answers them. */
export const userInfoSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS),
  dob: z.string().nullable(),
  picture: z.string().nullable(),
  region: z.string().nullable(),
  phone_number: z.string().nullable(),
  whatsapp_active: z.boolean(),
  dropbox_active: z.boolean(),
  gdrive_active: z.boolean(),
  gmail_active: z.boolean(),
  onboarding_completed: z.boolean(),
  root_folder: z.uuid(),
  /** An account made by Sign in with Google that has no password yet (it signs in with Google only). */
  google_only: z.boolean(),
  /** The user followed a link we mailed to `email` (or Google vouched for it). */
  email_verified: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

const readOnly = z.unknown().optional();

/**
 * `POST /api/auth/users/me/edit_profile` body: any of the user info fields. The spec's client sends
 * the whole info object back, so the read-only fields are accepted and ignored; unknown fields are not.
 * On this form `hashed_password` is the current password and `current_password` the new one.
 */
export const editProfilePayloadSchema = z
  .strictObject({
    username: usernameRule.optional(),
    first_name: shortText(100).optional(),
    last_name: shortText(100).optional(),
    email: emailRule.optional(),
    gender: z.enum(GENDERS).nullable().optional(),
    dob: z
      .union([birthDateRule, z.literal('')])
      .nullable()
      .optional(),
    picture: z
      .union([z.url({ protocol: /^https?$/, error: MESSAGES.pictureInvalid }).max(2048), z.literal('')])
      .nullable()
      .optional(),
    region: regionRule.nullable().optional(),
    phone_number: z
      .union([phoneNumberRule, z.literal('')])
      .nullable()
      .optional(),
    hashed_password: z.string().optional(),
    current_password: z.union([passwordRule, z.literal('')]).optional(),
    /** A parent or guardian consents to a minor's use (needed with a date of birth under 18). */
    guardian_consent: z.boolean().optional(),
    id: readOnly,
    root_folder: readOnly,
    google_only: readOnly,
    email_verified: readOnly,
    whatsapp_active: readOnly,
    dropbox_active: readOnly,
    gdrive_active: readOnly,
    gmail_active: readOnly,
    onboarding_completed: readOnly,
  })
  .superRefine((p, ctx) => {
    if (p.dob && ageOn(p.dob) < ADULT_AGE && !p.guardian_consent) {
      ctx.addIssue({ code: 'custom', path: ['dob'], message: MESSAGES.underAge });
    }
  });
export type EditProfilePayload = z.input<typeof editProfilePayloadSchema>;

/** Profile changes under clear names: the one place the spec's odd wire names are translated. */
export interface ProfileChanges {
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  gender?: (typeof GENDERS)[number];
  birthDate?: string | null;
  picture?: string | null;
  region?: string | null;
  phoneNumber?: string | null;
  passwordChange?: { current: string; next: string };
}

export function profileChangesFromWire(p: z.output<typeof editProfilePayloadSchema>): ProfileChanges {
  const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
  const changes: ProfileChanges = {
    username: p.username,
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
    gender: p.gender === undefined ? undefined : (p.gender ?? ''),
    birthDate: blankToNull(p.dob),
    picture: blankToNull(p.picture),
    region: p.region === undefined ? undefined : (p.region ?? null),
    phoneNumber: blankToNull(p.phone_number),
  };
  if (p.current_password)
    changes.passwordChange = { current: (p.hashed_password ?? '').trim(), next: p.current_password };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ProfileChanges;
}
