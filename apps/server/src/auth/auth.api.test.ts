import { MESSAGES } from '@easio/shared';
import { count, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { objects, users } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import {
  buildTestApp,
  form,
  json,
  newSignup,
  PASSWORD,
  signedInUser,
  type TestApp,
} from '../test/test-app.js';
import { hashPassword } from './passwords.js';

const USER_INFO_KEYS = [
  'dob',
  'dropbox_active',
  'email',
  'email_verified',
  'first_name',
  'gdrive_active',
  'gender',
  'gmail_active',
  'google_only',
  'id',
  'last_name',
  'onboarding_completed',
  'phone_number',
  'picture',
  'region',
  'root_folder',
  'username',
  'whatsapp_active',
];

describe.each(DB_KINDS)('auth calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;

  describe('POST /api/auth/signup', () => {
    it('creates the user with a root folder they own, and never answers the password', async () => {
      const signup = newSignup({ email: 'Mixed.Case@Example.COM' });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup });
      expect(res.statusCode).toBe(200);
      const info = json(res);
      expect(Object.keys(info).sort()).toEqual(USER_INFO_KEYS);
      expect(info).toMatchObject({
        username: signup.username,
        email: 'mixed.case@example.com',
        region: 'IN',
        gender: '',
      });
      expect(res.body).not.toContain('argon2');
      const [root] = await t.database.db
        .select()
        .from(objects)
        .where(eq(objects.id, info.root_folder as string));
      expect(root).toMatchObject({
        ownerId: info.id,
        dataType: 'root_object',
        parentId: null,
        source: 'easio',
      });
    });

    it('keeps the age confirmation with the account, and when it was given', async () => {
      const before = Date.now();
      for (const confirmation of ['adult', 'guardian'] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: newSignup({ age_confirmation: confirmation }),
        });
        expect(res.statusCode).toBe(200);
        const [row] = await t.database.db
          .select({ ageConfirmation: users.ageConfirmation, ageConfirmedAt: users.ageConfirmedAt })
          .from(users)
          .where(eq(users.id, json(res).id as string));
        expect(row?.ageConfirmation).toBe(confirmation);
        expect(row?.ageConfirmedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      }
    });

    it.each(['Correct-Horse-42', 'correct horse battery staple', 'Ünïcödé-Pässwörd9'])(
      'accepts the password %j, which then signs in',
      async (password) => {
        const signup = newSignup({ hashed_password: password });
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup });
        expect(res.statusCode).toBe(200);
        const token = await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          ...form({ username: signup.username as string, password }),
        });
        expect(token.statusCode).toBe(200);
      },
    );

    it('keeps accounts made before the age question and the new password rule working', async () => {
      const { signup, info } = await signedInUser(t.app);
      // As such an account is stored: no confirmation, and a password the earlier rule allowed.
      await t.database.db
        .update(users)
        .set({ ageConfirmation: null, ageConfirmedAt: null, passwordHash: await hashPassword('secret12#') })
        .where(eq(users.id, info.id as string));
      const token = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        ...form({ username: signup.email as string, password: 'secret12#' }),
      });
      expect(token.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${json(token).access_token}` };
      const edited = await t.app.inject({
        method: 'POST',
        url: '/api/auth/users/me/edit_profile',
        headers: auth,
        payload: { first_name: 'Old' },
      });
      expect(edited.statusCode).toBe(200);
      expect(json(edited).first_name).toBe('Old');
    });

    it('answers 409 for an e-mail or username already taken, whatever its case', async () => {
      const first = newSignup();
      await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: first });
      const before = await userCount();
      const sameEmail = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: newSignup({ email: (first.email as string).toUpperCase() }),
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(json(sameEmail)).toEqual({ detail: 'An account with this email already exists' });
      const sameName = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: newSignup({ username: (first.username as string).toUpperCase() }),
      });
      expect(sameName.statusCode).toBe(409);
      expect(json(sameName)).toEqual({ detail: 'This username is taken' });
      expect(await userCount()).toBe(before);
    });

    it.each([
      [
        { hashed_password: 'weakpass' },
        'Needs 12 or more characters, or else an uppercase letter, a digit and a symbol',
      ],
      [
        { hashed_password: 'short1!' },
        'Needs 12 or more characters, or else 8 or more characters and an uppercase letter',
      ],
      [{ age_confirmation: undefined }, MESSAGES.ageConfirmationRequired],
      [{ age_confirmation: 'over13' }, MESSAGES.ageConfirmationRequired],
      [{ age_confirmation: true }, MESSAGES.ageConfirmationRequired],
      [{ username: '' }, 'username required'],
      [{ email: '' }, 'email required'],
      [{ email: 'not-an-email' }, 'email must be a valid email'],
      [{ region: 'ZZ' }, 'Choose a country from the list'],
      [{ is_admin: true }, 'Unrecognized key: "is_admin"'],
    ])('refuses %j with 422 and the rule message, creating nothing', async (change, detail) => {
      const before = await userCount();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup(change) });
      expect(res.statusCode).toBe(422);
      expect(json(res).detail).toBe(detail);
      expect(await userCount()).toBe(before);
    });

    it('answers 422 listing every missing field', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {} });
      expect(res.statusCode).toBe(422);
      const paths = (json(res).errors as { path: string }[]).map((e) => e.path).sort();
      expect(paths).toEqual(['age_confirmation', 'email', 'hashed_password', 'username']);
    });

    it('refuses malformed JSON, a wrong content type and a body over 1 MB with a 4xx detail', async () => {
      const before = await userCount();
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: '{"username": "ann",',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.statusCode).toBe(400);
      expect(json(broken)).toEqual({ detail: 'The body is not valid JSON' });
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: 'username=ann',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.statusCode).toBe(415);
      expect(typeof json(text).detail).toBe('string');
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: JSON.stringify(newSignup({ username: 'x'.repeat(1024 * 1024 + 10) })),
        headers: { 'content-type': 'application/json' },
      });
      expect(huge.statusCode).toBe(413);
      expect(json(huge)).toEqual({ detail: 'The body is too large' });
      expect(await userCount()).toBe(before);
    });

    it('is one transaction with the root folder: no user is left when the folder cannot be made', async () => {
      await t.database.db.execute(sql`
        CREATE FUNCTION refuse_roots() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'no root folders today'; END $$`);
      await t.database.db.execute(
        sql`CREATE TRIGGER refuse_roots BEFORE INSERT ON objects FOR EACH ROW EXECUTE FUNCTION refuse_roots()`,
      );
      try {
        const before = await userCount();
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
        expect(res.statusCode).toBe(500);
        expect(json(res)).toEqual({ detail: 'Sorry, Something went wrong' });
        expect(await userCount()).toBe(before);
      } finally {
        await t.database.db.execute(sql`DROP TRIGGER refuse_roots ON objects`);
        await t.database.db.execute(sql`DROP FUNCTION refuse_roots()`);
      }
    });
  });

  describe('POST /api/auth/token', () => {
    it('signs in by e-mail or username in any case, url-encoded or multipart, with the spec claims', async () => {
      const { signup, info } = await signedInUser(t.app);
      for (const username of [
        signup.email as string,
        (signup.username as string).toUpperCase(),
        ` ${signup.email} `,
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          ...form({ username, password: PASSWORD }),
        });
        expect(res.statusCode).toBe(200);
        const body = json(res);
        expect(body.token_type).toBe('bearer');
        const claims = decodeJwt(body.access_token as string);
        expect(claims).toMatchObject({ sub: signup.email, user_id: info.id, root_folder: info.root_folder });
        expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
      }
      const boundary = 'easioboundary';
      const multipart = [
        `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${signup.username}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${PASSWORD}\r\n`,
        `--${boundary}--\r\n`,
      ].join('');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: multipart,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers 401 with the same detail for a wrong password and an unknown account', async () => {
      const { signup } = await signedInUser(t.app);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        ...form({ username: signup.email as string, password: 'wrong123!' }),
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        ...form({ username: 'nobody@example.com', password: PASSWORD }),
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(json(wrong)).toEqual({ detail: 'Incorrect username or password' });
      expect(json(unknown)).toEqual(json(wrong));
    });

    it('answers 422 when a field is missing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        ...form({ username: 'ann' }),
      });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('the sign-in throttle', () => {
    let nextAddress = 0;
    /** A client address no other test uses. */
    const freshAddress = () => {
      nextAddress += 1;
      return `10.${kind === 'pglite' ? 20 : 21}.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
    };
    const signIn = (username: string, password: string, address: string, device?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        remoteAddress: address,
        ...(device ? { cookies: { easio_device: device } } : {}),
        ...form({ username, password }),
      });
    const deviceOf = (res: Awaited<ReturnType<typeof signIn>>) =>
      res.cookies.find((c) => c.name === 'easio_device');
    const statuses = (answers: { statusCode: number }[]) => {
      const tally: Record<number, number> = {};
      for (const { statusCode } of answers) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
      return tally;
    };
    /** The recorded failures become older, as if that time had passed. */
    const timePasses = (seconds: number) =>
      t.database.db.execute(
        sql`UPDATE login_failures SET failed_at = failed_at - make_interval(secs => ${seconds})`,
      );

    it('after 5 failures on one account from one address, that address waits, told how long', async () => {
      const { signup } = await signedInUser(t.app);
      const address = freshAddress();
      for (let i = 0; i < 5; i += 1) {
        expect((await signIn(signup.username as string, `wrong${i}!aa`, address)).statusCode).toBe(401);
      }
      const blocked = await signIn(signup.email as string, PASSWORD, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('1');
      expect(json(blocked)).toEqual({ detail: 'Too many failed sign-in attempts. Try again in 1 second.' });
    });

    it('lets exactly 5 of 100 parallel guesses from one address reach a check; the user signs in from elsewhere', async () => {
      const { signup } = await signedInUser(t.app);
      const attacker = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => signIn(signup.username as string, `wrong${i}!aa`, attacker)),
      );
      expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
      expect((await signIn(signup.email as string, PASSWORD, attacker)).statusCode).toBe(429);
      expect((await signIn(signup.email as string, PASSWORD, freshAddress())).statusCode).toBe(200);
    });

    it('backs off exponentially, from 1 s doubling to 15 minutes', async () => {
      const { signup } = await signedInUser(t.app);
      const address = freshAddress();
      for (let i = 0; i < 5; i += 1) await signIn(signup.username as string, `wrong${i}!aa`, address);
      const waits: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const blocked = await signIn(signup.username as string, PASSWORD, address);
        expect(blocked.statusCode).toBe(429);
        const wait = Number(blocked.headers['retry-after']);
        waits.push(wait);
        await timePasses(wait);
        expect((await signIn(signup.username as string, `again${i}!aa`, address)).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
      expect(json(await signIn(signup.username as string, PASSWORD, address)).detail).toBe(
        'Too many failed sign-in attempts. Try again in 15 minutes.',
      );
      // Once the wait is over, the right password gets in, and the pair starts afresh.
      await timePasses(900);
      expect((await signIn(signup.username as string, PASSWORD, address)).statusCode).toBe(200);
      expect((await signIn(signup.username as string, 'wrong!aa1', address)).statusCode).toBe(401);
      expect((await signIn(signup.username as string, PASSWORD, address)).statusCode).toBe(200);
    });

    it('sets a device cookie at sign-in, kept by the same browser and never taken from elsewhere', async () => {
      const { signup } = await signedInUser(t.app);
      const first = await signIn(signup.email as string, PASSWORD, freshAddress());
      const cookie = deviceOf(first);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(cookie?.maxAge).toBe(400 * 24 * 60 * 60);
      const again = await signIn(signup.email as string, PASSWORD, freshAddress(), cookie?.value);
      expect(deviceOf(again)?.value).toBe(cookie?.value);
      const forged = 'A'.repeat(43);
      const made = await signIn(signup.email as string, PASSWORD, freshAddress(), forged);
      expect(deviceOf(made)?.value).not.toBe(forged);
      const rows = await queryRows<{ device_hash: string | null }>(
        t.database.db,
        sql`SELECT device_hash FROM sessions s JOIN users u ON u.id = s.owner_id WHERE u.username = ${signup.username as string}`,
      );
      // Only hashes are stored: signedInUser's sign-in (a device of its own), two on the first device, one on the new.
      expect(rows.filter((r) => r.device_hash === null)).toHaveLength(0);
      expect(new Set(rows.map((r) => r.device_hash)).size).toBe(3);
      expect(rows.some((r) => r.device_hash === cookie?.value)).toBe(false);
    });

    it('holds an account guessed from many addresses, but not the devices it signed in on', async () => {
      const { signup } = await signedInUser(t.app);
      const device = deviceOf(await signIn(signup.email as string, PASSWORD, freshAddress()))?.value;
      // One guess from each of 12 addresses: 10 addresses are let through, then the account waits.
      const spread = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          signIn(signup.username as string, `wrong${i}!aa`, freshAddress()),
        ),
      );
      expect(statuses(spread)).toEqual({ 401: 10, 429: 2 });
      const elsewhere = freshAddress();
      expect((await signIn(signup.email as string, PASSWORD, elsewhere)).statusCode).toBe(429);
      expect((await signIn(signup.email as string, PASSWORD, elsewhere, 'B'.repeat(43))).statusCode).toBe(
        429,
      );
      const known = await signIn(signup.email as string, PASSWORD, elsewhere, device);
      expect(known.statusCode).toBe(200);
      expect(deviceOf(known)?.value).toBe(device);
      // The device is throttled on its own key: holding its cookie is no licence to guess.
      for (let i = 0; i < 5; i += 1) {
        expect((await signIn(signup.email as string, `wrong${i}!bb`, elsewhere, device)).statusCode).toBe(
          401,
        );
      }
      expect((await signIn(signup.email as string, PASSWORD, elsewhere, device)).statusCode).toBe(429);
    });

    it('throttles one address guessing across many accounts, except for devices known to the account', async () => {
      const { signup } = await signedInUser(t.app);
      const shared = freshAddress();
      const device = deviceOf(await signIn(signup.email as string, PASSWORD, shared))?.value;
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => signIn(`guess${i}_${kind}@example.com`, PASSWORD, shared)),
      );
      expect(statuses(answers)).toEqual({ 401: 20, 429: 5 });
      expect((await signIn(signup.email as string, PASSWORD, shared)).statusCode).toBe(429);
      expect((await signIn(signup.email as string, PASSWORD, shared, device)).statusCode).toBe(200);
      expect((await signIn(signup.email as string, PASSWORD, freshAddress())).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/users/me/', () => {
    it('answers the user info fields, never the password hash', async () => {
      const { auth, info } = await signedInUser(t.app);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: auth });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual(info);
      expect(res.body).not.toMatch(/password/);
    });

    it('answers 401 without a token, with a forged one, or with one signed by another secret', async () => {
      const { accessToken } = await signedInUser(t.app);
      const [head, body] = accessToken.split('.');
      for (const headers of [
        {},
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${head}.${body}.forged` },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers });
        expect(res.statusCode).toBe(401);
        expect(json(res)).toEqual({ detail: 'Not authenticated' });
      }
    });

    it('also answers without the trailing slash', async () => {
      const { auth } = await signedInUser(t.app);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/users/me', headers: auth });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/users/me/edit_profile', () => {
    const edit = (auth: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/users/me/edit_profile', headers: auth, payload });

    it('refuses a date of birth under 18 without a parent or guardian consenting, and takes it with', async () => {
      const { auth, info } = await signedInUser(t.app);
      const minor = `${new Date().getUTCFullYear() - 12}-03-04`;
      const refused = await edit(auth, { dob: minor });
      expect(refused.statusCode).toBe(422);
      expect(json(refused).detail).toBe(MESSAGES.underAge);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: auth });
      expect(json(me).dob).toBe(info.dob);
      const consented = await edit(auth, { dob: minor, guardian_consent: true });
      expect(consented.statusCode).toBe(200);
      expect(json(consented).dob).toBe(minor);
    });

    it('updates the fields and answers the new info; read-only fields are ignored', async () => {
      const { auth, info } = await signedInUser(t.app);
      const res = await edit(auth, {
        ...info,
        first_name: 'Ann',
        last_name: 'Lee',
        gender: 'female',
        dob: '1990-05-17',
        root_folder: '00000000-0000-4000-8000-000000000000',
        whatsapp_active: true,
      });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({
        ...info,
        first_name: 'Ann',
        last_name: 'Lee',
        gender: 'female',
        dob: '1990-05-17',
      });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: auth });
      expect(json(me).first_name).toBe('Ann');
    });

    it('stores HTML and SQL in text fields verbatim', async () => {
      const { auth } = await signedInUser(t.app);
      const html = '<script>alert(1)</script>';
      const sqlText = "Robert'); DROP TABLE users;--";
      const res = await edit(auth, { first_name: html, last_name: sqlText });
      expect(json(res)).toMatchObject({ first_name: html, last_name: sqlText });
      expect(await userCount()).toBeGreaterThan(0);
    });

    it('refuses a username or e-mail someone else has, with 409', async () => {
      const other = await signedInUser(t.app);
      const { auth } = await signedInUser(t.app);
      expect((await edit(auth, { username: other.signup.username })).statusCode).toBe(409);
      const res = await edit(auth, { email: (other.signup.email as string).toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ detail: 'An account with this email already exists' });
    });

    it('changes the password only with the right current one, and retires earlier tokens', async () => {
      const { auth, signup } = await signedInUser(t.app);
      const wrong = await edit(auth, { hashed_password: 'nothis12!', current_password: 'Newpass12!' });
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong).detail).toBe('Current password is incorrect');
      const weak = await edit(auth, { hashed_password: PASSWORD, current_password: 'weak' });
      expect(weak.statusCode).toBe(422);
      expect(json(weak).detail).toBe(
        'Needs 12 or more characters, or else 8 or more characters, an uppercase letter, a digit and a symbol',
      );

      await new Promise((r) => setTimeout(r, 1000)); // token iat has 1 s resolution
      const ok = await edit(auth, { hashed_password: PASSWORD, current_password: 'Newpass12!' });
      expect(ok.statusCode).toBe(200);
      const stale = await t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: auth });
      expect(stale.statusCode).toBe(401);
      const login = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          ...form({ username: signup.email as string, password }),
        });
      expect((await login(PASSWORD)).statusCode).toBe(401);
      expect((await login('Newpass12!')).statusCode).toBe(200);
    });

    it('signs out every device: earlier tokens stop working, the new one for this device works', async () => {
      const { auth, signup } = await signedInUser(t.app);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        ...form({ username: signup.email as string, password: PASSWORD }),
      });
      const otherAuth = { authorization: `Bearer ${(json(other) as { access_token: string }).access_token}` };
      await new Promise((r) => setTimeout(r, 1000)); // token iat has 1 s resolution
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/users/me/sign_out_everywhere',
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      const fresh = { authorization: `Bearer ${(json(res) as { access_token: string }).access_token}` };
      const me = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers });
      expect((await me(auth)).statusCode).toBe(401);
      expect((await me(otherAuth)).statusCode).toBe(401);
      expect((await me(fresh)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/users/me/sign_out_everywhere' })).statusCode,
      ).toBe(401);
    });

    it('lists where the user is signed in, and signs out one device, never another user’s', async () => {
      const { auth, signup } = await signedInUser(t.app);
      const stranger = await signedInUser(t.app);
      const signInFrom = async (agent: string) => {
        const body = form({ username: signup.email as string, password: PASSWORD });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: body.payload,
          headers: { ...body.headers, 'user-agent': agent },
        });
        return { authorization: `Bearer ${(json(res) as { access_token: string }).access_token}` };
      };
      const phone = await signInFrom('Phone browser/1.0');
      const laptop = await signInFrom('Laptop browser/2.0');
      const list = async (headers: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url: '/api/auth/users/me/sessions', headers })).json() as {
          id: string;
          user_agent: string;
          current: boolean;
        }[];
      const seen = await list(laptop);
      expect(seen).toHaveLength(3);
      expect(seen.find((s) => s.current)?.user_agent).toBe('Laptop browser/2.0');
      const phoneSession = seen.find((s) => s.user_agent === 'Phone browser/1.0');
      const end = (headers: Record<string, string>, id: string) =>
        t.app.inject({ method: 'POST', url: `/api/auth/users/me/sessions/${id}/end`, headers });
      expect((await end(stranger.auth, phoneSession?.id as string)).statusCode).toBe(404);
      expect((await end(laptop, phoneSession?.id as string)).statusCode).toBe(200);
      expect((await end(laptop, phoneSession?.id as string)).statusCode).toBe(404);
      const me = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers });
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await me(auth)).statusCode).toBe(200);
      expect((await list(laptop)).map((s) => s.user_agent).sort()).toEqual([
        'Laptop browser/2.0',
        'lightMyRequest',
      ]);
      // A new password ends every sign-in.
      await new Promise((r) => setTimeout(r, 1000)); // token iat has 1 s resolution
      await edit(laptop, { hashed_password: PASSWORD, current_password: 'Newpass12!' });
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(auth)).statusCode).toBe(401);
    });

    it('refuses fields that are not user info, changing nothing', async () => {
      const { auth, info } = await signedInUser(t.app);
      const res = await edit(auth, { first_name: 'Changed', is_admin: true });
      expect(res.statusCode).toBe(422);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: auth });
      expect(json(me)).toEqual(info);
    });

    it('needs a token', async () => {
      expect((await edit({}, { first_name: 'x' })).statusCode).toBe(401);
    });
  });

  it('POST /api/auth/users/me/complete_onboarding marks the wizard finished', async () => {
    const { auth } = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/me/complete_onboarding',
      headers: auth,
    });
    expect(json(res).onboarding_completed).toBe(true);
  });
});
