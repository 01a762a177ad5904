import { randomInt } from 'node:crypto';
import { PASSWORD_MAX, passwordProblem } from '@easio/shared';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { hashPassword } from './passwords.js';
import { createUserRepository } from './repository.js';
import { createSessionStore } from './sessions.js';

const LETTERS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SIGNS = '@$!%*#?&';

/** 16 random characters with a letter, a digit and a sign, so sign-up's rule holds. */
export function randomPassword(): string {
  const all = LETTERS + DIGITS + SIGNS;
  const pick = (from: string) => from[randomInt(from.length)] as string;
  const chars = [pick(LETTERS), pick(DIGITS), pick(SIGNS), ...Array.from({ length: 13 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/** Whether `password` follows sign-up's rule (as trimmed, the way every form sends it). */
export const acceptablePassword = (password: string) =>
  password === password.trim() && password.length <= PASSWORD_MAX && passwordProblem(password) === null;

/**
 * The operator sets a user's password (the user forgot it and the server sends no mail): in one
 * transaction, the password changes, earlier tokens stop working and every sign-in ends. `login` is the
 * account's e-mail or username. Answers the user, or null when no account has that name.
 */
export async function resetPasswordAsOperator(
  db: Db,
  login: string,
  password: string,
): Promise<{ user: UserRow; endedSignIns: number } | null> {
  if (!acceptablePassword(password)) throw new Error('The password does not follow the password rule');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const users = createUserRepository(tx);
    const found = await users.findByLogin(login.trim());
    if (!found) return null;
    const sessions = createSessionStore(tx);
    const endedSignIns = (await sessions.list(found.id)).length;
    const user = await users.update(found.id, {}, passwordHash);
    await sessions.endAllBut(found.id, null);
    return { user, endedSignIns };
  });
}
