import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import type { Mailer, OutgoingMail } from '../mail-out/mailer.js';
import {
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  type Recipient,
  verifyEmailMail,
} from '../mail-out/messages.js';
import type { EmailTokens } from './email-tokens.js';
import type { Limit, MailThrottle } from './mail-throttle.js';
import { hashPassword } from './passwords.js';
import { createUserRepository, type UserRepository } from './repository.js';
import { createSessionStore } from './sessions.js';

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 30;
/** How long an address verification link works. */
export const VERIFY_LINK_DAYS = 7;

export const RESET_LINK_SENT =
  "If an account uses that address, we've sent it a link to choose a new password. The link works once, for 30 minutes.";
export const NO_MAIL_FOR_RESET =
  'This Easio server cannot send e-mail, so it cannot send you a reset link. Ask its operator to reset your password.';
export const NO_MAIL = 'This Easio server cannot send e-mail. Ask its operator for help.';
export const LINK_UNUSABLE = 'This link has expired or was already used. Ask for a new one.';
export const LINK_FOR_OLD_ADDRESS =
  'This link was for an address your account no longer uses. Ask for a new one from your profile.';
export const PASSWORD_RESET_DONE =
  'Your password is changed, and every device was signed out. Sign in with it.';
export const VERIFICATION_LINK_RESENT =
  "If an account with that name or address still has to confirm its e-mail address, we've sent it a new link.";
export const ALREADY_VERIFIED = 'Your e-mail address is already confirmed';
export const MAIL_REFUSED = 'The mail server did not take the message. Try again in a few minutes.';

const QUARTER_HOUR = 15 * 60;

/** What the sign-in service tells this one, so the user hears of changes to their account. */
export interface AccountMailHooks {
  signedUp(user: UserRow): void;
  emailChanged(user: UserRow, previousEmail: string): void;
  passwordChanged(user: UserRow): void;
}

interface Deps {
  db: Db;
  users: UserRepository;
  tokens: EmailTokens;
  throttle: MailThrottle;
  /** Null when no mail server is configured: nothing is sent, and the calls that need mail say so. */
  mailer: Mailer | null;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const recipient = (user: UserRow, email = user.email): Recipient => ({
  email,
  name: user.firstName.trim() || user.username,
  username: user.username,
});

/**
 * Password resets and address verification by e-mail, and the notices of account changes. Mail leaves
 * after the answer (an answer never waits for, or tells of, the mail server), except when a signed-in
 * user asks for a verification link again and should hear if it failed.
 */
export function createAccountMail({ db, users, tokens, throttle, mailer, publicUrl, log }: Deps) {
  const pending = new Set<Promise<void>>();
  const link = (path: string, token?: string) =>
    token ? `${publicUrl}${path}?token=${encodeURIComponent(token)}` : `${publicUrl}${path}`;

  /** Runs `work` after the answer; a failure is logged (the user was already answered). */
  function later(what: string, work: () => Promise<void>) {
    const running = work()
      .catch((err: unknown) => log.error({ err }, `could not send ${what}`))
      .finally(() => pending.delete(running));
    pending.add(running);
  }

  async function limit(limits: Limit[]) {
    const taken = await throttle.take(limits);
    if ('waitSeconds' in taken) {
      const minutes = Math.ceil(taken.waitSeconds / 60);
      throw new HttpError(
        429,
        `Too many requests for a link. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'retry-after': String(taken.waitSeconds) },
      );
    }
  }

  const send = (mail: OutgoingMail) => (mailer ? mailer.send(mail) : Promise.resolve());

  async function verificationMail(user: UserRow): Promise<OutgoingMail> {
    const token = await tokens.issue(
      'verify_email',
      { userId: user.id, email: user.email },
      VERIFY_LINK_DAYS * 24 * 3600,
    );
    return verifyEmailMail(recipient(user), link('/verify-email', token), VERIFY_LINK_DAYS);
  }

  const hooks: AccountMailHooks = {
    signedUp(user) {
      if (mailer) later('the verification link', async () => send(await verificationMail(user)));
    },
    emailChanged(user, previousEmail) {
      if (!mailer) return;
      later('the notice of a changed address', () =>
        send(emailChangedMail(recipient(user, previousEmail), user.email, link('/login'))),
      );
      later('the verification link', async () => send(await verificationMail(user)));
    },
    passwordChanged(user) {
      if (mailer) {
        later('the notice of a changed password', () =>
          send(passwordChangedMail(recipient(user), link('/forgot-password'))),
        );
      }
    },
  };

  return {
    hooks,

    /** Sends a reset link when an account uses `email`; the answer is the same either way. */
    async requestPasswordReset(email: string, clientAddress: string): Promise<{ detail: string }> {
      if (!mailer) throw new HttpError(503, NO_MAIL_FOR_RESET);
      await limit([
        { key: `reset:address:${email.toLowerCase()}`, max: 3, windowSeconds: QUARTER_HOUR },
        { key: `reset:client:${clientAddress}`, max: 10, windowSeconds: QUARTER_HOUR },
      ]);
      const user = await users.findByEmail(email);
      if (user?.rootFolder) {
        const token = await tokens.issue(
          'reset_password',
          { userId: user.id, email: user.email },
          RESET_LINK_MINUTES * 60,
        );
        const mail = passwordResetMail(recipient(user), link('/reset-password', token), RESET_LINK_MINUTES);
        later('the reset link', () => send(mail));
      }
      return { detail: RESET_LINK_SENT };
    },

    /**
     * Sets the password of the link's account, once: every sign-in of the account ends and its tokens
     * stop working. The link came by mail, so the address is verified as well (when it still is the
     * account's).
     */
    async resetPassword(token: string, password: string): Promise<{ detail: string }> {
      // Refused before the (deliberately slow) hash is spent on it.
      if (!(await tokens.peek('reset_password', token))) throw new HttpError(400, LINK_UNUSABLE);
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const grant = await tokens.spend(tx, 'reset_password', token);
        if (!grant) throw new HttpError(400, LINK_UNUSABLE);
        const txUsers = createUserRepository(tx);
        const before = await txUsers.findById(grant.userId);
        if (!before) throw new HttpError(400, LINK_UNUSABLE);
        const proven = before.email.toLowerCase() === grant.email && !before.emailVerifiedAt;
        const row = await txUsers.update(
          before.id,
          proven ? { emailVerifiedAt: new Date() } : {},
          passwordHash,
        );
        await createSessionStore(tx).endAllBut(row.id, null);
        return row;
      });
      hooks.passwordChanged(user);
      return { detail: PASSWORD_RESET_DONE };
    },

    /** Marks the link's address verified, once, if the account still uses it. */
    async verifyEmail(token: string): Promise<{ detail: string; email: string }> {
      const user = await db.transaction(async (tx) => {
        const grant = await tokens.spend(tx, 'verify_email', token);
        if (!grant) throw new HttpError(400, LINK_UNUSABLE);
        const txUsers = createUserRepository(tx);
        const row = await txUsers.findById(grant.userId);
        if (!row || row.email.toLowerCase() !== grant.email) throw new HttpError(400, LINK_FOR_OLD_ADDRESS);
        return row.emailVerifiedAt ? row : txUsers.update(row.id, { emailVerifiedAt: new Date() });
      });
      return { detail: `Thank you: ${user.email} is confirmed.`, email: user.email };
    },

    /** For a signed-out user (sign-in waits for verification): a new link; the answer is the same whoever asks. */
    async resendVerification(login: string, clientAddress: string): Promise<{ detail: string }> {
      if (!mailer) throw new HttpError(503, NO_MAIL);
      await limit([
        { key: `verify:login:${login.toLowerCase()}`, max: 3, windowSeconds: QUARTER_HOUR },
        { key: `verify:client:${clientAddress}`, max: 10, windowSeconds: QUARTER_HOUR },
      ]);
      const user = await users.findByLogin(login);
      if (user && !user.emailVerifiedAt) {
        const mail = await verificationMail(user);
        later('the verification link', () => send(mail));
      }
      return { detail: VERIFICATION_LINK_RESENT };
    },

    /** For the signed-in user: a new link, sent before the answer so they hear if it failed. */
    async sendVerification(user: UserRow): Promise<{ detail: string }> {
      if (!mailer) throw new HttpError(503, NO_MAIL);
      if (user.emailVerifiedAt) throw new HttpError(409, ALREADY_VERIFIED);
      await limit([{ key: `verify:user:${user.id}`, max: 3, windowSeconds: QUARTER_HOUR }]);
      try {
        await mailer.send(await verificationMail(user));
      } catch (err) {
        log.error({ err }, 'could not send the verification link');
        throw new HttpError(502, MAIL_REFUSED);
      }
      return { detail: `We've sent a new link to ${user.email}. It works for ${VERIFY_LINK_DAYS} days.` };
    },

    /** Resolves once the mail started so far has been sent or has failed. */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
