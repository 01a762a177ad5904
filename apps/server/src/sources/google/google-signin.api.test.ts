import { MESSAGES } from '@easio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sourceConnections, users } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { followToReturn } from '../../test/fake-google/follow.js';
import { FAKE_CLIENT, type FakeGoogle, startFakeGoogle } from '../../test/fake-google/server.js';
import {
  buildTestApp,
  form,
  PASSWORD,
  signedInUser,
  TEST_TOKEN_KEY,
  type TestApp,
} from '../../test/test-app.js';
import { createTokenCipher } from '../token-cipher.js';

const PUBLIC_URL = 'http://easio.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

describe.each(DB_KINDS)('Sign in with Google on %s', (kind) => {
  let google: FakeGoogle;
  let t: TestApp;
  let accounts = 0;

  beforeAll(async () => {
    google = await startFakeGoogle([CALLBACK]);
    t = await buildTestApp(kind, {
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: FAKE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: FAKE_CLIENT.secret,
        GOOGLE_ISSUER: google.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });
  beforeEach(() => {
    accounts += 1;
    google.controls.deny = false;
    google.controls.account = {
      sub: `${kind}-sub-${accounts}`,
      email: `grace.${kind}.${accounts}@example.com`,
      name: 'Grace Hopper',
      picture: 'https://pictures.example/grace.png',
    };
  });

  /** The browser's trip: Easio's sign-in address, the provider, back to Easio's callback; answers where Easio sends it. */
  async function signIn(redirectPath: 'login' | 'signup' = 'login', age = 'adult') {
    // The sign-up page sends its age confirmation along; the login page has none to send.
    const query = redirectPath === 'signup' ? `signup&age_confirmation=${age}` : 'login';
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/login?redirect_path=${query}` });
    expect(start.statusCode).toBe(302);
    const back = await followToReturn(String(start.headers.location), CALLBACK);
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.statusCode).toBe(302);
    return { done, location: new URL(String(done.headers.location), PUBLIC_URL), back };
  }

  it('creates the account on first sign-in and returns to the app with the session in the query', async () => {
    const { done, location } = await signIn();
    expect(done.headers['referrer-policy']).toBe('no-referrer');
    expect(location.pathname).toBe('/login');
    const q = location.searchParams;
    expect(q.get('token_type')).toBe('bearer');
    expect(q.get('name')).toBe('Grace Hopper');
    expect(q.get('email')).toBe(google.controls.account.email);
    expect(q.get('profile_picture')).toBe('https://pictures.example/grace.png');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/users/me',
      headers: { authorization: `Bearer ${q.get('access_token')}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: google.controls.account.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      region: null,
      gdrive_active: false,
    });
    expect(me.json<{ username: string }>().username).toMatch(/^grace\.hopper\d*$/);
    expect(me.json<{ root_folder: string | null }>().root_folder).toBeTruthy();

    // Signing in again is the same account, not a second one; the wizard's return path is kept.
    const again = await signIn('signup');
    expect(again.location.pathname).toBe('/signup');
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, google.controls.account.email));
    expect(rows).toHaveLength(1);
  });

  it('keeps the age confirmation of a Google sign-up, and refuses a sign-up without one', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/login?redirect_path=signup' });
    const bounced = new URL(String(refused.headers.location), PUBLIC_URL);
    expect(bounced.pathname).toBe('/signup');
    expect(bounced.searchParams.get('error')).toBe(MESSAGES.ageConfirmationRequired);

    const { location } = await signIn('signup', 'guardian');
    expect(location.searchParams.get('access_token')).toBeTruthy();
    const [row] = await t.database.db
      .select({ ageConfirmation: users.ageConfirmation, ageConfirmedAt: users.ageConfirmedAt })
      .from(users)
      .where(eq(users.email, google.controls.account.email));
    expect(row?.ageConfirmation).toBe('guardian');
    expect(row?.ageConfirmedAt).toBeInstanceOf(Date);
  });

  it('gives a second person of the same name a username of their own', async () => {
    const first = await signIn();
    google.controls.account = {
      ...google.controls.account,
      sub: `${kind}-other-${accounts}`,
      email: `other.${kind}.${accounts}@example.com`,
    };
    const second = await signIn();
    const names = await Promise.all(
      [first, second].map(async ({ location }) => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/auth/users/me',
          headers: { authorization: `Bearer ${location.searchParams.get('access_token')}` },
        });
        return res.json<{ username: string }>().username;
      }),
    );
    expect(new Set(names).size).toBe(2);
  });

  it('refuses an e-mail already registered with a password, creating and changing nothing', async () => {
    const existing = await signedInUser(t.app);
    google.controls.account.email = existing.signup.email as string;
    const { location } = await signIn();
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toMatch(/already exists\. Sign in with your password/);
    expect(location.searchParams.get('access_token')).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, existing.signup.email as string));
    expect(row?.googleSub).toBeNull();
  });

  it('lets an account made with Google set a first password, and erase itself by typing its e-mail', async () => {
    const { location } = await signIn();
    const auth = { authorization: `Bearer ${location.searchParams.get('access_token')}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/users/me', headers: auth });
    expect(me.json()).toMatchObject({ google_only: true });
    // No password signs in to it.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ username: google.controls.account.email, password: '!google-sign-in' }),
    });
    expect(guess.statusCode).toBe(401);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: auth,
      payload: { password: 'someone@else.example' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: 'Type the e-mail address of this account to confirm' });

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/me/edit_profile',
      headers: auth,
      payload: { current_password: PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ google_only: false });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...form({ username: google.controls.account.email, password: PASSWORD }),
    });
    expect(token.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` };

    // Now the password is what erases it.
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: fresh,
      payload: { password: google.controls.account.email },
    });
    expect(byEmail.statusCode).toBe(400);
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: fresh,
      payload: { password: PASSWORD },
    });
    expect(erased.statusCode).toBe(200);
  });

  it('erases an account made with Google by its e-mail, revoking its connected sources at Google', async () => {
    const { location } = await signIn();
    const auth = { authorization: `Bearer ${location.searchParams.get('access_token')}` };
    const userId = (await t.app.inject({ method: 'GET', url: '/api/auth/users/me', headers: auth })).json<{
      id: string;
    }>().id;
    await t.database.db.insert(sourceConnections).values({
      ownerId: userId,
      service: 'gdrive',
      tokens: createTokenCipher(TEST_TOKEN_KEY).seal({
        access_token: 'at-1',
        refresh_token: 'rt-1',
        expires_at: null,
      }),
    });
    const before = google.requests.length;
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: auth,
      payload: { password: ` ${google.controls.account.email.toUpperCase()} ` },
    });
    expect(erased.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(google.requests.slice(before)).toContainEqual(expect.stringMatching(/^POST \/token\/revocation/));
  });

  it('refuses a replayed state, a denied consent and an unverified e-mail', async () => {
    const { back } = await signIn();
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(new URL(String(replay.headers.location), PUBLIC_URL).searchParams.get('error')).toMatch(
      /expired or was already used/,
    );
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?state=forged&code=x',
    });
    expect(new URL(String(forged.headers.location), PUBLIC_URL).searchParams.get('error')).toMatch(
      /expired or was already used/,
    );

    google.controls.deny = true;
    const denied = await signIn('signup');
    expect(denied.location.pathname).toBe('/signup');
    expect(denied.location.searchParams.get('error')).toBe(
      'Google access was not granted, so nothing was connected',
    );

    google.controls.deny = false;
    google.controls.account = { ...google.controls.account, sub: `${kind}-unverified`, emailVerified: false };
    const unverified = await signIn();
    expect(unverified.location.searchParams.get('error')).toMatch(/has not verified this e-mail/);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.googleSub, `${kind}-unverified`));
    expect(rows).toEqual([]);
  });
});
