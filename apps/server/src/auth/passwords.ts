import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Stored as the password of accounts made by Sign in with Google: no password ever matches it. */
export const NO_PASSWORD = '!google-sign-in';

export const hasPassword = (passwordHash: string) => passwordHash !== NO_PASSWORD;

let decoy: Promise<string> | undefined;

/** Spends the time a real check would, so an unknown account can't be told from a wrong password. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hash('decoy password that matches nothing');
  await verifyPassword(await decoy, password);
  return false;
}
