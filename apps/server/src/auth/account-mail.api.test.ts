import { passwordProblem } from '@easio/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailRequests, sessions, users } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../test/smtp-sink.js';
import {
  buildTestApp,
  form,
  json,
  newSignup,
  PASSWORD,
  signedInUser,
  type TestApp,
} from '../test/test-app.js';
import {
  ALREADY_VERIFIED,
  LINK_FOR_OLD_ADDRESS,
  LINK_UNUSABLE,
  MAIL_REFUSED,
  NO_MAIL,
  NO_MAIL_FOR_RESET,
  PASSWORD_RESET_DONE,
  RESET_LINK_SENT,
  VERIFICATION_LINK_RESENT,
} from './account-mail.js';
import { BAD_CREDENTIALS, EMAIL_UNVERIFIED } from './service.js';

const PUBLIC_URL = 'https://desk.example.org';
const SMTP_USER = { user: 'easio', pass: 'smtp pass/word' };
const NEW_PASSWORD = 'fresh-start9!';
const RESET_SUBJECT = 'Reset your Easio password';
const VERIFY_SUBJECT = 'Confirm your e-mail address for Easio';

let addressCounter = 0;
/** A client address of its own, so one test's requests do not count against another's. */
const nextClient = () => `198.51.100.${++addressCounter}`;

const signIn = (app: FastifyInstance, login: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/token', ...form({ username: login, password }) });

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: { authorization: `Bearer ${token}` } });

/** The token of the mail's link to `path` on the public address. */
function tokenIn(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((l) => l.startsWith(`${PUBLIC_URL}${path}?token=`));
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  expect(mail.html).toContain(link);
  return new URL(link).searchParams.get('token') as string;
}

describe.each(DB_KINDS)('mail for forgotten passwords and address verification on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink({ auth: SMTP_USER });
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, PUBLIC_URL, MAIL_FROM: 'Easio Desk <desk@example.org>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const forgot = (email: string, client = nextClient()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email },
      remoteAddress: client,
    });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token } });

  /** A new user, signed in, and the reset link mailed to them. */
  async function userWithResetLink() {
    const user = await signedInUser(t.app);
    const email = user.signup.email as string;
    expect((await forgot(email)).statusCode).toBe(200);
    const mail = await sink.waitFor(email, (m) => m.subject === RESET_SUBJECT);
    return { user, email, mail, token: tokenIn(mail, '/reset-password') };
  }

  describe('forgotten password', () => {
    it('mails a known address a link, answers an unknown one the same, and mails nobody for it', async () => {
      const user = await signedInUser(t.app);
      const email = user.signup.email as string;
      const unknown = `nobody-${Date.now()}@example.com`;
      const known = await forgot(email.toUpperCase());
      const stranger = await forgot(unknown);
      expect(known.statusCode).toBe(200);
      expect(stranger.statusCode).toBe(200);
      expect(json(known)).toEqual({ detail: RESET_LINK_SENT });
      expect(stranger.body).toBe(known.body);
      await t.mailer?.idle();

      expect(sink.to(unknown)).toEqual([]);
      const mail = await sink.waitFor(email, (m) => m.subject === RESET_SUBJECT);
      expect(mail.from).toBe('desk@example.org');
      expect(mail.text).toContain(`Hello ${user.signup.username},`);
      expect(mail.text).toContain('30 minutes');
      expect(mail.html).toContain('Choose a new password');
      const token = tokenIn(mail, '/reset-password');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the token's hash is kept, for 30 minutes.
      const [row] = await t.database.db
        .select({
          tokenHash: emailTokens.tokenHash,
          minutes: sql<number>`extract(epoch from ${emailTokens.expiresAt} - ${emailTokens.createdAt}) / 60`,
        })
        .from(emailTokens)
        .where(
          and(eq(emailTokens.userId, user.info.id as string), eq(emailTokens.purpose, 'reset_password')),
        );
      expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.tokenHash).not.toContain(token);
      expect(Number(row?.minutes)).toBe(30);
    });

    it('sets the new password, signs out every device and tells the user; the old password stops working', async () => {
      const { user, email, token } = await userWithResetLink();
      const second = json(await signIn(t.app, email, PASSWORD)).access_token as string;
      expect((await me(t.app, second)).statusCode).toBe(200);

      const done = await reset(token);
      expect(done.statusCode).toBe(200);
      expect(json(done)).toEqual({ detail: PASSWORD_RESET_DONE });

      expect((await me(t.app, user.accessToken)).statusCode).toBe(401);
      expect((await me(t.app, second)).statusCode).toBe(401);
      const open = await t.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.ownerId, user.info.id as string), isNull(sessions.endedAt)));
      expect(open).toEqual([]);
      const old = await signIn(t.app, email, PASSWORD);
      expect(old.statusCode).toBe(401);
      expect(json(old)).toEqual({ detail: BAD_CREDENTIALS });
      const fresh = await signIn(t.app, email, NEW_PASSWORD);
      expect(fresh.statusCode).toBe(200);
      // The link came to this address, so the address is proven too.
      expect(json(await me(t.app, json(fresh).access_token as string)).email_verified).toBe(true);

      const notice = await sink.waitFor(email, (m) => m.subject === 'Your Easio password was changed');
      expect(notice.links).toContain(`${PUBLIC_URL}/forgot-password`);
    });

    it('takes a link once: a second use, even at the same moment, is refused and changes nothing', async () => {
      const { email, token } = await userWithResetLink();
      const [a, b] = await Promise.all([reset(token, NEW_PASSWORD), reset(token, 'other-pass7!')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      const refused = a.statusCode === 400 ? a : b;
      expect(json(refused)).toEqual({ detail: LINK_UNUSABLE });
      const winner = a.statusCode === 200 ? NEW_PASSWORD : 'other-pass7!';
      expect((await signIn(t.app, email, winner)).statusCode).toBe(200);

      const again = await reset(token, 'third-pass5!');
      expect(again.statusCode).toBe(400);
      expect(json(again)).toEqual({ detail: LINK_UNUSABLE });
      expect((await signIn(t.app, email, winner)).statusCode).toBe(200);
    });

    it('spends every earlier link of the account with the one used', async () => {
      const { email, token } = await userWithResetLink();
      expect((await forgot(email)).statusCode).toBe(200);
      const mails = await (async () => {
        await t.mailer?.idle();
        return sink.to(email).filter((m) => m.subject === RESET_SUBJECT);
      })();
      expect(mails).toHaveLength(2);
      const later = tokenIn(mails[1] as ReceivedMail, '/reset-password');
      expect((await reset(later)).statusCode).toBe(200);
      expect(json(await reset(token, 'third-pass5!'))).toEqual({ detail: LINK_UNUSABLE });
    });

    it('refuses a link past its 30 minutes, leaving the password as it was', async () => {
      const { user, email, token } = await userWithResetLink();
      await t.database.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.userId, user.info.id as string));
      const late = await reset(token);
      expect(late.statusCode).toBe(400);
      expect(json(late)).toEqual({ detail: LINK_UNUSABLE });
      expect((await signIn(t.app, email, PASSWORD)).statusCode).toBe(200);
      expect((await me(t.app, user.accessToken)).statusCode).toBe(200);
    });

    it("holds the new password to sign-up's rule, without spending the link", async () => {
      const { email, token } = await userWithResetLink();
      const weak = await reset(token, 'password');
      expect(weak.statusCode).toBe(422);
      expect(json(weak).detail).toBe(passwordProblem('password'));
      expect(json(weak).detail).toMatch(/^Needs 12 or more characters, or else/);
      expect((await reset(token)).statusCode).toBe(200);
      expect((await signIn(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a made-up or malformed token', async () => {
      const made = await reset('A'.repeat(43));
      expect(made.statusCode).toBe(400);
      expect(json(made)).toEqual({ detail: LINK_UNUSABLE });
      const malformed = await reset('not a token');
      expect(malformed.statusCode).toBe(422);
      expect(json(malformed).detail).toMatch(/link is incomplete/);
    });

    it('throttles requests per address, known or not, and per client, recording nothing when refused', async () => {
      const user = await signedInUser(t.app);
      const email = user.signup.email as string;
      const unknown = `ghost-${Date.now()}@example.com`;
      for (const address of [email, unknown]) {
        for (let i = 0; i < 3; i++) expect((await forgot(address)).statusCode).toBe(200);
        const fourth = await forgot(address);
        expect(fourth.statusCode).toBe(429);
        expect(json(fourth).detail).toMatch(/^Too many requests for a link\. Try again in 1[45] minutes\.$/);
        expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(800);
      }
      await t.mailer?.idle();
      expect(sink.to(email).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(3);

      const client = nextClient();
      for (let i = 0; i < 10; i++) {
        expect((await forgot(`someone-${i}-${Date.now()}@example.com`, client)).statusCode).toBe(200);
      }
      const eleventh = await forgot(`someone-else-${Date.now()}@example.com`, client);
      expect(eleventh.statusCode).toBe(429);
      const counted = await t.database.db
        .select()
        .from(mailRequests)
        .where(eq(mailRequests.key, `reset:client:${client}`));
      expect(counted).toHaveLength(10);
    });
  });

  describe('address verification', () => {
    it('mails a link at sign-up that verifies the address once', async () => {
      const user = await signedInUser(t.app);
      const email = user.signup.email as string;
      expect(user.info.email_verified).toBe(false);
      const mail = await sink.waitFor(email, (m) => m.subject === VERIFY_SUBJECT);
      const token = tokenIn(mail, '/verify-email');

      const ok = await verify(token);
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toEqual({ detail: `Thank you: ${email} is confirmed.`, email });
      expect(json(await me(t.app, user.accessToken)).email_verified).toBe(true);
      const again = await verify(token);
      expect(again.statusCode).toBe(400);
      expect(json(again)).toEqual({ detail: LINK_UNUSABLE });
    });

    it('sends a signed-in user a new link on request, not once verified, and not over and over', async () => {
      const user = await signedInUser(t.app);
      const email = user.signup.email as string;
      const sendAgain = () =>
        t.app.inject({ method: 'POST', url: '/api/auth/users/me/send_verification', headers: user.auth });
      const first = await sendAgain();
      expect(first.statusCode).toBe(200);
      expect(json(first).detail).toBe(`We've sent a new link to ${email}. It works for 7 days.`);
      // The sign-up's link and this one.
      await t.mailer?.idle();
      await expect.poll(() => sink.to(email).filter((m) => m.subject === VERIFY_SUBJECT).length).toBe(2);
      expect((await sendAgain()).statusCode).toBe(200);
      expect((await sendAgain()).statusCode).toBe(200);
      expect((await sendAgain()).statusCode).toBe(429);

      const latest = sink
        .to(email)
        .filter((m) => m.subject === VERIFY_SUBJECT)
        .at(-1) as ReceivedMail;
      expect((await verify(tokenIn(latest, '/verify-email'))).statusCode).toBe(200);
      const done = await sendAgain();
      expect(done.statusCode).toBe(409);
      expect(json(done)).toEqual({ detail: ALREADY_VERIFIED });
    });

    it('a new address is unverified: the old one is told, the new one gets a link, old links are refused', async () => {
      const user = await signedInUser(t.app);
      const oldEmail = user.signup.email as string;
      const oldLink = tokenIn(
        await sink.waitFor(oldEmail, (m) => m.subject === VERIFY_SUBJECT),
        '/verify-email',
      );
      const newEmail = `moved-${Date.now()}@example.com`;
      const edit = await t.app.inject({
        method: 'POST',
        url: '/api/auth/users/me/edit_profile',
        headers: user.auth,
        payload: { email: newEmail },
      });
      expect(edit.statusCode).toBe(200);
      expect(json(edit)).toMatchObject({ email: newEmail, email_verified: false });

      const notice = await sink.waitFor(
        oldEmail,
        (m) => m.subject === 'Your Easio e-mail address was changed',
      );
      expect(notice.text).toContain(`from ${oldEmail} to ${newEmail}`);
      const newLink = tokenIn(
        await sink.waitFor(newEmail, (m) => m.subject === VERIFY_SUBJECT),
        '/verify-email',
      );
      const stale = await verify(oldLink);
      expect(stale.statusCode).toBe(400);
      expect(json(stale)).toEqual({ detail: LINK_FOR_OLD_ADDRESS });
      expect((await verify(newLink)).statusCode).toBe(200);
      expect(json(await me(t.app, user.accessToken)).email_verified).toBe(true);
    });

    it('tells the user when their password was changed in the profile', async () => {
      const user = await signedInUser(t.app);
      const email = user.signup.email as string;
      const edit = await t.app.inject({
        method: 'POST',
        url: '/api/auth/users/me/edit_profile',
        headers: user.auth,
        payload: { hashed_password: PASSWORD, current_password: NEW_PASSWORD },
      });
      expect(edit.statusCode).toBe(200);
      const notice = await sink.waitFor(email, (m) => m.subject === 'Your Easio password was changed');
      expect(notice.text).toContain(user.signup.username as string);
    });
  });
});

describe.each(DB_KINDS)('sign-in that waits for a verified address on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, PUBLIC_URL, REQUIRE_VERIFIED_EMAIL: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('refuses the right password until the address is verified, with a way to get a new link', async () => {
    const config = json(await t.app.inject({ method: 'GET', url: '/api/config' }));
    expect(config.mail).toEqual({ configured: true, require_verified_email: true });
    const signup = newSignup();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup })).statusCode,
    ).toBe(200);
    const email = signup.email as string;
    const refused = await signIn(t.app, email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ detail: EMAIL_UNVERIFIED });
    // A wrong password is only wrong: nothing about the address.
    expect((await signIn(t.app, email, 'wrong-pass1!')).statusCode).toBe(401);

    const resend = (login: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email/resend',
        payload: { login },
        remoteAddress: nextClient(),
      });
    const mine = await resend(signup.username as string);
    const nobody = await resend(`nobody-${Date.now()}`);
    expect(json(mine)).toEqual({ detail: VERIFICATION_LINK_RESENT });
    expect(nobody.body).toBe(mine.body);
    await t.mailer?.idle();
    const links = sink.to(email).filter((m) => m.subject === VERIFY_SUBJECT);
    expect(links).toHaveLength(2);

    const ok = await verify(tokenIn(links[1] as ReceivedMail, '/verify-email'));
    expect(ok.statusCode).toBe(200);
    expect((await signIn(t.app, email, PASSWORD)).statusCode).toBe(200);
  });

  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token } });
});

describe.each(DB_KINDS)('a server without mail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('says to ask the operator for a reset, and that it sends no links', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: user.signup.email },
    });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ detail: NO_MAIL_FOR_RESET });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/me/send_verification',
      headers: user.auth,
    });
    expect(again.statusCode).toBe(503);
    expect(json(again)).toEqual({ detail: NO_MAIL });
    expect(await t.database.db.select().from(emailTokens)).toEqual([]);
  });
});

describe.each(DB_KINDS)('a mail server that refuses the message on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink({ auth: SMTP_USER });
    const wrong = sink.url.replace(encodeURIComponent(SMTP_USER.pass), 'wrong');
    t = await buildTestApp(kind, { env: { SMTP_URL: wrong, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('tells a signed-in user who asked for a link, and still signs up and answers resets', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/me/send_verification',
      headers: user.auth,
    });
    expect(res.statusCode).toBe(502);
    expect(json(res)).toEqual({ detail: MAIL_REFUSED });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: user.signup.email },
    });
    expect(forgot.statusCode).toBe(200);
    await t.mailer?.idle();
    expect(sink.received).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, user.info.id as string)),
    ).toHaveLength(1);
  });
});
