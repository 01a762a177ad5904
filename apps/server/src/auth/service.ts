import type { AgeConfirmation, ProfileChanges, SignIn, TokenResponse, UserInfo } from '@easio/shared';
import { uniqueViolation } from '../db/errors.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import type { AccountMailHooks } from './account-mail.js';
import { deviceHash, newDeviceId } from './devices.js';
import { hashPassword, hasPassword, NO_PASSWORD, verifyAgainstDecoy, verifyPassword } from './passwords.js';
import type { UserPatch, UserRepository } from './repository.js';
import type { SessionStore } from './sessions.js';
import type { LoginThrottle } from './throttle.js';
import type { TokenIssuer, VerifiedToken } from './tokens.js';
import { toUserInfo } from './user-info.js';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_TAKEN = 'This username is taken';
export const BAD_CREDENTIALS = 'Incorrect username or password';
export const GOOGLE_EMAIL_TAKEN =
  'An Easio account with this e-mail already exists. Sign in with your password; you can then connect Google from My Source.';
export const GOOGLE_EMAIL_UNVERIFIED =
  'Google has not verified this e-mail address, so it cannot sign in to Easio';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const EMAIL_UNVERIFIED =
  'Confirm your e-mail address to sign in: open the link we e-mailed you. No mail? Ask for a new link with “Send the confirmation link again”.';

interface Deps {
  users: UserRepository;
  throttle: LoginThrottle;
  tokens: TokenIssuer;
  sessions: SessionStore;
  /** Tells the user of their account's changes by mail (verification links, notices), when mail is set up. */
  mail: AccountMailHooks;
  /** Password sign-in waits until the e-mail address is verified (`REQUIRE_VERIFIED_EMAIL`). */
  requireVerifiedEmail?: boolean;
}

/** The signed-in user of a valid token, when it expires (epoch ms), and the sign-in it belongs to. */
export interface Session {
  user: UserRow;
  expiresAt: number;
  sessionId: string | null;
}

export function createAuthService({
  users,
  throttle,
  tokens,
  sessions,
  mail,
  requireVerifiedEmail = false,
}: Deps) {
  async function refuseTaken(fields: { email?: string; username?: string }, exceptId?: string) {
    const taken = await users.taken(fields, exceptId);
    if (taken.email) throw new HttpError(409, EMAIL_TAKEN);
    if (taken.username) throw new HttpError(409, USERNAME_TAKEN);
  }

  /** A unique index caught a race the pre-check missed: answer as the pre-check would have. */
  function conflictFrom(error: unknown): never {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw new HttpError(409, constraint.includes('username') ? USERNAME_TAKEN : EMAIL_TAKEN);
  }

  /**
   * The user of a valid token: signed, unexpired, not older than their last password change or
   * sign-out everywhere, and of a sign-in not ended. A live connection ends when it expires.
   */
  async function session(token: string): Promise<Session | null> {
    const claims: VerifiedToken | null = await tokens.verify(token);
    if (!claims) return null;
    const found = await sessions.userOf(claims.user_id, claims.sid ?? null);
    if (!found || claims.iat < Math.floor(found.user.tokensValidAfter.getTime() / 1000)) return null;
    if (claims.sid) {
      if (!found.signIn?.standing) return null;
      if (found.signIn.stale) await sessions.seen(claims.sid);
    }
    return { user: found.user, expiresAt: claims.exp * 1000, sessionId: claims.sid ?? null };
  }

  const sign = (user: UserRow, sessionId: string): Promise<string> => {
    if (!user.rootFolder) throw new Error(`user ${user.id} has no root folder`);
    return tokens.sign({ id: user.id, email: user.email, rootFolder: user.rootFolder, sessionId });
  };

  return {
    async signup(input: {
      username: string;
      email: string;
      password: string;
      region: string | null;
      ageConfirmation: AgeConfirmation;
    }): Promise<UserInfo> {
      await refuseTaken(input);
      const passwordHash = await hashPassword(input.password);
      const row = await users
        .createWithRootFolder({
          username: input.username,
          email: input.email,
          passwordHash,
          region: input.region,
          ageConfirmation: input.ageConfirmation,
          ageConfirmedAt: new Date(),
        })
        .catch(conflictFrom);
      mail.signedUp(row);
      return toUserInfo(row);
    },

    /**
     * Signs in with a password, throttled (auth/throttle.ts); `deviceId` is the browser's device cookie.
     * Answers the token and the device id the browser keeps: the one it showed when Easio issued it
     * (to this account or another signed in on the same browser), else a new one.
     */
    async issueToken({
      login,
      password,
      address,
      userAgent = '',
      deviceId,
    }: {
      login: string;
      password: string;
      address: string;
      userAgent?: string;
      deviceId?: string;
    }): Promise<{ token: TokenResponse; deviceId: string }> {
      const user = await users.findByLogin(login);
      // One account counts its failures whether it is named by e-mail or by username.
      const account = user ? `user:${user.id}` : `login:${login.toLowerCase()}`;
      const shown = deviceHash(deviceId);
      const knownDevice = user && shown && (await sessions.knownDevice(shown, user.id)) ? shown : null;
      const taken = await throttle.attempt({ account, address, knownDevice });
      if ('waitSeconds' in taken) {
        const wait = taken.waitSeconds;
        throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${waitWords(wait)}.`, {
          'retry-after': String(wait),
        });
      }
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDecoy(password);
      if (!user || !ok || !user.rootFolder) {
        await throttle.failed(taken.attempt);
        throw new HttpError(401, BAD_CREDENTIALS, { 'www-authenticate': 'Bearer' });
      }
      await throttle.succeeded(taken.attempt);
      if (requireVerifiedEmail && !user.emailVerifiedAt) throw new HttpError(403, EMAIL_UNVERIFIED);
      const kept = shown && (knownDevice || (await sessions.knownDevice(shown, null)));
      const device = kept && deviceId ? deviceId : newDeviceId();
      return {
        token: {
          access_token: await sign(user, await sessions.start(user.id, userAgent, deviceHash(device))),
          token_type: 'bearer',
        },
        deviceId: device,
      };
    },

    /**
     * Sign in with Google: the account that Google account made, or a new one (username from the
     * name, unique; a desk; no password; the age confirmation the sign-up page gave, if any). An e-mail already registered with a password is refused,
     * never taken over.
     */
    async signInWithGoogle(
      identity: { sub: string; email: string; emailVerified: boolean; name: string },
      userAgent: string,
      ageConfirmation: AgeConfirmation | null = null,
    ): Promise<{ token: TokenResponse; user: UserRow; created: boolean }> {
      if (!identity.emailVerified) throw new HttpError(403, GOOGLE_EMAIL_UNVERIFIED);
      let user = await users.findByGoogleSub(identity.sub);
      let created = false;
      if (!user) {
        if (await users.findByEmail(identity.email)) throw new HttpError(409, GOOGLE_EMAIL_TAKEN);
        const [first = '', ...rest] = identity.name.trim().split(/\s+/);
        user = await users
          .createWithRootFolder({
            username: await users.freeUsername(usernameFrom(identity.name, identity.email)),
            email: identity.email,
            passwordHash: NO_PASSWORD,
            region: null,
            googleSub: identity.sub,
            firstName: first,
            lastName: rest.join(' '),
            // Google vouches for the address (unverified ones were refused above).
            emailVerifiedAt: new Date(),
            ...(ageConfirmation ? { ageConfirmation, ageConfirmedAt: new Date() } : {}),
          })
          .catch(conflictFrom);
        created = true;
      }
      if (!user.rootFolder) throw new HttpError(409, 'This account has no desk yet');
      return {
        token: {
          access_token: await sign(user, await sessions.start(user.id, userAgent)),
          token_type: 'bearer',
        },
        user,
        created,
      };
    },

    /** The user a bearer token stands for (`session`), used by every signed-in call and live connection. */
    session,

    /**
     * Signs out every other device: their sign-ins end and every earlier token stops working (older
     * tokens without a sign-in too); answers a new token for this device's sign-in.
     */
    async signOutElsewhere({ user, sessionId }: Pick<Session, 'user' | 'sessionId'>): Promise<TokenResponse> {
      await sessions.endAllBut(user.id, sessionId);
      await users.retireTokens(user.id);
      const kept = sessionId ?? (await sessions.start(user.id, ''));
      return { access_token: await sign(user, kept), token_type: 'bearer' };
    },

    /** The user's sign-ins that still stand, this one marked. */
    async signIns({ user, sessionId }: Pick<Session, 'user' | 'sessionId'>): Promise<SignIn[]> {
      const rows = await sessions.list(user.id);
      return rows.map((r) => ({
        id: r.id,
        user_agent: r.userAgent,
        created_at: r.createdAt.toISOString(),
        last_seen_at: r.lastSeenAt.toISOString(),
        current: r.id === sessionId,
      }));
    },

    /** Ends one of the user's sign-ins (its tokens stop working at once). */
    async endSignIn(user: UserRow, id: string): Promise<void> {
      if (!(await sessions.end(user.id, id))) throw new HttpError(404, 'No such sign-in');
    },

    info(user: UserRow): UserInfo {
      return toUserInfo(user);
    },

    async editProfile(user: UserRow, changes: ProfileChanges): Promise<UserInfo> {
      const { passwordChange, firstName, lastName, birthDate, phoneNumber, ...same } = changes;
      const emailChanged = same.email !== undefined && same.email.toLowerCase() !== user.email.toLowerCase();
      const usernameChanged =
        same.username !== undefined && same.username.toLowerCase() !== user.username.toLowerCase();
      await refuseTaken(
        {
          email: emailChanged ? same.email : undefined,
          username: usernameChanged ? same.username : undefined,
        },
        user.id,
      );
      let passwordHash: string | undefined;
      if (passwordChange) {
        // An account made with Google sets its first password without one to give.
        const proven =
          !hasPassword(user.passwordHash) ||
          (passwordChange.current !== '' &&
            (await verifyPassword(user.passwordHash, passwordChange.current)));
        if (!proven) {
          throw new HttpError(400, WRONG_CURRENT_PASSWORD, {}, [
            { path: 'hashed_password', message: WRONG_CURRENT_PASSWORD },
          ]);
        }
        passwordHash = await hashPassword(passwordChange.next);
      }
      const patch: UserPatch = {
        ...same,
        firstName,
        lastName,
        dob: birthDate,
        phoneNumber,
        // A new address is unproven until its link is followed.
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
      };
      const defined = Object.fromEntries(
        Object.entries(patch).filter(([, v]) => v !== undefined),
      ) as UserPatch;
      const row = await users.update(user.id, defined, passwordHash).catch(conflictFrom);
      // A new password ends every sign-in (the app signs in again with it).
      if (passwordHash) await sessions.endAllBut(user.id, null);
      if (emailChanged) mail.emailChanged(row, user.email);
      if (passwordHash) mail.passwordChanged(row);
      return toUserInfo(row);
    },

    async completeOnboarding(user: UserRow): Promise<UserInfo> {
      return toUserInfo(await users.update(user.id, { onboardingCompleted: true }));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** "1 second", "40 seconds", "15 minutes". */
export function waitWords(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** A username from a display name ("Ana María López" → "ana.maria.lopez"), else the e-mail's local part. */
export function usernameFrom(name: string, email: string): string {
  const clean = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '.')
      .replace(/^[._-]+|[._-]+$/g, '')
      .slice(0, 28);
  const fromName = clean(name);
  if (fromName.length >= 3) return fromName;
  const fromEmail = clean(email.split('@')[0] ?? '');
  return fromEmail.length >= 3 ? fromEmail : `user.${fromEmail || 'google'}`;
}
