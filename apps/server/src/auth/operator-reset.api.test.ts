import { passwordProblem } from '@easio/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, form, PASSWORD, signedInUser, type TestApp } from '../test/test-app.js';
import { acceptablePassword, randomPassword, resetPasswordAsOperator } from './operator-reset.js';

describe('random passwords for the operator to hand out', () => {
  it('follow the password rule and differ', () => {
    const made = Array.from({ length: 200 }, randomPassword);
    for (const p of made) {
      expect(passwordProblem(p)).toBeNull();
      expect(acceptablePassword(p)).toBe(true);
    }
    expect(new Set(made).size).toBe(200);
  });
});

describe.each(DB_KINDS)("the operator's password reset on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (login: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/token', ...form({ username: login, password }) });

  it('sets the password of the account by e-mail or username and ends all its sign-ins', async () => {
    const user = await signedInUser(t.app);
    const email = user.signup.email as string;
    await signIn(email, PASSWORD);
    const done = await resetPasswordAsOperator(t.database.db, email.toUpperCase(), 'Operator-set1!');
    expect(done?.user.id).toBe(user.info.id);
    expect(done?.endedSignIns).toBe(2);
    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.ownerId, user.info.id as string), isNull(sessions.endedAt)));
    expect(open).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers: user.auth });
    expect(me.statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.signup.username as string, 'Operator-set1!')).statusCode).toBe(200);
  });

  it('finds no account for an unknown name, and refuses a password against the rule', async () => {
    expect(await resetPasswordAsOperator(t.database.db, 'nobody@example.com', 'Operator-set1!')).toBeNull();
    const user = await signedInUser(t.app);
    await expect(
      resetPasswordAsOperator(t.database.db, user.signup.email as string, 'short'),
    ).rejects.toThrow(/password rule/);
    expect((await signIn(user.signup.email as string, PASSWORD)).statusCode).toBe(200);
  });
});
